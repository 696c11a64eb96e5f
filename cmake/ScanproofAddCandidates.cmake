# scanproof_add_candidates(<files or directories>... [LIBRARIES <targets>...]
#                          [WITH_CATALOGUE] [TIMEOUT <seconds>])
#
# In a project that did find_package(scanproof CONFIG REQUIRED) (and
# enable_testing()): builds the candidates with the installed catalogue and
# conformance driver into `scanproof_conformance` and registers its tests with
# ctest, exactly as in scanproof's own tree: conformance.<op>.<name>.<check>,
# label `conformance`, each in its own process with a timeout (TIMEOUT, else
# SCANPROOF_TEST_TIMEOUT, else 60 s). Relative paths are taken from the
# calling CMakeLists.txt's directory. The catalogue is always linked (a
# candidate may not take a catalogue entry's name); its own tests are
# registered only with WITH_CATALOGUE, from a second driver,
# scanproof_conformance_catalogue, that links no candidate. LIBRARIES are linked to the candidates
# (your engine's library, when the candidate files wrap its scanners). Call it
# once, with every candidate.
include_guard(GLOBAL)
include(GoogleTest)

function(scanproof_add_candidates)
  cmake_parse_arguments(PARSE_ARGV 0 arg "WITH_CATALOGUE" "TIMEOUT" "LIBRARIES")
  if(TARGET scanproof_conformance)
    message(FATAL_ERROR "scanproof_add_candidates(): called twice; list every candidate in one call")
  endif()
  if(NOT arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "scanproof_add_candidates(): no candidate files or directories given")
  endif()
  set(timeout 60)
  if(DEFINED arg_TIMEOUT)
    set(timeout ${arg_TIMEOUT})
  elseif(DEFINED SCANPROOF_TEST_TIMEOUT)
    set(timeout ${SCANPROOF_TEST_TIMEOUT})
  endif()
  if(NOT timeout MATCHES "^[1-9][0-9]*$")
    message(FATAL_ERROR "scanproof_add_candidates(): TIMEOUT must be a positive number of seconds, not '${timeout}'")
  endif()

  scanproof_candidate_sources(sources "scanproof_add_candidates()" "${CMAKE_CURRENT_SOURCE_DIR}"
    ${arg_UNPARSED_ARGUMENTS})
  message(STATUS "scanproof: candidates: ${sources}")
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(";${sources};" MATCHES "\\.(c|rs);" AND NOT "C" IN_LIST languages)
    message(FATAL_ERROR "scanproof_add_candidates(): C and Rust candidate files need the C language: "
                        "project(<name> LANGUAGES C CXX)")
  endif()
  # The probe compiles each file alone at configure time, with the include
  # directories, compile definitions and options of scanproof and of
  # LIBRARIES (which are not built yet, so then it only compiles): the
  # flags the build will use. A LIBRARIES target whose usage requirements
  # are generator expressions cannot be probed: the build then decides alone.
  get_target_property(includes scanproof::core INTERFACE_INCLUDE_DIRECTORIES)
  set(definitions "")
  set(options "")
  set(run ON)
  foreach(lib IN LISTS arg_LIBRARIES)
    if(run STREQUAL "ON")  # -> OFF (compile only); a SKIP stays
      set(run OFF)
    endif()
    if(TARGET ${lib})
      foreach(usage IN ITEMS INCLUDE_DIRECTORIES COMPILE_DEFINITIONS COMPILE_OPTIONS)
        get_target_property(values ${lib} INTERFACE_${usage})
        if(values MATCHES "\\$<")
          set(run SKIP)
        elseif(values AND usage STREQUAL "INCLUDE_DIRECTORIES")
          list(APPEND includes ${values})
        elseif(values AND usage STREQUAL "COMPILE_DEFINITIONS")
          list(APPEND definitions ${values})
        elseif(values)
          list(APPEND options ${values})
        endif()
      endforeach()
    endif()
  endforeach()
  scanproof_probe_candidate_files(sources report "${includes}" "${definitions}" "${options}" ${run} ${sources})
  scanproof_write_candidate_report(${report})
  if(NOT sources)
    return()
  endif()
  scanproof_candidate_library(scanproof_candidates scanproof::core ${sources})
  target_link_libraries(scanproof_candidates PUBLIC ${arg_LIBRARIES})

  add_executable(scanproof_conformance
    "${SCANPROOF_DRIVER_DIR}/conformance_test.cpp" "${SCANPROOF_DRIVER_DIR}/signal_report.cpp"
    $<TARGET_OBJECTS:scanproof_candidates>)
  target_link_libraries(scanproof_conformance PRIVATE
    scanproof::checks "$<LINK_LIBRARY:WHOLE_ARCHIVE,scanproof::catalogue>" scanproof::core GTest::gtest ${arg_LIBRARIES} scanproof_candidates_rust)
  target_compile_definitions(scanproof_conformance PRIVATE SCANPROOF_CANDIDATES_ONLY=1)
  # The judge's table comes from a program without candidates or catalogue
  # (conformance/include/scanproof/judge.hpp).
  add_executable(scanproof_oracle_table "${SCANPROOF_DRIVER_DIR}/oracle_table.cpp")
  target_link_libraries(scanproof_oracle_table PRIVATE scanproof::checks scanproof::core)
  scanproof_driver_tests(scanproof_conformance PREFIX "conformance." JUDGE scanproof_oracle_table CHECK_REGISTRY
    PROPERTIES LABELS conformance TIMEOUT ${timeout})
  if(arg_WITH_CATALOGUE)
    # The catalogue's tests come from a driver that links no candidate, so no
    # candidate's start-up code can change an entry's verdict (docs/contracts.md).
    add_executable(scanproof_conformance_catalogue
      "${SCANPROOF_DRIVER_DIR}/conformance_test.cpp" "${SCANPROOF_DRIVER_DIR}/signal_report.cpp")
    target_link_libraries(scanproof_conformance_catalogue PRIVATE
      scanproof::checks "$<LINK_LIBRARY:WHOLE_ARCHIVE,scanproof::catalogue>" scanproof::core GTest::gtest)
    scanproof_driver_tests(scanproof_conformance_catalogue PREFIX "conformance." JUDGE scanproof_oracle_table
      CHECK_REGISTRY PROPERTIES LABELS conformance TIMEOUT ${timeout})
  endif()
endfunction()
