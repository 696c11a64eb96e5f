# unit.workflows.<linter>: the hosted CI workflows (.github/workflows/), the
# example caller's and the composite actions (ci/action/) pass yamllint,
# action-validator and actionlint (ci/lint-workflows). A linter that is not
# installed makes its test SKIPPED with the reason in the output, never a
# pass. Host only, like the other tests of the suite's own scripts.
if(NOT CMAKE_CROSSCOMPILING AND EXISTS ${PROJECT_SOURCE_DIR}/.github/workflows)
  foreach(linter yamllint action-validator actionlint)
    add_test(NAME unit.workflows.${linter}
      COMMAND ${PROJECT_SOURCE_DIR}/ci/lint-workflows ${linter})
    set_tests_properties(unit.workflows.${linter} PROPERTIES LABELS unit SKIP_RETURN_CODE 77)
  endforeach()
endif()
