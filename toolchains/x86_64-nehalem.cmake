# x86_64-nehalem: the host's compiler, run under `qemu-x86_64 -cpu Nehalem`:
# POPCNT but no LZCNT and no BMI1, so LZCNT executes as BSR and TZCNT as BSF.
# Its facts (triple, Debian packages, emulator, ...) are data: x86_64-nehalem.facts.
include(${CMAKE_CURRENT_LIST_DIR}/common/target-facts.cmake)
scanproof_target_facts(${CMAKE_CURRENT_LIST_DIR}/x86_64-nehalem.facts)
include(${CMAKE_CURRENT_LIST_DIR}/common/x86_64-qemu-cpu.cmake)
