# cmake -DCOMMAND=<prog|arg|...> -DEXPECT=<regex> -P expect_failure.cmake
# Passes only if COMMAND exits non-zero AND its output matches EXPECT: a test
# that a failure is detected and reported, which cannot pass by exiting 0 or
# by crashing with some other message. '|' separates the arguments (the
# emulator, when cross-compiling, comes first).
string(REPLACE "|" ";" cmd "${COMMAND}")
execute_process(COMMAND ${cmd} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(rc EQUAL 0)
  message(FATAL_ERROR "expected a failure, but the command succeeded:\n${out}")
endif()
if(NOT out MATCHES "${EXPECT}")
  message(FATAL_ERROR "the command failed (${rc}) without the expected report /${EXPECT}/:\n${out}")
endif()
message(STATUS "failed as expected (${rc}):\n${out}")
