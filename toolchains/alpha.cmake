# alpha: DEC Alpha, little-endian, LP64 (g++-alpha-linux-gnu, qemu-alpha).
# Debian's compiler targets the baseline ISA (no CIX: count instructions are
# library calls), which runs on every Alpha.
# Its facts (triple, Debian packages, emulator, ...) are data: alpha.facts.
include(${CMAKE_CURRENT_LIST_DIR}/common/target-facts.cmake)
scanproof_target_facts(${CMAKE_CURRENT_LIST_DIR}/alpha.facts)
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
