# alpha-ev56: the alpha target's code run as `qemu-alpha -cpu ev56`, an Alpha
# without the count extension CIX: AMASK reports no CIX, so the entries using
# CTTZ/CTLZ/CTPOP (built for EV67, which an EV56 traps on) are skipped with
# the reason; everything else must conform. The Alpha twin of x86_64-core2.
set(SCANPROOF_TRIPLE alpha-linux-gnu)
set(SCANPROOF_PROCESSOR alpha)
set(SCANPROOF_QEMU qemu-alpha)
set(SCANPROOF_QEMU_CPU ev56)
# No Debian 12 architecture: ci/matrix builds GoogleTest from /usr/src/googletest.
set(SCANPROOF_DEBIAN_ARCH "")
# Debian packages of the compiler and the emulator (ci/setup installs them).
set(SCANPROOF_PACKAGES "g++-alpha-linux-gnu qemu-user")
# No SCANPROOF_RUST_TARGET: Debian 12 has no Rust standard library for alpha
# (Rust candidates' cells say so: cmake/ScanproofRust.cmake).
set(SCANPROOF_RUST_ARCH "alpha")
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
