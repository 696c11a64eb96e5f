# m68k: Motorola 68020+ (68040 under qemu), big-endian, ILP32, 2-byte
# alignment of 32- and 64-bit integers (g++-m68k-linux-gnu, qemu-m68k).
# Its facts (triple, Debian packages, emulator, ...) are data: m68k.facts.
include(${CMAKE_CURRENT_LIST_DIR}/common/target-facts.cmake)
scanproof_target_facts(${CMAKE_CURRENT_LIST_DIR}/m68k.facts)
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
