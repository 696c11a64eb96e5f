# i686-windows: 32-bit Windows, little-endian, ILP32 (32-bit long and
# pointers), as 32-bit MSVC and mingw builds of an engine run. mingw-w64 g++
# (POSIX threads, static) under 32-bit Wine (wine32:i386 through multiarch,
# beside wine64). There is no _BitScanForward64/_BitScanReverse64/__popcnt64
# on 32-bit Windows: the msvc_* 64-bit entries are skipped with that reason,
# and the split scans of a 32-bit MSVC build (msvc_*_split) run instead.
set(SCANPROOF_MINGW i686-w64-mingw32)
set(SCANPROOF_PROCESSOR x86)
set(SCANPROOF_RUNNER /usr/lib/wine/wine)
# wine32:i386 needs the i386 architecture: ci/setup adds the architecture of
# every <package>:<arch> here.
set(SCANPROOF_PACKAGES "g++-mingw-w64-i686-posix wine64 wine32:i386")
# The triple llvm-mca would model this code with (ci/matrix --speed says why there is no estimate).
set(SCANPROOF_MCA_TRIPLE i686-w64-mingw32)
# No Debian architecture for GoogleTest: ci/matrix builds it from /usr/src/googletest.
set(SCANPROOF_DEBIAN_ARCH "")
set(SCANPROOF_SESSION toolchains/session/wine)

# No SCANPROOF_RUST_TARGET: Debian 12's libstd-rust-dev-windows has only
# x86_64-pc-windows-gnu.
set(SCANPROOF_RUST_ARCH "32-bit Windows (i686-pc-windows-gnu)")
include(${CMAKE_CURRENT_LIST_DIR}/common/mingw-wine.cmake)
