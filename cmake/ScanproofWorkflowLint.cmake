# unit.workflows.<linter>: the hosted CI workflows (.github/workflows/) pass
# yamllint and action-validator (ci/lint-workflows). A linter that is not
# installed makes its test SKIPPED with the reason in the output, never a
# pass. Host only, like the other tests of the suite's own scripts.
if(NOT CMAKE_CROSSCOMPILING AND EXISTS ${PROJECT_SOURCE_DIR}/.github/workflows)
  foreach(linter yamllint action-validator)
    add_test(NAME unit.workflows.${linter}
      COMMAND ${PROJECT_SOURCE_DIR}/ci/lint-workflows ${linter})
    set_tests_properties(unit.workflows.${linter} PROPERTIES LABELS unit SKIP_RETURN_CODE 77)
  endforeach()
endif()
