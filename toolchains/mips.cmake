# mips: 32-bit MIPS, big-endian, 32-bit long and pointers (g++-mips-linux-gnu, qemu-mips).
# Its facts (triple, Debian packages, emulator, ...) are data: mips.facts.
include(${CMAKE_CURRENT_LIST_DIR}/common/target-facts.cmake)
scanproof_target_facts(${CMAKE_CURRENT_LIST_DIR}/mips.facts)
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
