# unit.candidates.directives (cmake -P): the `scanproof:` comment lines of a
# candidate file, read by the one reader (cmake/ScanproofDirectives.cmake) for
# a C/C++ file's flags, a Rust file's declarations and the names of the
# candidates of a file that does not compile; a malformed directive is a
# configure error naming the file and the line.
#   cmake -DSRC=<source dir> -DWORK=<scratch dir> -P directives_test.cmake
cmake_minimum_required(VERSION 3.25)
set(CMAKE_BINARY_DIR "${WORK}")
include("${SRC}/cmake/ScanproofCandidates.cmake")
set(failures 0)
macro(expect what got want)
  if(NOT "${got}" STREQUAL "${want}")
    message(SEND_ERROR "${what}: got '${got}', want '${want}'")
    math(EXPR failures "${failures} + 1")
  endif()
endmacro()

file(MAKE_DIRECTORY "${WORK}/inc")
# Both comment forms, indented or not; directives inside code lines and other
# keywords are not read.
file(WRITE "${WORK}/good.cpp" "// scanproof: include inc\n  /* scanproof: define IS_64BIT */\n// scanproof:   define N=2\n// scanproof: std c++17\nint x;  // scanproof: define NOT_A_DIRECTIVE\n// scanproof: candidate(rust_only, lsb)\n")
scanproof_candidate_file_flags("${WORK}/good.cpp" includes defines std)
expect("include" "${includes}" "${WORK}/inc")
expect("defines" "${defines}" "IS_64BIT;N=2")
expect("std" "${std}" "c++17")

# The candidates of a file that does not compile, pops among them (their op
# is pop_lsb, not "pop").
file(READ "${WORK}/good.cpp" unused)
_scanproof_named_candidates(pairs [=[
SCANPROOF_CANDIDATE(pop_lsb, scanproof::op::pop_lsb);
SCANPROOF_CANDIDATE(poplsb, SCANPROOF_POP_LSB);
SCANPROOF_CANDIDATE_NAMED(yo_pop, &YaneuraOu::Bitboard::pop, scanproof::op::pop_lsb, .high_offset = 63);
SCANPROOF_CANDIDATE_EXPR(my_count, uint64_t bb, BitCount(bb), SCANPROOF_POPCOUNT);
// scanproof: candidate(rust_pop, pop_msb)
]=])
expect("named candidates" "${pairs}" "pop_lsb pop_lsb;pop_lsb poplsb;pop_lsb yo_pop;popcount my_count;pop_msb rust_pop")

# Rust declarations come from the same reader.
file(WRITE "${WORK}/scanners.rs" "// scanproof: candidate(a_pop, pop_lsb)\n#[no_mangle]\npub extern \"C\" fn a_pop(b: &mut u64) -> u32 { 0 }\n/* scanproof: candidate(b_lsb, lsb) */\n#[no_mangle]\npub extern \"C\" fn b_lsb(b: u64) -> u32 { 0 }\n")
scanproof_rust_declarations(entries error "${WORK}/scanners.rs")
expect("rust declarations" "${entries}" "pop_lsb|a_pop|uint32_t|uint64_t*||||;lsb|b_lsb|uint32_t|uint64_t||||")
expect("rust errors" "${error}" "")

# Malformed directives: a configure error naming the file and the line.
foreach(case IN ITEMS "two values|// scanproof: define A B|'scanproof: define A B': a directive takes one value"
                      "no value|// scanproof: include|'scanproof: include': a directive takes one value"
                      "missing directory|// scanproof: include nowhere|include directory '${WORK}/nowhere' does not exist"
                      "old dialect|// scanproof: std c++14|`scanproof: std c++14`: a C++ candidate's dialect is c++17 or later")
  string(REPLACE "|" ";" case "${case}")
  list(GET case 0 name)
  list(GET case 1 line)
  list(GET case 2 want)
  file(WRITE "${WORK}/bad.cpp" "${line}\n")
  # The same policies as the project's (cmake/ScanproofRust.cmake uses IN_LIST).
  file(WRITE "${WORK}/bad.cmake" "cmake_minimum_required(VERSION 3.25)\nset(CMAKE_BINARY_DIR \"${WORK}\")\ninclude(\"${SRC}/cmake/ScanproofCandidates.cmake\")\nscanproof_candidate_file_flags(\"${WORK}/bad.cpp\" i d s)\n")
  execute_process(COMMAND "${CMAKE_COMMAND}" -P "${WORK}/bad.cmake" RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE err)
  string(REGEX REPLACE "[ \n]+" " " err "${err}")
  string(FIND "${err}" "${WORK}/bad.cpp: ${want}" at)
  if(rc EQUAL 0 OR at EQUAL -1)
    message(SEND_ERROR "${name}: no configure error '${want}' (exit ${rc}): ${err}")
    math(EXPR failures "${failures} + 1")
  endif()
endforeach()
if(failures GREATER 0)
  message(FATAL_ERROR "${failures} failures")
endif()
message(STATUS "directives: all checks passed")
