# s390x: IBM Z, big-endian, LP64 (g++-s390x-linux-gnu, qemu-s390x).
# Its facts (triple, Debian packages, emulator, ...) are data: s390x.facts.
include(${CMAKE_CURRENT_LIST_DIR}/common/target-facts.cmake)
scanproof_target_facts(${CMAKE_CURRENT_LIST_DIR}/s390x.facts)
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
