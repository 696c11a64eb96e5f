# s390x: IBM Z, big-endian, LP64 (g++-s390x-linux-gnu, qemu-s390x).
set(SCANPROOF_TRIPLE s390x-linux-gnu)
set(SCANPROOF_PROCESSOR s390x)
set(SCANPROOF_QEMU qemu-s390x)
# Debian architecture whose libgtest-dev/librapidcheck-dev ci/setup installs (multiarch).
set(SCANPROOF_DEBIAN_ARCH s390x)
# Debian packages of the compiler and the emulator (ci/setup installs them).
set(SCANPROOF_PACKAGES "g++-s390x-linux-gnu qemu-user")
# CPU models ci/matrix --speed estimates this code on (llvm-mca-19 -mcpu, docs/benchmark.md).
set(SCANPROOF_MCA_CPUS z15)
# Rust candidates (cmake/ScanproofRust.cmake): rustc's target and Debian's std for it.
set(SCANPROOF_RUST_TARGET s390x-unknown-linux-gnu)
set(SCANPROOF_RUST_PACKAGES "libstd-rust-dev:s390x")
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
