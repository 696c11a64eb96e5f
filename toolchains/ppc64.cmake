# ppc64: 64-bit POWER, big-endian, LP64 (g++-powerpc64-linux-gnu, qemu-ppc64).
set(SCANPROOF_TRIPLE powerpc64-linux-gnu)
set(SCANPROOF_PROCESSOR ppc64)
set(SCANPROOF_QEMU qemu-ppc64)
# No Debian 12 architecture: ci/matrix builds GoogleTest from /usr/src/googletest.
set(SCANPROOF_DEBIAN_ARCH "")
# Debian packages of the compiler and the emulator (ci/setup installs them).
set(SCANPROOF_PACKAGES "g++-powerpc64-linux-gnu qemu-user")
# No SCANPROOF_MCA_CPUS: on big-endian ELFv1 a function pointer is a descriptor, not
# code, so ci/report/speed.py cannot find the kernels by their offsets (pwr9 would model them).
# No SCANPROOF_RUST_TARGET: Debian 12 has no Rust standard library for ppc64
# (Rust candidates' cells say so: cmake/ScanproofRust.cmake).
set(SCANPROOF_RUST_ARCH "ppc64 (big-endian)")
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
