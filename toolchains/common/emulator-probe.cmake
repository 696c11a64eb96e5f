# scanproof_emulator_probe(<VAR> <DOC> SOURCE <file.c> [FLAGS <flag>...]
#                          [REQUIRE_BUILD] [OFF_MESSAGE <text>])
# A fact about the target's emulator, measured: <file.c> is built with the
# target's C compiler (its --target for clang cross builds) and FLAGS, run under
# CMAKE_CROSSCOMPILING_EMULATOR for at most 10 s, and the cache BOOL <VAR> is ON
# if it exits 0, OFF otherwise (OFF_MESSAGE is then printed with the result).
# Without REQUIRE_BUILD a program that does not build means OFF; with it, a
# configure error naming the compiler. Measured once per build directory and
# again when the emulator's command line changes (<VAR>_UNDER); never in
# try_compile projects (they run nothing: list <VAR> in
# CMAKE_TRY_COMPILE_PLATFORM_VARIABLES to pass the result on) nor in script
# mode (ci/lib/emulator.cmake reads the toolchain files).
function(scanproof_emulator_probe var doc)
  cmake_parse_arguments(PARSE_ARGV 2 arg "REQUIRE_BUILD" "SOURCE;OFF_MESSAGE" "FLAGS")
  string(JOIN " " emulator ${CMAKE_CROSSCOMPILING_EMULATOR})
  # A try_compile project reads the toolchain file before CMake sets
  # CMAKE_IN_TRY_COMPILE (3.25, measured); its project is CMAKE_TRY_COMPILE.
  # Without that test every try_compile of a configure (a candidate file's
  # probe, each time) built and ran both probes again under the emulator.
  if(CMAKE_IN_TRY_COMPILE OR PROJECT_NAME STREQUAL "CMAKE_TRY_COMPILE" OR CMAKE_SCRIPT_MODE_FILE OR
     (DEFINED ${var} AND "${${var}_UNDER}" STREQUAL emulator))
    return()
  endif()
  set(cc ${CMAKE_C_COMPILER})
  if(NOT cc)  # toolchains that keep the host's compiler
    set(cc cc)
  endif()
  if(CMAKE_C_COMPILER_TARGET)  # clang for another triple
    list(APPEND cc --target=${CMAKE_C_COMPILER_TARGET})
  endif()
  get_filename_component(name ${arg_SOURCE} NAME_WE)
  set(program ${CMAKE_BINARY_DIR}/CMakeFiles/scanproof-${name})
  file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/CMakeFiles)
  execute_process(COMMAND ${cc} ${arg_FLAGS} ${arg_SOURCE} -o ${program}
                  RESULT_VARIABLE built OUTPUT_QUIET ERROR_VARIABLE error)
  set(ran "not built: ${built}")
  if(built EQUAL 0)
    execute_process(COMMAND ${CMAKE_CROSSCOMPILING_EMULATOR} ${program} TIMEOUT 10
                    RESULT_VARIABLE ran OUTPUT_QUIET ERROR_QUIET)
  elseif(arg_REQUIRE_BUILD)
    message(FATAL_ERROR "scanproof: ${cc} cannot build a C program for this target:\n${error}")
  endif()
  set(${var}_UNDER "${emulator}" CACHE INTERNAL "the emulator ${var} was measured under")
  if(ran EQUAL 0)
    set(${var} ON CACHE BOOL "${doc} (measured at configure time)" FORCE)
  else()
    set(${var} OFF CACHE BOOL "${doc} (measured at configure time)" FORCE)
    message(STATUS "scanproof: ${arg_OFF_MESSAGE} (${ran})")
  endif()
endfunction()
