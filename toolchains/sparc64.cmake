# sparc64: 64-bit SPARC, big-endian, LP64 (g++-sparc64-linux-gnu, qemu-sparc64).
# Its facts (triple, Debian packages, emulator, ...) are data: sparc64.facts.
include(${CMAKE_CURRENT_LIST_DIR}/common/target-facts.cmake)
scanproof_target_facts(${CMAKE_CURRENT_LIST_DIR}/sparc64.facts)
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
