# riscv64: 64-bit RISC-V, little-endian, LP64 (g++-riscv64-linux-gnu, qemu-riscv64).
set(SCANPROOF_TRIPLE riscv64-linux-gnu)
set(SCANPROOF_PROCESSOR riscv64)
set(SCANPROOF_QEMU qemu-riscv64)
# No Debian 12 architecture: ci/matrix builds GoogleTest from /usr/src/googletest.
set(SCANPROOF_DEBIAN_ARCH "")
# Debian packages of the compiler and the emulator (ci/setup installs them).
set(SCANPROOF_PACKAGES "g++-riscv64-linux-gnu qemu-user")
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
