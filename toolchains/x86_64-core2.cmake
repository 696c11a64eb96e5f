# x86_64-core2: the host's compiler, run under `qemu-x86_64 -cpu core2duo`:
# no POPCNT (the POPCNT intrinsic would trap with SIGILL), no LZCNT, no BMI1.
# Its facts (triple, Debian packages, emulator, ...) are data: x86_64-core2.facts.
include(${CMAKE_CURRENT_LIST_DIR}/common/target-facts.cmake)
scanproof_target_facts(${CMAKE_CURRENT_LIST_DIR}/x86_64-core2.facts)
include(${CMAKE_CURRENT_LIST_DIR}/common/x86_64-qemu-cpu.cmake)
