# "A test passes only if its check ran to its end" (docs/contracts.md, labels).
#
# Every driver that runs implementations prints "[scanproof] ran to the end" on
# stderr after its work returned 0 (conformance/include/scanproof/supervise.hpp).
# ctest then passes a test only if that line is there: a scanner that ends the
# process mid-check -- exit(0), _exit(0), a signal -- fails its test whatever
# the exit status, on every target (Wine and WASI included, where there is no
# supervising parent). With PASS_REGULAR_EXPRESSION ctest ignores the exit
# status, so a sanitizer report after the marker (LeakSanitizer at exit) is
# caught by FAIL_REGULAR_EXPRESSION. The regex avoids brackets: it crosses
# gtest_discover_tests' generated script unescaped.
set(SCANPROOF_RAN_TO_THE_END_PROPERTIES
  PASS_REGULAR_EXPRESSION "scanproof. ran to the end"
  FAIL_REGULAR_EXPRESSION "ERROR: [A-Za-z]+Sanitizer|runtime error: ")

# scanproof_require_completion(<test>...): the same, for add_test() tests.
function(scanproof_require_completion)
  set_tests_properties(${ARGN} PROPERTIES ${SCANPROOF_RAN_TO_THE_END_PROPERTIES})
endfunction()
