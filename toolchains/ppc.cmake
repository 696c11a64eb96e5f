# ppc: 32-bit PowerPC, big-endian, ILP32 (g++-powerpc-linux-gnu, qemu-ppc).
set(SCANPROOF_TRIPLE powerpc-linux-gnu)
set(SCANPROOF_PROCESSOR ppc)
set(SCANPROOF_QEMU qemu-ppc)
# No Debian 12 architecture: ci/matrix builds GoogleTest from /usr/src/googletest.
set(SCANPROOF_DEBIAN_ARCH "")
# Debian packages of the compiler and the emulator (ci/setup installs them).
set(SCANPROOF_PACKAGES "g++-powerpc-linux-gnu qemu-user")
# No SCANPROOF_RUST_TARGET: Debian 12 has no Rust standard library for ppc
# (Rust candidates' cells say so: cmake/ScanproofRust.cmake).
set(SCANPROOF_RUST_ARCH "ppc")
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
