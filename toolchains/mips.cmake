# mips: 32-bit MIPS, big-endian, 32-bit long and pointers (g++-mips-linux-gnu, qemu-mips).
set(SCANPROOF_TRIPLE mips-linux-gnu)
set(SCANPROOF_PROCESSOR mips)
set(SCANPROOF_QEMU qemu-mips)
# No Debian 12 architecture: ci/matrix builds GoogleTest from /usr/src/googletest.
set(SCANPROOF_DEBIAN_ARCH "")
# Debian packages of the compiler and the emulator (ci/setup installs them).
set(SCANPROOF_PACKAGES "g++-mips-linux-gnu qemu-user")
# CPU models ci/matrix --speed estimates this code on (llvm-mca-19 -mcpu, docs/benchmark.md).
set(SCANPROOF_MCA_CPUS generic)
# No SCANPROOF_RUST_TARGET: Debian 12 has no Rust standard library for mips
# (Rust candidates' cells say so: cmake/ScanproofRust.cmake).
set(SCANPROOF_RUST_ARCH "mips")
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
