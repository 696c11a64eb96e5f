# aarch64: 64-bit ARM, little-endian, LP64 (g++-aarch64-linux-gnu, qemu-aarch64).
set(SCANPROOF_TRIPLE aarch64-linux-gnu)
set(SCANPROOF_PROCESSOR aarch64)
set(SCANPROOF_QEMU qemu-aarch64)
# Debian architecture whose libgtest-dev/librapidcheck-dev ci/setup installs (multiarch).
set(SCANPROOF_DEBIAN_ARCH arm64)
# Debian packages of the compiler and the emulator (ci/setup installs them).
set(SCANPROOF_PACKAGES "g++-aarch64-linux-gnu qemu-user")
# CPU models ci/matrix --speed estimates this code on (llvm-mca-19 -mcpu, docs/benchmark.md).
set(SCANPROOF_MCA_CPUS "cortex-a53;neoverse-n1;apple-m1")
# Rust candidates (cmake/ScanproofRust.cmake): rustc's target and Debian's std for it.
set(SCANPROOF_RUST_TARGET aarch64-unknown-linux-gnu)
set(SCANPROOF_RUST_PACKAGES "libstd-rust-dev:arm64")
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
