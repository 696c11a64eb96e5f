# scanproof_unity_build(<target>...): with SCANPROOF_UNITY_BUILD=ON, each of the
# suite's own targets is compiled as one translation unit (CMake's
# UNITY_BUILD), so the standard headers, GoogleTest, RapidCheck and
# nlohmann-json are parsed once per target instead of once per file. Only the
# harness: the catalogue's entries and the candidates stay one translation
# unit each (a candidate that does not compile must fail alone, and an entry's
# code must be what its own file says). ci/matrix turns it on (a cold build
# per target); it is off by default because a developer's edit of one file
# would then recompile its whole target.
option(SCANPROOF_UNITY_BUILD "Compile each harness target as one translation unit (ci/matrix: cold builds)" OFF)

function(scanproof_unity_build)
  if(NOT SCANPROOF_UNITY_BUILD)
    return()
  endif()
  foreach(target IN LISTS ARGN)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 0)
  endforeach()
endfunction()

# Code that runs once per process, command or implementation, never per input
# (the supervisor, the registry, reading a command line, writing JSON): at -Og,
# whose compile takes about 60 % of -O2's CPU on each of the matrix's targets
# (docs/measurements.md). The sweeps, the inputs and the scanners are built as the
# build says.
set(SCANPROOF_COLD_CODE_OPTIMIZATION $<$<COMPILE_LANG_AND_ID:CXX,GNU,Clang>:-Og>)
