# Included by the qemu-user toolchain files (cross-gnu.cmake,
# x86_64-qemu-cpu.cmake) after they set CMAKE_CROSSCOMPILING_EMULATOR.
# The checks' forking supervisor (conformance/src/supervise.cpp) needs a fork()
# that works under the emulator: measured once per build directory (not in
# try_compile projects, which run nothing, nor when ci/lib/emulator.cmake reads
# this file in script mode), cached as SCANPROOF_EMULATOR_FORKS.
# Measured again when the emulator's command line changed since.
string(JOIN " " _emulator ${CMAKE_CROSSCOMPILING_EMULATOR})
if(NOT CMAKE_IN_TRY_COMPILE AND NOT CMAKE_SCRIPT_MODE_FILE AND
   (NOT DEFINED SCANPROOF_EMULATOR_FORKS OR NOT SCANPROOF_EMULATOR_FORKS_UNDER STREQUAL _emulator))
  set(_cc ${CMAKE_C_COMPILER})
  if(NOT _cc)  # toolchains that keep the host's compiler
    set(_cc cc)
  endif()
  file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/CMakeFiles)
  set(_probe ${CMAKE_BINARY_DIR}/CMakeFiles/scanproof-fork-probe)
  execute_process(COMMAND ${_cc} ${CMAKE_CURRENT_LIST_DIR}/fork-probe.c -o ${_probe}
                  RESULT_VARIABLE _built OUTPUT_QUIET ERROR_VARIABLE _error)
  if(NOT _built EQUAL 0)
    message(FATAL_ERROR "scanproof: ${_cc} cannot build a C program for this target:\n${_error}")
  endif()
  execute_process(COMMAND ${CMAKE_CROSSCOMPILING_EMULATOR} ${_probe} TIMEOUT 10
                  RESULT_VARIABLE _forked OUTPUT_QUIET ERROR_QUIET)
  set(SCANPROOF_EMULATOR_FORKS_UNDER "${_emulator}" CACHE INTERNAL "the emulator SCANPROOF_EMULATOR_FORKS was measured under")
  if(_forked EQUAL 0)
    set(SCANPROOF_EMULATOR_FORKS ON CACHE BOOL "fork() works under ${SCANPROOF_QEMU} (measured at configure time)" FORCE)
  else()
    set(SCANPROOF_EMULATOR_FORKS OFF CACHE BOOL "fork() works under ${SCANPROOF_QEMU} (measured at configure time)" FORCE)
    message(STATUS "scanproof: fork() under ${SCANPROOF_QEMU} did not complete here (${_forked}): "
                   "the checks run without their forking supervisor; the completion record alone "
                   "makes an early exit a failure")
  endif()
endif()
if(DEFINED SCANPROOF_EMULATOR_FORKS AND NOT SCANPROOF_EMULATOR_FORKS)
  list(APPEND CMAKE_CROSSCOMPILING_EMULATOR -E SCANPROOF_NO_SUPERVISOR=1)  # qemu -E: set in the guest
endif()
