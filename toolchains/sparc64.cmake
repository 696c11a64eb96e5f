# sparc64: 64-bit SPARC, big-endian, LP64 (g++-sparc64-linux-gnu, qemu-sparc64).
set(SCANPROOF_TRIPLE sparc64-linux-gnu)
set(SCANPROOF_PROCESSOR sparc64)
set(SCANPROOF_QEMU qemu-sparc64)
# No Debian 12 architecture: ci/matrix builds GoogleTest from /usr/src/googletest.
set(SCANPROOF_DEBIAN_ARCH "")
# Debian packages of the compiler and the emulator (ci/setup installs them).
set(SCANPROOF_PACKAGES "g++-sparc64-linux-gnu qemu-user")
# No SCANPROOF_RUST_TARGET: Debian 12 has no Rust standard library for sparc64
# (Rust candidates' cells say so: cmake/ScanproofRust.cmake).
set(SCANPROOF_RUST_ARCH "sparc64")
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
