# i686: 32-bit x86, little-endian, 32-bit long and pointers (g++-i686-linux-gnu, qemu-i386).
# Its facts (triple, Debian packages, emulator, ...) are data: i686.facts.
include(${CMAKE_CURRENT_LIST_DIR}/common/target-facts.cmake)
scanproof_target_facts(${CMAKE_CURRENT_LIST_DIR}/i686.facts)
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
