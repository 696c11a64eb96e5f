# Targets of the cross-architecture matrix, for ci/setup: `host` (no
# toolchain file) plus one per toolchains/<target>.cmake, whose facts are the
# VAR=value lines of toolchains/<target>.facts (the toolchain file,
# ci/matrixjob/targets.py and proof/ read the same file).
# shellcheck shell=bash

# all_targets: host, then every toolchain file's name, sorted.
all_targets() {
  echo host
  local f
  for f in toolchains/*.cmake; do f=${f##*/}; echo "${f%.cmake}"; done | LC_ALL=C sort
}

is_target() { case " $(all_targets | tr "\n" " ") " in *" $1 "*) return 0 ;; esac; return 1; }

# toolchain_var TARGET VAR: the value of VAR in the target's facts file.
toolchain_var() {
  local line
  [ "$1" = host ] && return 0
  while IFS= read -r line; do
    case $line in "$2="*) printf '%s\n' "${line#*=}"; return 0 ;; esac
  done <"toolchains/$1.facts"
}

# target_packages TARGET: the Debian packages the target needs: its
# SCANPROOF_PACKAGES (compiler, emulator) plus, where Debian has the
# architecture (SCANPROOF_DEBIAN_ARCH), GoogleTest and RapidCheck multiarch;
# every target: nlohmann-json3-dev (headers only, for any architecture: impl/json/).
target_packages() {
  local packages arch
  [ "$1" = host ] && { echo g++ libgtest-dev librapidcheck-dev nlohmann-json3-dev; return; }
  packages=$(toolchain_var "$1" SCANPROOF_PACKAGES)
  [ -n "$packages" ] || die "toolchains/$1.facts sets no SCANPROOF_PACKAGES (the Debian packages of its compiler and emulator)"
  arch=$(toolchain_var "$1" SCANPROOF_DEBIAN_ARCH)
  echo "$packages nlohmann-json3-dev${arch:+ libgtest-dev:$arch librapidcheck-dev:$arch}"
}

# target_rust_packages TARGET: what Rust candidates need on the target: Debian's
# rustc and SCANPROOF_RUST_PACKAGES (its Rust std); only rustc where Debian
# has no Rust std for the target (its cells say so).
target_rust_packages() {
  [ "$1" = host ] && { echo rustc cargo libstd-rust-dev; return; }
  echo "rustc cargo $(toolchain_var "$1" SCANPROOF_RUST_PACKAGES)"  # cargo: crate candidates
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
