# ppc: 32-bit PowerPC, big-endian, ILP32 (g++-powerpc-linux-gnu, qemu-ppc).
# Its facts (triple, Debian packages, emulator, ...) are data: ppc.facts.
include(${CMAKE_CURRENT_LIST_DIR}/common/target-facts.cmake)
scanproof_target_facts(${CMAKE_CURRENT_LIST_DIR}/ppc.facts)
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
