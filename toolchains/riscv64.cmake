# riscv64: 64-bit RISC-V, little-endian, LP64 (g++-riscv64-linux-gnu, qemu-riscv64).
set(SCANPROOF_TRIPLE riscv64-linux-gnu)
set(SCANPROOF_PROCESSOR riscv64)
set(SCANPROOF_QEMU qemu-riscv64)
# No Debian 12 architecture: ci/matrix builds GoogleTest from /usr/src/googletest.
set(SCANPROOF_DEBIAN_ARCH "")
# Debian packages of the compiler and the emulator (ci/setup installs them).
set(SCANPROOF_PACKAGES "g++-riscv64-linux-gnu qemu-user")
# CPU models ci/matrix --speed estimates this code on (llvm-mca-19 -mcpu, docs/benchmark.md).
set(SCANPROOF_MCA_CPUS sifive-u74)
# No SCANPROOF_RUST_TARGET: Debian 12 has no Rust standard library for riscv64
# (Rust candidates' cells say so: cmake/ScanproofRust.cmake).
set(SCANPROOF_RUST_ARCH "riscv64")
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
