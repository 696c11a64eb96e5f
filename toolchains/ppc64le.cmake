# ppc64le: 64-bit POWER, little-endian, LP64 (g++-powerpc64le-linux-gnu, qemu-ppc64le).
# Its facts (triple, Debian packages, emulator, ...) are data: ppc64le.facts.
include(${CMAKE_CURRENT_LIST_DIR}/common/target-facts.cmake)
scanproof_target_facts(${CMAKE_CURRENT_LIST_DIR}/ppc64le.facts)
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
