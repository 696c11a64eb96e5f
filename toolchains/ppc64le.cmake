# ppc64le: 64-bit POWER, little-endian, LP64 (g++-powerpc64le-linux-gnu, qemu-ppc64le).
set(SCANPROOF_TRIPLE powerpc64le-linux-gnu)
set(SCANPROOF_PROCESSOR ppc64le)
set(SCANPROOF_QEMU qemu-ppc64le)
# Debian architecture whose libgtest-dev/librapidcheck-dev ci/setup installs (multiarch).
set(SCANPROOF_DEBIAN_ARCH ppc64el)
# Debian packages of the compiler and the emulator (ci/setup installs them).
set(SCANPROOF_PACKAGES "g++-powerpc64le-linux-gnu qemu-user")
# CPU models ci/matrix --speed estimates this code on (llvm-mca-19 -mcpu, docs/benchmark.md).
set(SCANPROOF_MCA_CPUS pwr9)
# Rust candidates (cmake/ScanproofRust.cmake): rustc's target and Debian's std for it.
set(SCANPROOF_RUST_TARGET powerpc64le-unknown-linux-gnu)
set(SCANPROOF_RUST_PACKAGES "libstd-rust-dev:ppc64el")
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
