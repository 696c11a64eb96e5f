# cmake -DBENCH=<bench_exit_fixture> -DIMPL=<name> -DHOW=_exit|std_exit -P expect_incomplete.cmake
# Runs the bench over a scanner that ends the process mid-measurement and
# fails unless the run is reported incomplete, naming IMPL, with status 3.
set(ENV{SCANPROOF_FIXTURE_EXIT} "${HOW}")
execute_process(COMMAND "${BENCH}" --impl "${IMPL}" --min-time 0.0005 --repetitions 1
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "exit status: ${rc}\nstdout:\n${out}\nstderr:\n${err}")
if(NOT rc EQUAL 3)
  message(FATAL_ERROR "expected exit status 3 (did not complete), got '${rc}'")
endif()
# _exit(0) leaves status 0; std::exit(0) runs exit handlers, and in a
# sanitizer build the leak checker may change the status.
if(HOW STREQUAL "_exit")
  set(status "0")
else()
  set(status "[0-9]+")
endif()
set(want "DID NOT COMPLETE: scanproof: bench.popcount/${IMPL}/[a-z]+/[a-z]+: the process ended during the check \\(exit status ${status}\\).*impl=${IMPL} check=measuring popcount/${IMPL}/")
if(NOT err MATCHES "${want}")
  message(FATAL_ERROR "stderr does not say that the run stopped while measuring '${IMPL}'")
endif()
if(out MATCHES "harness check|total [0-9]")
  message(FATAL_ERROR "stdout shows results of a run that did not complete")
endif()
