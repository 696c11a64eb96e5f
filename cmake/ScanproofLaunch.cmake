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
include_guard(GLOBAL)
set(SCANPROOF_LAUNCHER "${CMAKE_CURRENT_LIST_DIR}/scanproof-launch")
set(SCANPROOF_LAUNCHED_TEST_PROPERTIES
  SKIP_RETURN_CODE 77
  FAIL_REGULAR_EXPRESSION "ERROR: [A-Za-z]+Sanitizer|runtime error: ")

# scanproof_launched_test(NAME <name> COMMAND <target> <args>...): add_test for
# a program target, through the launcher and the target's emulator.
function(scanproof_launched_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME" "COMMAND")
  list(POP_FRONT arg_COMMAND program)
  add_test(NAME ${arg_NAME}
    COMMAND "${SCANPROOF_LAUNCHER}" ${CMAKE_CROSSCOMPILING_EMULATOR} $<TARGET_FILE:${program}> ${arg_COMMAND})
  set_tests_properties(${arg_NAME} PROPERTIES ${SCANPROOF_LAUNCHED_TEST_PROPERTIES})
endfunction()
