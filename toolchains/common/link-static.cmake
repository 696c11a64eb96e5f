# Included by the qemu-user toolchain files after emulator-forks.cmake: their
# programs are linked -static where the emulator runs a static program.
# Dynamically linked, every test process first runs the guest's dynamic loader
# under the emulator (mapping and relocating libstdc++, libc and the PIE
# program), a fixed cost paid by each of a target's ~340 test processes
# (docs/measurements.md has the figures); a static program starts at its own entry.
# Measured (emulator-probe.cmake): qemu-alpha 7.2 ends every static glibc
# program with SIGSEGV before main(), so there the programs stay dynamic.
# ScanproofRust.cmake reads SCANPROOF_LINK_STATIC to link Rust's unwinder
# statically too.
include(${CMAKE_CURRENT_LIST_DIR}/emulator-probe.cmake)
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES SCANPROOF_LINK_STATIC)
scanproof_emulator_probe(SCANPROOF_LINK_STATIC "programs are linked -static (a static program runs under ${SCANPROOF_QEMU})"
  SOURCE ${CMAKE_CURRENT_LIST_DIR}/static-probe.c FLAGS -static
  OFF_MESSAGE "a static program does not run under ${SCANPROOF_QEMU} here: the programs are linked dynamically")
if(SCANPROOF_LINK_STATIC)
  set(CMAKE_EXE_LINKER_FLAGS_INIT -static)
endif()
