# cmake -P scanproof-discover.cmake: lists a GoogleTest driver's tests after its
# build and writes them as ctest tests that run through the launcher
# (cmake/ScanproofDriverTests.cmake runs this with -DSETTINGS=<file>, which sets
#   COMMAND   launcher, emulator..., program   OUTPUT  the ctest file to write
#   PROPERTIES  set_tests_properties pairs      PREFIX  test-name prefix
#   EXTRA_ARGS  arguments of every test (and of the judge manifest's listing)
#   DECLARED_ARGS  arguments of the oracle's --declared-manifest after the file
#   JUDGE_TABLE, ORACLE  optional: the judge's table to write, and the program
#               (emulator...) that computes it from the driver's manifest
#               (the lines it answered are kept in JUDGE_TABLE.known);
#               every test then runs as `launcher --judge JUDGE_TABLE ...`:
#               conformance/include/scanproof/judge.hpp)
#   BATCH_DIR, DRIVER, LAUNCHER  optional (SCANPROOF_BATCH_TESTS): one setup
#               test <PREFIX><DRIVER>.batch runs every test in one process of
#               the driver (`LAUNCHER --batch BATCH_DIR ...`), and each test
#               judges what its child left (`launcher --from BATCH_DIR/<test>`))
# Like gtest_discover_tests, except that the tests' verdict is the launcher's
# exit status alone: gtest_discover_tests also gives every test a
# SKIP_REGULAR_EXPRESSION on "[  SKIPPED ]", which a scanner can print, and
# ctest cannot take a regular expression back off a test. The listing itself
# runs through the launcher: a program that ended before it listed its tests
# (a candidate's start-up code that exits) fails the build instead of
# registering no test.
include("${SETTINGS}")
execute_process(COMMAND ${COMMAND} --gtest_list_tests
  RESULT_VARIABLE rc OUTPUT_VARIABLE listing ERROR_VARIABLE errors TIMEOUT 300)
if(NOT rc EQUAL 0)
  string(REPLACE ";" " " shown "${COMMAND}")
  message(FATAL_ERROR "scanproof: listing the tests of ${shown} failed (${rc}):\n${errors}${listing}")
endif()
set(launcher "")  # the launcher and its own options
set(program "")   # the emulator and the program
set(first 1)
foreach(part IN LISTS COMMAND)
  if(first)
    string(APPEND launcher " [==[${part}]==]")
    if(JUDGE_TABLE)  # the launcher's own option, before the emulator
      string(APPEND launcher " [==[--judge]==] [==[${JUDGE_TABLE}]==]")
    endif()
  else()
    string(APPEND program " [==[${part}]==]")
  endif()
  set(first 0)
endforeach()
set(quoted "${launcher}${program}")
if(JUDGE_TABLE)
  # What each implementation declares, from the driver (through the launcher,
  # like the listing), then the oracle's outputs for it, from a program that
  # links no implementation.
  execute_process(COMMAND ${COMMAND} --scanproof-judge-manifest ${EXTRA_ARGS}
    RESULT_VARIABLE rc OUTPUT_FILE "${JUDGE_TABLE}.manifest" ERROR_VARIABLE errors TIMEOUT 300)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scanproof: the judge manifest of ${COMMAND} failed (${rc}):\n${errors}")
  endif()
  # A line's oracle outputs depend on the line alone, less its implementation's
  # name and the verdicts it allows (oracle_table(), judge.cpp). The lines an
  # earlier table of the same oracle program answered are taken from
  # JUDGE_TABLE.known, only the others are computed: relinking the driver for a
  # new candidate then costs no oracle run, under the emulator or not.
  list(GET ORACLE -1 oracle_program)
  file(SHA256 "${oracle_program}" oracle_sha)
  set(known_file "${JUDGE_TABLE}.known")
  if(EXISTS "${known_file}")
    file(STRINGS "${known_file}" known_lines)
    list(POP_FRONT known_lines stamp)
    if(stamp STREQUAL "oracle ${oracle_sha}")
      foreach(k IN LISTS known_lines)
        if(k MATCHES "^([0-9a-f]+) ([0-9]+ [^ ]+)$")
          set("known_${CMAKE_MATCH_1}" "${CMAKE_MATCH_2}")
        endif()
      endforeach()
    endif()
  endif()
  file(STRINGS "${JUDGE_TABLE}.manifest" running_lines REGEX ".")
  # What each candidate declares, read from the driver's file by the oracle
  # program, where no candidate code runs (declaration.h): the judge's lines
  # for a candidate are these, and the driver's own lines (code in its process
  # can change them) must say the same, or each of its tests fails naming it.
  list(GET COMMAND -1 driver_file)
  execute_process(COMMAND ${ORACLE} --declared-manifest "${driver_file}" ${DECLARED_ARGS}
    RESULT_VARIABLE rc OUTPUT_VARIABLE declared ERROR_VARIABLE errors TIMEOUT 300)
  string(REGEX REPLACE "\n$" "" declared "${declared}")
  string(REPLACE "\n" ";" declared_lines "${declared}")
  list(POP_BACK declared_lines last)
  list(LENGTH declared_lines declared_count)
  if(NOT last STREQUAL "# end ${declared_count}")  # whole even if Node's WASI crashed at exit
    message(FATAL_ERROR "scanproof: reading the candidates' declarations from ${driver_file} (${ORACLE}) "
                        "failed (${rc}):\n${errors}")
  endif()
  set(declared_names "")
  foreach(line IN LISTS declared_lines)
    if(line MATCHES "^test ([A-Za-z0-9_]+) ([^ ]+)$")
      list(APPEND declared_names "${CMAKE_MATCH_1}")
      set("label_${CMAKE_MATCH_1}" "${CMAKE_MATCH_2}")
      set("declared_${CMAKE_MATCH_1}" "")
      set("running_${CMAKE_MATCH_1}" "")
    elseif(line MATCHES "^([A-Za-z0-9_]+) ")
      list(APPEND "declared_${CMAKE_MATCH_1}" "${line}")
    endif()
  endforeach()
  set(manifest_lines "")
  foreach(line IN LISTS running_lines)
    string(REGEX MATCH "^[^ ]+" n "${line}")
    if(DEFINED "label_${n}")
      list(APPEND "running_${n}" "${line}")
    else()
      list(APPEND manifest_lines "${line}")  # a catalogue entry's
    endif()
  endforeach()
  set(declaration_faults "")
  foreach(n IN LISTS declared_names)
    list(APPEND manifest_lines ${declared_${n}})
    if(NOT "${running_${n}}" STREQUAL "${declared_${n}}")
      set(why "its process does not declare it at run time")
      foreach(want got IN ZIP_LISTS "declared_${n}" "running_${n}")
        if("${running_${n}}" STREQUAL "")
          break()
        endif()
        if(NOT "${want}" STREQUAL "${got}")
          set(why "its process declares '${got}' at run time where its file declares '${want}'")
          break()
        endif()
      endforeach()
      string(APPEND declaration_faults "${n} !declaration the declaration in its source is not what runs: "
                                       "${why} (code in the process changed it; judged by its source's)\n")
    endif()
  endforeach()
  list(LENGTH manifest_lines manifest_count)
  set(hashes "")
  set(todo "")
  set(todo_hashes "")
  set(todo_heads "")
  foreach(line IN LISTS manifest_lines)
    if(NOT line MATCHES "^[^ ]+ ([^ ]+) [^ ]+ (.+)$")
      message(FATAL_ERROR "scanproof: not a judge manifest line: '${line}'")
    endif()
    string(SHA1 h "${CMAKE_MATCH_1} ${CMAKE_MATCH_2}")
    list(APPEND hashes ${h})
    if(NOT DEFINED "known_${h}" AND NOT DEFINED "asked_${h}")
      string(APPEND todo "${line}\n")
      list(APPEND todo_hashes ${h})
      string(REGEX MATCH "^[^ ]+ [^ ]+ [^ ]+" head "${line}")
      list(APPEND todo_heads "${head}")
      set("asked_${h}" 1)
    endif()
  endforeach()
  list(LENGTH todo_hashes todo_count)
  if(todo_count GREATER 0)
    file(WRITE "${JUDGE_TABLE}.todo" "${todo}")
    execute_process(COMMAND ${ORACLE} --manifest "${JUDGE_TABLE}.todo"
      RESULT_VARIABLE rc OUTPUT_FILE "${JUDGE_TABLE}.new" ERROR_VARIABLE errors TIMEOUT 900)
    # The table is whole only if its last line is "# end <lines>", one line per
    # line asked. A process that wrote it whole and then crashed at exit (Node's
    # WASI under wasm32: SIGSEGV in V8 after the program's last line) still gave
    # the table; anything less is an error.
    file(STRINGS "${JUDGE_TABLE}.new" table_lines)
    list(LENGTH table_lines table_count)
    set(whole FALSE)
    if(table_count GREATER 0)
      list(GET table_lines -1 last)
      math(EXPR entries "${table_count} - 1")
      if(last STREQUAL "# end ${todo_count}" AND entries EQUAL todo_count)
        set(whole TRUE)
      endif()
    endif()
    if(NOT whole)
      message(FATAL_ERROR "scanproof: the judge's table (${ORACLE}) failed (${rc}; ${table_count} lines for "
                          "${todo_count} manifest lines, no '# end' line):\n${errors}")
    elseif(NOT rc EQUAL 0)
      message(STATUS "scanproof: the judge's table (${ORACLE}) is whole (${todo_count} checks), though "
                     "its process then ended with '${rc}' (Node's WASI crashes at exit)")
    endif()
    list(REMOVE_AT table_lines -1)
    foreach(h head entry IN ZIP_LISTS todo_hashes todo_heads table_lines)
      if(NOT entry MATCHES "^([^ ]+ [^ ]+ [^ ]+) ([0-9]+ [^ ]+)$" OR NOT CMAKE_MATCH_1 STREQUAL head)
        message(FATAL_ERROR "scanproof: the judge's table (${ORACLE}) has '${entry}' where it should "
                            "answer '${head} ...'")
      endif()
      set("known_${h}" "${CMAKE_MATCH_2}")
    endforeach()
    file(REMOVE "${JUDGE_TABLE}.todo" "${JUDGE_TABLE}.new")
  endif()
  set(table_text "")
  set(known_text "oracle ${oracle_sha}\n")
  foreach(line h IN ZIP_LISTS manifest_lines hashes)
    string(REGEX MATCH "^[^ ]+ [^ ]+ [^ ]+" head "${line}")
    string(APPEND table_text "${head} ${known_${h}}\n")
  endforeach()
  list(REMOVE_DUPLICATES hashes)
  foreach(h IN LISTS hashes)
    string(APPEND known_text "${h} ${known_${h}}\n")
  endforeach()
  file(WRITE "${JUDGE_TABLE}" "${table_text}${declaration_faults}")
  file(WRITE "${known_file}" "${known_text}")
endif()
set(extra "")
foreach(a IN LISTS EXTRA_ARGS)
  string(APPEND extra " [==[${a}]==]")
endforeach()
set(props "")
foreach(p IN LISTS PROPERTIES)
  string(APPEND props " [==[${p}]==]")
endforeach()
set(out "# Generated by scanproof-discover.cmake from `${COMMAND} --gtest_list_tests`\n")
set(suite "")
set(count 0)
string(REPLACE "\n" ";" lines "${listing}")
foreach(line IN LISTS lines)
  if(line MATCHES "^([A-Za-z0-9_]+)\\.$")
    set(suite "${CMAKE_MATCH_1}")
  elseif(line MATCHES "^  ([A-Za-z0-9_.]+)$" AND suite)
    set(test "${suite}.${CMAKE_MATCH_1}")
    set("listed_${PREFIX}${test}" 1)
    if(BATCH_DIR)  # its verdict from what its child in the batch left (scanproof-launch --from)
      string(APPEND out "add_test([==[${PREFIX}${test}]==]${launcher} [==[--from]==] [==[${BATCH_DIR}/${PREFIX}${test}]==]"
                        "${program} [==[--gtest_filter=${test}]==]${extra})\n"
                        "set_tests_properties([==[${PREFIX}${test}]==] PROPERTIES${props}"
                        " FIXTURES_REQUIRED [==[${PREFIX}${DRIVER}.batch]==])\n")
      string(APPEND batch_list "${PREFIX}${test}\t${test}\n")
    else()
      string(APPEND out "add_test([==[${PREFIX}${test}]==]${quoted} [==[--gtest_filter=${test}]==]${extra})\n"
                        "set_tests_properties([==[${PREFIX}${test}]==] PROPERTIES${props})\n")
    endif()
    math(EXPR count "${count} + 1")
  elseif(NOT line STREQUAL "" AND NOT line MATCHES "^Note: ")
    message(FATAL_ERROR "scanproof: unexpected line in the test listing of ${COMMAND}: '${line}'")
  endif()
endforeach()
if(count EQUAL 0)
  message(FATAL_ERROR "scanproof: ${COMMAND} listed no test")
endif()
# A candidate its file declares whose checks the running driver does not list
# (its code removed them) gets a failing test instead.
foreach(n IN LISTS declared_names)
  set(unlisted "")
  foreach(line IN LISTS "declared_${n}")
    string(REGEX MATCH "^[^ ]+ ([^ ]+)" check "${line}")
    set(check "${CMAKE_MATCH_1}")
    if(NOT DEFINED "listed_${label_${n}}.${check}" AND NOT DEFINED "listed_${label_${n}}.all_checks")
      string(APPEND unlisted " ${check}")
    endif()
  endforeach()
  if(unlisted)
    string(APPEND out "add_test([==[${label_${n}}.declared]==] [==[${CMAKE_COMMAND}]==] [==[-DMESSAGE=scanproof: "
                      "${label_${n}}: declared in ${driver_file}, but the running driver lists no test of its "
                      "checks${unlisted}: code in its process removed them]==] -P "
                      "[==[${CMAKE_CURRENT_LIST_DIR}/scanproof-fail.cmake]==])\n"
                      "set_tests_properties([==[${label_${n}}.declared]==] PROPERTIES${props})\n")
  endif()
endforeach()
if(BATCH_DIR)
  # One setup test runs them all in one process that forks a child per test
  # (scanproof-launch --batch, supervise_batch.hpp). The per-test limit is the
  # batch process's to keep (SCANPROOF_TEST_TIMEOUT); ctest's bounds the whole.
  file(MAKE_DIRECTORY "${BATCH_DIR}")
  file(WRITE "${BATCH_DIR}/tests" "${batch_list}")
  set(batch_props "")
  set(limit 0)
  set(key "")
  foreach(p IN LISTS PROPERTIES)
    if(key STREQUAL "TIMEOUT")
      set(limit "${p}")
    elseif(NOT key STREQUAL "" AND NOT key STREQUAL "SKIP_RETURN_CODE")
      string(APPEND batch_props " [==[${key}]==] [==[${p}]==]")
    endif()
    if(key STREQUAL "")
      set(key "${p}")
    else()
      set(key "")
    endif()
  endforeach()
  math(EXPR whole "${count} * ${limit} + 300")
  set(name "${PREFIX}${DRIVER}.batch")
  string(APPEND out "add_test([==[${name}]==] [==[${LAUNCHER}]==] [==[--batch]==] [==[${BATCH_DIR}]==]${program}${extra})\n"
                    "set_tests_properties([==[${name}]==] PROPERTIES${batch_props} FIXTURES_SETUP [==[${name}]==]"
                    " TIMEOUT ${whole} PROCESSORS 2 ENVIRONMENT [==[SCANPROOF_TEST_TIMEOUT=${limit}]==])\n")
endif()
file(WRITE "${OUTPUT}" "${out}")
