# x86_64-windows: 64-bit Windows, little-endian, LLP64 (32-bit long, 64-bit
# pointers). mingw-w64 g++ (POSIX threads, static) under Wine.
set(SCANPROOF_MINGW x86_64-w64-mingw32)
set(SCANPROOF_PROCESSOR x86_64)
set(SCANPROOF_RUNNER /usr/lib/wine/wine64)
set(SCANPROOF_PACKAGES "g++-mingw-w64-x86-64-posix wine64")
# No SCANPROOF_MCA_CPUS: ci/report/speed.py finds kernels in ELF symbol tables
# (sizes from llvm-nm), not yet in a PE program's.
# The triple llvm-mca would model this code with (ci/matrix --speed says why there is no estimate).
set(SCANPROOF_MCA_TRIPLE x86_64-w64-mingw32)
# No Debian architecture: ci/matrix builds GoogleTest from /usr/src/googletest.
set(SCANPROOF_DEBIAN_ARCH "")
# A persistent wineserver for the build's Wine prefix during the test run.
set(SCANPROOF_SESSION toolchains/session/wine)

# Rust candidates (cmake/ScanproofRust.cmake): rustc's target and Debian's std for it.
set(SCANPROOF_RUST_TARGET x86_64-pc-windows-gnu)
set(SCANPROOF_RUST_PACKAGES "libstd-rust-dev-windows")
include(${CMAKE_CURRENT_LIST_DIR}/common/mingw-wine.cmake)
