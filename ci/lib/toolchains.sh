# Host toolchain columns of the matrix (ci/matrix --toolchains), for ci/setup:
# the rows of toolchains/host-toolchains.txt (NAME|COMPILER|FLAGS|SANITIZE),
# the one place a toolchain is described; ci/matrixjob/targets.py reads the
# same file for the builds.
# shellcheck shell=bash

_toolchain_rows() { grep -v '^#' toolchains/host-toolchains.txt | grep .; }

all_toolchains() { _toolchain_rows | cut -d'|' -f1; }

# toolchain_packages NAME: the Debian packages NAME's build needs (ci/setup
# installs them; all are in Debian 12's main archive). A row whose compiler is
# @<target> (m32) is that cross target's job.
toolchain_packages() {
  local cxx
  cxx=$(_toolchain_rows | awk -F'|' -v n="$1" '$1 == n { print $2 }')
  case $cxx in
    @*) target_packages "${cxx#@}" ;;
    clang++-*) echo "clang-${cxx#clang++-} libclang-rt-${cxx#clang++-}-dev libgtest-dev librapidcheck-dev" ;;  # rt: the sanitizers
    *) echo "$cxx libgtest-dev librapidcheck-dev" ;;
  esac
}

# select_toolchains LIST: checks a comma-separated list (`all` = every one)
# and prints one per line; an unknown name is an error listing the known ones.
select_toolchains() {
  local t
  [ "$1" = all ] && { all_toolchains; return; }
  for t in ${1//,/ }; do
    case " $(all_toolchains | tr '\n' ' ') " in *" $t "*) ;; *) die "unknown toolchain '$t' (known: all $(all_toolchains | tr '\n' ' '))" ;; esac
    echo "$t"
  done
}
