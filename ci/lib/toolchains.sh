# Host toolchains of the matrix (ci/matrix --toolchains): compiler x
# optimisation level x sanitizer, each a column `host-<toolchain>` next to the
# cross targets. This table is the only place a toolchain is described.
# shellcheck shell=bash

# toolchain_table: NAME|COMPILER|FLAGS|SANITIZE, one line per toolchain.
# gcc 12 at -O2 is the `host` column itself, so it has no line here.
# `native` is -O2 -march=native: on this kind of CPU (POPCNT, BMI1, LZCNT)
# the builtins become popcnt/tzcnt/lzcnt; the oldest and newest compiler
# are enough to show it. The sanitize column is clang 19 (ASan + UBSan, every
# finding fatal): its UBSan has -fsanitize=builtin, which catches
# __builtin_ctz(0)/__builtin_clz(0); gcc 12 has no such check.
toolchain_table() {
  cat <<'EOF'
gcc12-O0|g++-12|-O0|OFF
gcc12-O3|g++-12|-O3|OFF
gcc12-native|g++-12|-O2 -march=native|OFF
clang14-O0|clang++-14|-O0|OFF
clang14-O2|clang++-14|-O2|OFF
clang14-O3|clang++-14|-O3|OFF
clang16-O0|clang++-16|-O0|OFF
clang16-O2|clang++-16|-O2|OFF
clang16-O3|clang++-16|-O3|OFF
clang19-O0|clang++-19|-O0|OFF
clang19-O2|clang++-19|-O2|OFF
clang19-O3|clang++-19|-O3|OFF
clang19-native|clang++-19|-O2 -march=native|OFF
sanitize-clang19|clang++-19|-O1 -fsanitize=builtin|ON
EOF
}

# m32 is not a host build: Debian's g++-multilib has no i386 GoogleTest or
# RapidCheck next to it, while the i686 target (toolchains/i686.cmake, run
# under qemu-i386) already builds both. `--toolchains m32` runs that target.
M32_TARGET=i686

all_toolchains() { toolchain_table | cut -d'|' -f1; echo m32; }

# toolchain_field NAME N: field N (2 compiler, 3 flags, 4 sanitize) of NAME.
toolchain_field() { toolchain_table | awk -F'|' -v n="$1" -v f="$2" '$1 == n { print $f }'; }

# toolchain_packages NAME: the Debian packages NAME's build needs (ci/matrix
# installs them; all are in Debian 12's main archive).
toolchain_packages() {
  local cxx
  [ "$1" = m32 ] && { target_packages "$M32_TARGET"; return; }
  cxx=$(toolchain_field "$1" 2)
  case $cxx in
    clang++-*) echo "clang-${cxx#clang++-} libclang-rt-${cxx#clang++-}-dev" ;;  # rt: the sanitizers
    *) echo "$cxx" ;;
  esac
  echo libgtest-dev librapidcheck-dev
}

# toolchain_missing_tool NAME: why NAME cannot be built here, nothing if it can.
toolchain_missing_tool() {
  local cxx
  [ "$1" = m32 ] && { target_missing_tool "$M32_TARGET"; return; }
  cxx=$(toolchain_field "$1" 2)
  command -v "$cxx" >/dev/null || echo "$cxx not installed (packages: $(toolchain_packages "$1" | tr '\n' ' '))"
}

# toolchain_cmake_args NAME: the cache settings of NAME's host build, one per line.
toolchain_cmake_args() {
  local cxx
  cxx=$(toolchain_field "$1" 2)
  echo "-DCMAKE_CXX_COMPILER=$cxx"
  # C candidates: the same compiler's C driver (g++-12 -> gcc-12, clang++-14 -> clang-14).
  cxx=${cxx/clang++/clang}
  echo "-DCMAKE_C_COMPILER=${cxx/g++/gcc}"
  echo "-DCMAKE_BUILD_TYPE=RelWithDebInfo"
  echo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=$(toolchain_field "$1" 3) -DNDEBUG"
  echo "-DSCANPROOF_SANITIZE=$(toolchain_field "$1" 4)"
}

# toolchain_flags NAME: how NAME's column was built, for the report.
toolchain_flags() {
  echo "$(toolchain_field "$1" 3)$([ "$(toolchain_field "$1" 4)" = ON ] && echo ' ASan+UBSan')"
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
