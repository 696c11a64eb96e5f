# Included by the qemu-user toolchain files after emulator-forks.cmake: their
# programs are linked -static where the emulator runs a static program.
# Dynamically linked, every test process first runs the guest's dynamic loader
# under the emulator (mapping and relocating libstdc++, libc and the PIE
# program), a fixed cost paid by each of a target's ~340 test processes
# (docs/matrix.md has the figures); a static program starts at its own entry.
# Measured once per build directory, like the fork probe (not in try_compile
# projects, which get the result through CMAKE_TRY_COMPILE_PLATFORM_VARIABLES):
# qemu-alpha 7.2 ends every static glibc program with SIGSEGV before main(),
# so there the programs stay dynamic. ScanproofRust.cmake reads
# SCANPROOF_LINK_STATIC to link Rust's unwinder statically too.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES SCANPROOF_LINK_STATIC)
if(NOT CMAKE_IN_TRY_COMPILE AND NOT CMAKE_SCRIPT_MODE_FILE AND
   (NOT DEFINED SCANPROOF_LINK_STATIC OR NOT SCANPROOF_LINK_STATIC_UNDER STREQUAL _emulator))
  set(_cc ${CMAKE_C_COMPILER})
  if(NOT _cc)  # toolchains that keep the host's compiler
    set(_cc cc)
  endif()
  if(CMAKE_C_COMPILER_TARGET)  # clang for another triple
    list(APPEND _cc --target=${CMAKE_C_COMPILER_TARGET})
  endif()
  file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/CMakeFiles)
  set(_probe ${CMAKE_BINARY_DIR}/CMakeFiles/scanproof-static-probe)
  file(WRITE ${_probe}.c "int main(void) { return 0; }\n")
  execute_process(COMMAND ${_cc} -static ${_probe}.c -o ${_probe}
                  RESULT_VARIABLE _built OUTPUT_QUIET ERROR_VARIABLE _error)
  set(_ran 1)
  if(_built EQUAL 0)
    execute_process(COMMAND ${CMAKE_CROSSCOMPILING_EMULATOR} ${_probe} TIMEOUT 10
                    RESULT_VARIABLE _ran OUTPUT_QUIET ERROR_QUIET)
  endif()
  set(SCANPROOF_LINK_STATIC_UNDER "${_emulator}" CACHE INTERNAL "the emulator SCANPROOF_LINK_STATIC was measured under")
  if(_ran EQUAL 0)
    set(SCANPROOF_LINK_STATIC ON CACHE BOOL "programs are linked -static (a static program runs under ${SCANPROOF_QEMU}: measured at configure time)" FORCE)
  else()
    set(SCANPROOF_LINK_STATIC OFF CACHE BOOL "programs are linked -static (a static program runs under ${SCANPROOF_QEMU}: measured at configure time)" FORCE)
    message(STATUS "scanproof: a static program does not run under ${SCANPROOF_QEMU} here (${_built}/${_ran}): "
                   "the programs are linked dynamically")
  endif()
endif()
if(SCANPROOF_LINK_STATIC)
  set(CMAKE_EXE_LINKER_FLAGS_INIT -static)
endif()
