# The judge's table of one program's tests (conformance/include/scanproof/judge.hpp):
# included by scanproof-discover.cmake for a GoogleTest driver, and run as
# `cmake -DSETTINGS=<file> -P scanproof-judge-table.cmake` for a fuzz replay
# (fuzz/CMakeLists.txt). Its settings:
#   COMMAND     launcher, emulator..., program: asked for its manifest
#               (`--scanproof-judge-manifest EXTRA_ARGS...`) through the launcher
#   JUDGE_TABLE the table to write (the lines it answered are kept in
#               JUDGE_TABLE.known, reused while the oracle and the inputs stay)
#   ORACLE      the program (emulator...) that answers the manifest
#   DECLARED_ARGS  arguments of the oracle's --declared-manifest after the file
#   INPUTS      optional: a file or directory of inputs the program's test
#               reads and the oracle reads too (`--inputs INPUTS`): a fuzz replay's
#   MANIFEST_FROM  optional: the manifest another table of the same program
#               asked for after the same link (a fuzz replay's second table):
#               taken from there, one start of the program fewer
# It leaves declared_names, label_<name> and declared_<name>: the candidates
# the program's file declares, for the discovery's `.declared` tests.
if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  include("${SETTINGS}")
endif()
# The inputs' names and contents, in the stamp of the known lines: a changed
# input answers every line anew.
set(inputs_stamp "")
set(oracle_inputs "")
if(DEFINED INPUTS)
  set(oracle_inputs --inputs "${INPUTS}")
  set(input_files "${INPUTS}")
  if(IS_DIRECTORY "${INPUTS}")
    file(GLOB input_files LIST_DIRECTORIES false "${INPUTS}/*")
    list(FILTER input_files EXCLUDE REGEX "/\\.[^/]*$")  # as the replay reads it: no dot files
    list(SORT input_files)
  endif()
  set(listing "")
  foreach(f IN LISTS input_files)
    file(SHA256 "${f}" h)
    get_filename_component(n "${f}" NAME)
    string(APPEND listing "${n} ${h}\n")
  endforeach()
  string(SHA256 inputs_stamp "${listing}")
  set(inputs_stamp " inputs ${inputs_stamp}")
endif()
# What each implementation declares, from the driver (through the launcher,
# like the listing), then the oracle's outputs for it, from a program that
# links no implementation.
# (scanproof-discover.cmake got it with the test listing: MANIFEST_WRITTEN)
if(MANIFEST_WRITTEN)
elseif(DEFINED MANIFEST_FROM)
  file(COPY_FILE "${MANIFEST_FROM}" "${JUDGE_TABLE}.manifest")
else()
  execute_process(COMMAND ${COMMAND} --scanproof-judge-manifest ${EXTRA_ARGS}
    RESULT_VARIABLE rc OUTPUT_FILE "${JUDGE_TABLE}.manifest" ERROR_VARIABLE errors TIMEOUT 300)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "scanproof: the judge manifest of ${COMMAND} failed (${rc}):\n${errors}")
  endif()
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
  if(stamp STREQUAL "oracle ${oracle_sha}${inputs_stamp}")
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
  execute_process(COMMAND ${ORACLE} --manifest "${JUDGE_TABLE}.todo" ${oracle_inputs}
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
set(known_text "oracle ${oracle_sha}${inputs_stamp}\n")
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
