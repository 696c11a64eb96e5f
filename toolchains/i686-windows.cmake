# i686-windows: 32-bit Windows, little-endian, ILP32 (32-bit long and
# pointers), as 32-bit MSVC and mingw builds of an engine run. mingw-w64 g++
# (POSIX threads, static) under 32-bit Wine (wine32:i386 through multiarch,
# beside wine64). There is no _BitScanForward64/_BitScanReverse64/__popcnt64
# on 32-bit Windows: the msvc_* 64-bit entries are skipped with that reason,
# and the split scans of a 32-bit MSVC build (msvc_*_split) run instead.
# Its facts (triple, Debian packages, emulator, ...) are data: i686-windows.facts.
include(${CMAKE_CURRENT_LIST_DIR}/common/target-facts.cmake)
scanproof_target_facts(${CMAKE_CURRENT_LIST_DIR}/i686-windows.facts)
include(${CMAKE_CURRENT_LIST_DIR}/common/mingw-wine.cmake)
