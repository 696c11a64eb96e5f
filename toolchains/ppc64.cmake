# ppc64: 64-bit POWER, big-endian, LP64 (g++-powerpc64-linux-gnu, qemu-ppc64).
# Its facts (triple, Debian packages, emulator, ...) are data: ppc64.facts.
include(${CMAKE_CURRENT_LIST_DIR}/common/target-facts.cmake)
scanproof_target_facts(${CMAKE_CURRENT_LIST_DIR}/ppc64.facts)
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
