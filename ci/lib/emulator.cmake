# cmake -DTOOLCHAIN=toolchains/<target>.cmake [-DBUILD_DIR=<its build>] -P ci/lib/emulator.cmake
# Prints the target's CMAKE_CROSSCOMPILING_EMULATOR (space-separated), so
# ci/matrix runs `scanproof` exactly as ctest does, without restating it.
# With BUILD_DIR, what that build's configure measured of the emulator
# (SCANPROOF_EMULATOR_FORKS: toolchains/common/cross-gnu.cmake) applies too.
if(BUILD_DIR AND EXISTS ${BUILD_DIR}/CMakeCache.txt)
  file(STRINGS ${BUILD_DIR}/CMakeCache.txt _forks REGEX "^SCANPROOF_EMULATOR_FORKS:BOOL=")
  if(_forks)
    string(REGEX REPLACE "^[^=]*=" "" SCANPROOF_EMULATOR_FORKS "${_forks}")
  endif()
endif()
include(${TOOLCHAIN})
list(JOIN CMAKE_CROSSCOMPILING_EMULATOR " " emulator)
execute_process(COMMAND ${CMAKE_COMMAND} -E echo "${emulator}")
