# alpha: DEC Alpha, little-endian, LP64 (g++-alpha-linux-gnu, qemu-alpha).
# Debian's compiler targets the baseline ISA (no CIX: count instructions are
# library calls), which runs on every Alpha.
set(SCANPROOF_TRIPLE alpha-linux-gnu)
set(SCANPROOF_PROCESSOR alpha)
set(SCANPROOF_QEMU qemu-alpha)
# No Debian 12 architecture: ci/matrix builds GoogleTest from /usr/src/googletest.
set(SCANPROOF_DEBIAN_ARCH "")
# Debian packages of the compiler and the emulator (ci/setup installs them).
set(SCANPROOF_PACKAGES "g++-alpha-linux-gnu qemu-user")
# No SCANPROOF_RUST_TARGET: Debian 12 has no Rust standard library for alpha
# (Rust candidates' cells say so: cmake/ScanproofRust.cmake).
set(SCANPROOF_RUST_ARCH "alpha")
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
