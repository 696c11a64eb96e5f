# armhf: 32-bit ARMv7 hard-float, little-endian, 32-bit long (g++-arm-linux-gnueabihf, qemu-arm).
# Its facts (triple, Debian packages, emulator, ...) are data: armhf.facts.
include(${CMAKE_CURRENT_LIST_DIR}/common/target-facts.cmake)
scanproof_target_facts(${CMAKE_CURRENT_LIST_DIR}/armhf.facts)
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
