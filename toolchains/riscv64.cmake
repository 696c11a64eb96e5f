# riscv64: 64-bit RISC-V, little-endian, LP64 (g++-riscv64-linux-gnu, qemu-riscv64).
# Its facts (triple, Debian packages, emulator, ...) are data: riscv64.facts.
include(${CMAKE_CURRENT_LIST_DIR}/common/target-facts.cmake)
scanproof_target_facts(${CMAKE_CURRENT_LIST_DIR}/riscv64.facts)
include(${CMAKE_CURRENT_LIST_DIR}/common/cross-gnu.cmake)
