# "A test passes only if its check ran to its end" (docs/contracts.md, labels),
# decided by the launcher, never by a text a scanner could print.
#
# SCANPROOF_LAUNCHER: cmake/scanproof-launch, in front of (the emulator and) the
# program in every test of a driver that runs scanners: conformance and
# properties (ScanproofDriverTests.cmake), fuzz-regression, proof. It passes a
# test only if the process exits 0 and the driver wrote this run's nonce into
# the flight file after its work returned; 77 so confirmed is a skip.
#
# SCANPROOF_LAUNCHED_TEST_PROPERTIES: for those tests. ctest decides on the exit
# status alone (no PASS_REGULAR_EXPRESSION, which makes ctest ignore it),
# skips only on the launcher's 77, and a sanitizer report can only fail a test.
#
# The code under test runs in a sandbox where the platform has one
# (cmake/sandbox/scanproof-sandbox.c: Linux's Landlock, around the program and
# its emulator): it cannot read the judge's tables (SCANPROOF_JUDGE_DIR),
# write the pinned input files once the build wrote them, or signal a process
# outside it. SCANPROOF_SANDBOX: AUTO (where the kernel has Landlock), ON (or
# fail here), OFF. The threat model (docs/contracts.md) says what is trusted
# where there is none.
include_guard(GLOBAL)
set(SCANPROOF_JUDGE_DIR "${CMAKE_BINARY_DIR}/scanproof-judge")
set(SCANPROOF_INPUTS_DIR "${CMAKE_BINARY_DIR}/scanproof-inputs")
file(MAKE_DIRECTORY "${SCANPROOF_JUDGE_DIR}" "${SCANPROOF_INPUTS_DIR}" "${CMAKE_BINARY_DIR}/scanproof-runs"
     "${CMAKE_BINARY_DIR}/scanproof-batches")
set(SCANPROOF_SANDBOX AUTO CACHE STRING "Run the code under test in a sandbox (Landlock): AUTO, ON or OFF")
set_property(CACHE SCANPROOF_SANDBOX PROPERTY STRINGS AUTO ON OFF)
set(SCANPROOF_SANDBOX_TOOL "")
if(NOT SCANPROOF_SANDBOX STREQUAL "OFF")
  include(${CMAKE_CURRENT_LIST_DIR}/sandbox/ScanproofSandbox.cmake)
  scanproof_sandbox_tool(SCANPROOF_SANDBOX_TOOL _scanproof_no_sandbox)
  if(NOT SCANPROOF_SANDBOX_TOOL)
    if(SCANPROOF_SANDBOX STREQUAL "ON")
      message(FATAL_ERROR "scanproof: SCANPROOF_SANDBOX=ON, but no sandbox here: ${_scanproof_no_sandbox}")
    endif()
    message(STATUS "scanproof: the code under test runs without a sandbox: ${_scanproof_no_sandbox}")
  endif()
endif()
# The sandbox as a command prefix, for what runs candidate code outside the
# launcher (the configure-time probe of a candidate file).
set(SCANPROOF_SANDBOX_PREFIX "")
if(SCANPROOF_SANDBOX_TOOL)
  set(SCANPROOF_SANDBOX_PREFIX "${SCANPROOF_SANDBOX_TOOL}" --hide "${SCANPROOF_JUDGE_DIR}" --)
endif()
# This build's launcher: cmake/scanproof-launch with its sandbox filled in.
configure_file("${CMAKE_CURRENT_LIST_DIR}/scanproof-launch" "${CMAKE_BINARY_DIR}/scanproof-launch" @ONLY)
set(SCANPROOF_LAUNCHER "${CMAKE_BINARY_DIR}/scanproof-launch")
set(SCANPROOF_LAUNCHED_TEST_PROPERTIES
  SKIP_RETURN_CODE 77
  FAIL_REGULAR_EXPRESSION "ERROR: [A-Za-z]+Sanitizer|runtime error: ")

# scanproof_launched_test(NAME <name> [JUDGE_TABLE <table>] COMMAND <target> <args>...):
# add_test for a program target, through the launcher (`--judge <table>`) and
# the target's emulator.
function(scanproof_launched_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;JUDGE_TABLE" "COMMAND")
  list(POP_FRONT arg_COMMAND program)
  set(judge "")
  if(arg_JUDGE_TABLE)  # judged from its outputs (a fuzz replay's: fuzz/CMakeLists.txt)
    set(judge --judge "${arg_JUDGE_TABLE}")
  endif()
  add_test(NAME ${arg_NAME}
    COMMAND "${SCANPROOF_LAUNCHER}" ${judge} ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:${program}> ${arg_COMMAND})
  set_tests_properties(${arg_NAME} PROPERTIES ${SCANPROOF_LAUNCHED_TEST_PROPERTIES})
endfunction()
