# aarch64: 64-bit ARM, little-endian, LP64 (g++-aarch64-linux-gnu, qemu-aarch64).
# Its facts (triple, Debian packages, emulator, ...) are data: aarch64.facts.
include(${CMAKE_CURRENT_LIST_DIR}/common/target-facts.cmake)
scanproof_target_facts(${CMAKE_CURRENT_LIST_DIR}/aarch64.facts)
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
