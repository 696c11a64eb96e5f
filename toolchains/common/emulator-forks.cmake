# Included by the qemu-user toolchain files (cross-gnu.cmake,
# x86_64-qemu-cpu.cmake) after they set CMAKE_CROSSCOMPILING_EMULATOR.
# The checks' forking supervisor (impl/core/src/supervise.cpp) needs a fork()
# that works under the emulator: measured (emulator-probe.cmake), cached as
# SCANPROOF_EMULATOR_FORKS.
include(${CMAKE_CURRENT_LIST_DIR}/emulator-probe.cmake)
scanproof_emulator_probe(SCANPROOF_EMULATOR_FORKS "fork() works under ${SCANPROOF_QEMU}"
  SOURCE ${CMAKE_CURRENT_LIST_DIR}/fork-probe.c REQUIRE_BUILD
  OFF_MESSAGE
  "fork() under ${SCANPROOF_QEMU} did not complete here: the checks run without their forking supervisor; the completion record alone makes an early exit a failure")
if(DEFINED SCANPROOF_EMULATOR_FORKS AND NOT SCANPROOF_EMULATOR_FORKS)
  list(APPEND CMAKE_CROSSCOMPILING_EMULATOR -E SCANPROOF_NO_SUPERVISOR=1)  # qemu -E: set in the guest
endif()
