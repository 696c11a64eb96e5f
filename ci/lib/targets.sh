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

# target_packages TARGET: the Debian packages the target needs: its toolchain
# file's SCANPROOF_PACKAGES (compiler, emulator) plus, where Debian has the
# architecture (SCANPROOF_DEBIAN_ARCH), GoogleTest and RapidCheck multiarch.
target_packages() {
  local packages arch
  [ "$1" = host ] && { echo g++ libgtest-dev librapidcheck-dev; return; }
  packages=$(toolchain_var "$1" SCANPROOF_PACKAGES)
  [ -n "$packages" ] || die "toolchains/$1.cmake sets no SCANPROOF_PACKAGES (the Debian packages of its compiler and emulator)"
  arch=$(toolchain_var "$1" SCANPROOF_DEBIAN_ARCH)
  echo "$packages${arch:+ libgtest-dev:$arch librapidcheck-dev:$arch}"
}

# target_rust_packages TARGET: what Rust candidates need on the target: Debian's
# rustc and the toolchain file's SCANPROOF_RUST_PACKAGES (its Rust std); only
# rustc where Debian has no Rust std for the target (its cells say so).
target_rust_packages() {
  [ "$1" = host ] && { echo rustc cargo libstd-rust-dev; return; }
  echo "rustc cargo $(toolchain_var "$1" SCANPROOF_RUST_PACKAGES)"  # cargo: crate candidates
}

# target_missing_tool TARGET: prints why the target cannot be built and run
# here, nothing if it can. The toolchain file itself checks its compiler and
# emulator (toolchains/common/require-program.cmake); this includes it in
# script mode and passes on its message.
target_missing_tool() {
  local err
  [ "$1" = host ] && { command -v g++ >/dev/null || echo "g++ not installed"; return; }
  err=$(cmake -DTOOLCHAIN="toolchains/$1.cmake" -P ci/lib/emulator.cmake 2>&1 >/dev/null) && return 0
  # CMake indents and wraps the message: from "scanproof:" to its call stack, one line.
  echo "$err" | sed -n '/scanproof:/,/^Call Stack/p' | sed '/^Call Stack/d; s/^ *//' | tr '\n' ' ' |
    sed 's/ *$//'
  echo
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

# mca_cpus TARGET: the CPU models llvm-mca estimates the target's code on,
# one per line: the toolchain file's SCANPROOF_MCA_CPUS (;-separated; none:
# no estimate), `native` (the CPU llvm-mca finds on this machine) for the
# host and its toolchain columns. ci/report/speed.py reads it.
mca_cpus() {
  case $1 in
    host|host-*) echo native ;;
    *) toolchain_var "$1" SCANPROOF_MCA_CPUS | tr ';' '\n' ;;
  esac
}

# mca_triple TARGET: the triple llvm-mca models the target's code with: the
# toolchain file's SCANPROOF_MCA_TRIPLE, else its SCANPROOF_TRIPLE.
mca_triple() {
  local t
  case $1 in
    host|host-*) echo "$(uname -m)-linux-gnu" ;;
    *) t=$(toolchain_var "$1" SCANPROOF_MCA_TRIPLE); echo "${t:-$(toolchain_var "$1" SCANPROOF_TRIPLE)}" ;;
  esac
}
