# The `scanproof:` comment lines of a candidate file, read in one place for
# every kind: a C or C++ file's build flags (include, define, std;
# ScanproofCandidates.cmake) and the declarations of a Rust file or crate
# (candidate(...); ScanproofRust.cmake). A directive is a comment at the start
# of a line, a line comment or a one-line block comment:
#   // scanproof: <keyword> <value>
#   /* scanproof: <keyword> <value> */
include_guard(GLOBAL)

# scanproof_directives(<out> <text> <keywords>): "<keyword>|<value>" for each
# directive of <text> whose keyword is one of <keywords> (a regex alternation,
# e.g. "include|define|std"), in order; <value> is the rest of the line,
# stripped, without a closing */ ("" if there is none).
function(scanproof_directives out text keywords)
  string(REGEX MATCHALL "(^|\n)[ \t]*(//|/\\*)[ \t]*scanproof:[^\n]*" lines "${text}")
  set(found "")
  foreach(line IN LISTS lines)
    if(line MATCHES "^(.*)\\*/[ \t\r]*$")  # a block comment's end
      set(line "${CMAKE_MATCH_1}")
    endif()
    if(line MATCHES "scanproof:[ \t]*([A-Za-z_]+)(.*)$")
      set(keyword "${CMAKE_MATCH_1}")
      string(STRIP "${CMAKE_MATCH_2}" value)
      if(keyword MATCHES "^(${keywords})$")
        list(APPEND found "${keyword}|${value}")
      endif()
    endif()
  endforeach()
  set(${out} "${found}" PARENT_SCOPE)
endfunction()
