# x86_64-windows: 64-bit Windows, little-endian, LLP64 (32-bit long, 64-bit
# pointers). mingw-w64 g++ with POSIX threads, linked -static (libstdc++,
# libgcc, winpthread: no DLLs to find), run headless under Wine.
set(SCANPROOF_CXX x86_64-w64-mingw32-g++-posix)
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
include(${CMAKE_CURRENT_LIST_DIR}/common/require-program.cmake)
scanproof_require_program(${SCANPROOF_CXX} CMAKE_CXX_COMPILER)
# GoogleTest's project also enables C.
scanproof_require_program(x86_64-w64-mingw32-gcc-posix CMAKE_C_COMPILER)
scanproof_require_program(${SCANPROOF_RUNNER})

set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
set(CMAKE_EXE_LINKER_FLAGS_INIT -static)

# Wine prefix: <build dir>/wine-prefix (toolchains/run/wine finds the build dir).
set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/run/wine)
