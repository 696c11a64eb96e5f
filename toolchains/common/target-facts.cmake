# scanproof_target_facts(<file> [PREFIX <prefix>]): sets <prefix>VAR to value
# for every VAR=value line of a target's facts file (toolchains/<target>.facts;
# `#` lines are comments; the value is the rest of the line, unquoted, and may
# be empty or a ;-list). The toolchain file reads its own facts with no prefix;
# proof/CMakeLists.txt reads every target's with one. ci/lib/targets.sh and
# ci/matrixjob/targets.py read the same file, so a fact is written once.
function(scanproof_target_facts file)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "PREFIX" "")
  if(NOT EXISTS "${file}")
    message(FATAL_ERROR "scanproof: no facts file ${file}")
  endif()
  file(STRINGS "${file}" lines)  # one element per line (a ; in a line is kept)
  foreach(line IN LISTS lines)
    if(line MATCHES "^#" OR line STREQUAL "")
      continue()
    endif()
    if(NOT line MATCHES "^([A-Z][A-Z0-9_]*)=(.*)$")
      message(FATAL_ERROR "scanproof: ${file}: '${line}' is not a VAR=value line")
    endif()
    set(${arg_PREFIX}${CMAKE_MATCH_1} "${CMAKE_MATCH_2}" PARENT_SCOPE)
  endforeach()
endfunction()
