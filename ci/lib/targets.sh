# Targets of the cross-architecture matrix, for ci/setup and ci/matrix:
# `host` (no toolchain file) plus one per toolchains/<target>.cmake. The
# toolchain file is the only place a target is described; these read it.
# shellcheck shell=bash

# all_targets: host, then every toolchain file's name, sorted.
all_targets() {
  echo host
  local f
  for f in toolchains/*.cmake; do f=${f##*/}; echo "${f%.cmake}"; done | sort
}

is_target() { case " $(all_targets | tr "\n" " ") " in *" $1 "*) return 0 ;; esac; return 1; }

# toolchain_var TARGET VAR: the value a toolchain file gives VAR with set(VAR value).
toolchain_var() {
  [ "$1" = host ] && return 0
  sed -n "s/^set($2 \"\{0,1\}\([^\")]*\)\"\{0,1\})\$/\1/p" "toolchains/$1.cmake"
}

# target_packages TARGET: the Debian packages the target needs (multiarch
# GoogleTest/RapidCheck where Debian has the architecture).
target_packages() {
  local triple arch
  [ "$1" = host ] && { echo g++ libgtest-dev librapidcheck-dev; return; }
  triple=$(toolchain_var "$1" SCANPROOF_TRIPLE)
  arch=$(toolchain_var "$1" SCANPROOF_DEBIAN_ARCH)
  echo qemu-user ${triple:+g++-$triple} ${arch:+libgtest-dev:$arch librapidcheck-dev:$arch}
}

# target_missing_tool TARGET: prints why the target cannot be built and run
# here (a missing compiler or emulator), nothing if it can.
target_missing_tool() {
  local triple qemu
  [ "$1" = host ] && { command -v g++ >/dev/null || echo "g++ not installed"; return; }
  triple=$(toolchain_var "$1" SCANPROOF_TRIPLE)
  qemu=$(toolchain_var "$1" SCANPROOF_QEMU)
  if [ -n "$triple" ] && ! command -v "$triple-g++" >/dev/null; then
    echo "$triple-g++ not installed (package g++-$triple; run ci/setup)"
  elif ! command -v "$qemu" >/dev/null; then
    echo "$qemu not installed (package qemu-user; run ci/setup)"
  fi
}

# select_targets LIST: checks a comma-separated target list (empty = all) and
# prints one per line; an unknown name is an error listing the known ones.
select_targets() {
  local t
  [ -z "$1" ] && { all_targets; return; }
  for t in ${1//,/ }; do
    is_target "$t" || die "unknown target '$t' (known: $(all_targets | tr '\n' ' '))"
    echo "$t"
  done
}
