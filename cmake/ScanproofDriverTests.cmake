# scanproof_driver_tests(<target> PREFIX <p> [JUDGE <oracle target> [DECLARED_ARGS <a>...]]
#                        [EXTRA_ARGS <a>...] [CHECK_REGISTRY] PROPERTIES <k v>...):
# the ctest tests of a GoogleTest driver that runs scanners (conformance,
# properties), one per GoogleTest test, named <p><Suite>.<test>. After each
# build the driver lists them (scanproof-discover.cmake) and every test runs as
#   scanproof-launch [--judge TABLE] [emulator...] <program> --gtest_filter=<Suite>.<test> <args>
# so its verdict is the launcher's (ScanproofLaunch.cmake). With JUDGE (the
# conformance driver), the discovery also writes TABLE: the driver's
# --scanproof-judge-manifest turned into the oracle's expected outputs by the
# JUDGE program, under the emulator, or by SCANPROOF_ORACLE_TABLE if set
# (conformance/include/scanproof/judge.hpp); the manifest is asked with
# EXTRA_ARGS, and the candidates' declarations with DECLARED_ARGS (the
# canonical property driver's: `canonical <cases>`, property_judge.hpp).
# With CHECK_REGISTRY (the conformance drivers) the same run checks the
# registry first: a file that registers nothing, two candidates with one
# name, a candidate named like a catalogue entry fail the build with the
# file's name (`scanproof: error: <file>:<line>: ...` lines in the build log,
# which ci/matrix blames the file by). All of it is one start of the driver
# (under an emulator, Wine or Node, each start costs as much as a build step).
# PROPERTIES apply to every test, after SCANPROOF_LAUNCHED_TEST_PROPERTIES.
#
# Every test also gets SCANPROOF_INPUTS_DIR=<build dir>/scanproof-inputs: the
# canonical input sets are made there once per build tree, by the first test
# that needs each, and mapped by the others (impl/core/include/scanproof/inputs.hpp).
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/ScanproofLaunch.cmake)
# The oracle's outputs depend only on the manifest line (op, shape, check) and
# the pinned inputs, never on the target: a cross build may take its table from
# a native scanproof_oracle_table (ci/matrix passes the host build's) instead of
# running its own under the emulator, where it costs several CPU seconds of
# every target's build (docs/measurements.md). Either program links no scanner.
set(SCANPROOF_ORACLE_TABLE "" CACHE FILEPATH
  "A scanproof_oracle_table built for this machine, to compute the judge's table without the emulator")
if(SCANPROOF_ORACLE_TABLE AND NOT EXISTS "${SCANPROOF_ORACLE_TABLE}")
  message(FATAL_ERROR "scanproof: SCANPROOF_ORACLE_TABLE: no program '${SCANPROOF_ORACLE_TABLE}'")
endif()
# The same native program writes this build's input sets, in the target's
# byte order, when the drivers are built (scanproof_oracle_table
# --write-inputs): the first test under the emulator then reads them instead
# of generating them, which cost a target up to 10 CPU s (m68k;
# docs/measurements.md). On wasm32 every test reads them: each is a WebAssembly
# instance of its own, which made every set it used (half of wasm32's test
# CPU), and with the files there before the tests no instance writes one.
# Every process still matches each file against its pin (inputs.hpp), as it
# matches a file it wrote itself.
if(SCANPROOF_ORACLE_TABLE AND CMAKE_CXX_BYTE_ORDER)
  set(_scanproof_inputs_stamp "${CMAKE_BINARY_DIR}/scanproof-inputs/written-by-oracle-table.stamp")
  file(MAKE_DIRECTORY "${CMAKE_BINARY_DIR}/scanproof-inputs")
  add_custom_command(OUTPUT "${_scanproof_inputs_stamp}"
    COMMAND "${SCANPROOF_ORACLE_TABLE}" --write-inputs "${CMAKE_BINARY_DIR}/scanproof-inputs" ${CMAKE_CXX_BYTE_ORDER}
    COMMAND "${CMAKE_COMMAND}" -E touch "${_scanproof_inputs_stamp}"
    DEPENDS "${SCANPROOF_ORACLE_TABLE}"
    COMMENT "scanproof: the input sets (${CMAKE_CXX_BYTE_ORDER}), written by ${SCANPROOF_ORACLE_TABLE}"
    VERBATIM)
  add_custom_target(scanproof_input_files DEPENDS "${_scanproof_inputs_stamp}")
endif()
set(_scanproof_discover_script "${CMAKE_CURRENT_LIST_DIR}/scanproof-discover.cmake")
set(SCANPROOF_JUDGE_TABLE_SCRIPT "${CMAKE_CURRENT_LIST_DIR}/scanproof-judge-table.cmake")

# scanproof_judge_oracle(<var> <oracle target>): the command that answers a
# judge manifest: a native oracle_table without the emulator where one is
# named (see its cache entry), so the target's own is not built for it; else
# the target's, under its emulator.
function(scanproof_judge_oracle var judge)
  if(SCANPROOF_ORACLE_TABLE)
    set(${var} "${SCANPROOF_ORACLE_TABLE}" PARENT_SCOPE)
  else()
    set(${var} ${CMAKE_CROSSCOMPILING_EMULATOR} "$<TARGET_FILE:${judge}>" PARENT_SCOPE)
  endif()
endfunction()
# Batch mode (opt-in; docs/contracts.md "Batch mode"): per driver one setup
# test <prefix><driver>.batch runs all its tests in one process that forks a
# child per test, and each test keeps its name and judges what its child
# left. Under qemu-user a process's start is mostly the emulator translating
# the same code again (docs/matrix.md); forked children inherit it. Only where
# the program forks: native Linux, or an emulator whose fork() works
# (SCANPROOF_EMULATOR_FORKS, toolchains/common/emulator-forks.cmake), or
# where the emulator runs the batch itself, each test in an instance of its own
# (SCANPROOF_EMULATOR_RUNS_BATCH: wasm32's Node runner, toolchains/run/node-wasi.js).
# AUTO (what ci/matrix passes): ON where the target can, else OFF.
set(SCANPROOF_BATCH_TESTS OFF CACHE STRING
  "Run each driver's tests in one process that forks per test: OFF, ON, or AUTO (ON where the target forks)")
set_property(CACHE SCANPROOF_BATCH_TESTS PROPERTY STRINGS OFF ON AUTO)
set(_scanproof_batch_why "")  # why the target cannot run a batch
if(CMAKE_CROSSCOMPILING AND SCANPROOF_EMULATOR_RUNS_BATCH)
  # the emulator runs each test of the batch (no fork in the program)
elseif(CMAKE_CROSSCOMPILING AND NOT SCANPROOF_EMULATOR_FORKS)
  set(_scanproof_batch_why "SCANPROOF_EMULATOR_FORKS is not ON for this cross build (Wine, or an emulator whose fork() hangs)")
elseif(NOT CMAKE_CROSSCOMPILING AND NOT CMAKE_SYSTEM_NAME STREQUAL "Linux")
  set(_scanproof_batch_why "it is for Linux (native, or under qemu-user), not ${CMAKE_SYSTEM_NAME}")
endif()
if(SCANPROOF_BATCH_TESTS STREQUAL "AUTO")
  if(_scanproof_batch_why)
    set(_scanproof_batch OFF)
  else()
    set(_scanproof_batch ON)
  endif()
elseif(SCANPROOF_BATCH_TESTS)
  if(_scanproof_batch_why)
    message(FATAL_ERROR "scanproof: SCANPROOF_BATCH_TESTS needs a target that forks: ${_scanproof_batch_why}")
  endif()
  set(_scanproof_batch ON)
else()
  set(_scanproof_batch OFF)
endif()

function(scanproof_driver_tests target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "CHECK_REGISTRY" "PREFIX;JUDGE" "EXTRA_ARGS;PROPERTIES;DECLARED_ARGS")
  set(file "${CMAKE_CURRENT_BINARY_DIR}/${target}_tests.cmake")
  file(MAKE_DIRECTORY "${CMAKE_BINARY_DIR}/scanproof-inputs")
  # A native build writes its input sets with its own JUDGE program, before
  # any test: the tests then only read them, and the sandbox keeps them so
  # (ScanproofLaunch.cmake).
  if(arg_JUDGE AND NOT TARGET scanproof_input_files AND NOT CMAKE_CROSSCOMPILING AND CMAKE_CXX_BYTE_ORDER)
    set(stamp "${CMAKE_BINARY_DIR}/scanproof-inputs/written-by-oracle-table.stamp")
    add_custom_command(OUTPUT "${stamp}"
      COMMAND $<TARGET_FILE:${arg_JUDGE}> --write-inputs "${CMAKE_BINARY_DIR}/scanproof-inputs" ${CMAKE_CXX_BYTE_ORDER}
      COMMAND "${CMAKE_COMMAND}" -E touch "${stamp}"
      DEPENDS ${arg_JUDGE}
      COMMENT "scanproof: the input sets (${CMAKE_CXX_BYTE_ORDER}), written by ${arg_JUDGE}"
      VERBATIM)
    add_custom_target(scanproof_input_files DEPENDS "${stamp}")
  endif()
  if(TARGET scanproof_input_files)
    add_dependencies(${target} scanproof_input_files)
  endif()
  # The listing's settings in a file: lists and regular expressions survive
  # no command line.
  set(settings "")
  foreach(var IN ITEMS COMMAND EXTRA_ARGS PROPERTIES DECLARED_ARGS)
    string(APPEND settings "set(${var}")
    if(var STREQUAL "COMMAND")
      set(values "${SCANPROOF_LAUNCHER}" ${CMAKE_CROSSCOMPILING_EMULATOR} "$<TARGET_FILE:${target}>")
    elseif(var STREQUAL "EXTRA_ARGS")
      set(values ${arg_EXTRA_ARGS})
    elseif(var STREQUAL "DECLARED_ARGS")
      set(values ${arg_DECLARED_ARGS})
    else()
      set(values ${SCANPROOF_LAUNCHED_TEST_PROPERTIES} ${arg_PROPERTIES}
          ENVIRONMENT_MODIFICATION "SCANPROOF_INPUTS_DIR=set:${CMAKE_BINARY_DIR}/scanproof-inputs")
    endif()
    foreach(v IN LISTS values)
      string(APPEND settings " [==[${v}]==]")
    endforeach()
    string(APPEND settings ")\n")
  endforeach()
  string(APPEND settings "set(PREFIX [==[${arg_PREFIX}]==])\nset(OUTPUT [==[${file}]==])\n"
                         "set(CHECK_REGISTRY ${arg_CHECK_REGISTRY})\n")
  # The tests are listed after a link (POST_BUILD): a change of mode relinks.
  file(CONFIGURE OUTPUT "${CMAKE_CURRENT_BINARY_DIR}/${target}_batch_mode.txt" CONTENT "${_scanproof_batch}\n")
  set_property(TARGET ${target} APPEND PROPERTY LINK_DEPENDS "${CMAKE_CURRENT_BINARY_DIR}/${target}_batch_mode.txt")
  if(_scanproof_batch)
    # All of the build's batches in one directory, which the launcher hides
    # from each batch process but for its own (cmake/scanproof-launch, run_batch).
    string(APPEND settings "set(BATCH_DIR [==[${CMAKE_BINARY_DIR}/scanproof-batches/${target}]==])\n"
                           "set(DRIVER [==[${target}]==])\nset(LAUNCHER [==[${SCANPROOF_LAUNCHER}]==])\n")
  endif()
  if(arg_JUDGE)
    # In the judge's directory, which the code under test cannot read (ScanproofLaunch.cmake).
    string(APPEND settings "set(JUDGE_TABLE [==[${SCANPROOF_JUDGE_DIR}/${target}_judge_table.txt]==])\nset(ORACLE")
    scanproof_judge_oracle(oracle ${arg_JUDGE})
    if(NOT SCANPROOF_ORACLE_TABLE)
      add_dependencies(${target} ${arg_JUDGE})  # built before the driver's POST_BUILD discovery
    endif()
    foreach(v IN LISTS oracle)
      string(APPEND settings " [==[${v}]==]")
    endforeach()
    string(APPEND settings ")\n")
  endif()
  file(GENERATE OUTPUT "${CMAKE_CURRENT_BINARY_DIR}/${target}_discover.cmake" CONTENT "${settings}")
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND "${CMAKE_COMMAND}" "-DSETTINGS=${CMAKE_CURRENT_BINARY_DIR}/${target}_discover.cmake"
            -P "${_scanproof_discover_script}"
    COMMENT "scanproof: listing the tests of ${target}"
    VERBATIM)
  file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/${target}_include.cmake"
"if(EXISTS \"${file}\")
  include(\"${file}\")
else()
  add_test(${arg_PREFIX}${target}.not_built \"${CMAKE_COMMAND}\" -E echo \"${target} is not built yet: cmake --build <dir>\")
  set_tests_properties(${arg_PREFIX}${target}.not_built PROPERTIES WILL_FAIL TRUE)
endif()
")
  set_property(DIRECTORY APPEND PROPERTY TEST_INCLUDE_FILES "${CMAKE_CURRENT_BINARY_DIR}/${target}_include.cmake")
endfunction()
