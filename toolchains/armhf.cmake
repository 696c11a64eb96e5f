# armhf: 32-bit ARMv7 hard-float, little-endian, 32-bit long (g++-arm-linux-gnueabihf, qemu-arm).
set(SCANPROOF_TRIPLE arm-linux-gnueabihf)
set(SCANPROOF_PROCESSOR arm)
set(SCANPROOF_QEMU qemu-arm)
# Debian architecture whose libgtest-dev/librapidcheck-dev ci/setup installs (multiarch).
set(SCANPROOF_DEBIAN_ARCH armhf)
# Debian packages of the compiler and the emulator (ci/setup installs them).
set(SCANPROOF_PACKAGES "g++-arm-linux-gnueabihf qemu-user")
# CPU models ci/matrix --speed estimates this code on (llvm-mca-19 -mcpu, docs/benchmark.md).
set(SCANPROOF_MCA_CPUS cortex-a57)
# Debian's armhf code is Thumb-2 (ldrd r3, r9 is no ARM-state instruction).
set(SCANPROOF_MCA_TRIPLE thumbv7-linux-gnueabihf)
# Rust candidates (cmake/ScanproofRust.cmake): rustc's target and Debian's std for it.
set(SCANPROOF_RUST_TARGET armv7-unknown-linux-gnueabihf)
set(SCANPROOF_RUST_PACKAGES "libstd-rust-dev:armhf")
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
