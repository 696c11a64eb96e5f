# x86_64-windows: 64-bit Windows, little-endian, LLP64 (32-bit long, 64-bit
# pointers). mingw-w64 g++ (POSIX threads, static) under Wine.
# Its facts (triple, Debian packages, emulator, ...) are data: x86_64-windows.facts.
include(${CMAKE_CURRENT_LIST_DIR}/common/target-facts.cmake)
scanproof_target_facts(${CMAKE_CURRENT_LIST_DIR}/x86_64-windows.facts)
include(${CMAKE_CURRENT_LIST_DIR}/common/mingw-wine.cmake)
