# m68k: Motorola 68020+ (68040 under qemu), big-endian, ILP32, 2-byte
# alignment of 32- and 64-bit integers (g++-m68k-linux-gnu, qemu-m68k).
set(SCANPROOF_TRIPLE m68k-linux-gnu)
set(SCANPROOF_PROCESSOR m68k)
set(SCANPROOF_QEMU qemu-m68k)
# No Debian 12 architecture: ci/matrix builds GoogleTest from /usr/src/googletest.
set(SCANPROOF_DEBIAN_ARCH "")
# Debian packages of the compiler and the emulator (ci/setup installs them).
set(SCANPROOF_PACKAGES "g++-m68k-linux-gnu qemu-user")
# No SCANPROOF_RUST_TARGET: Debian 12 has no Rust standard library for m68k
# (Rust candidates' cells say so: cmake/ScanproofRust.cmake).
set(SCANPROOF_RUST_ARCH "m68k")
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
