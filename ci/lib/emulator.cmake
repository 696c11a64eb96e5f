# cmake -DTOOLCHAIN=toolchains/<target>.cmake -P ci/lib/emulator.cmake
# Prints the target's CMAKE_CROSSCOMPILING_EMULATOR (space-separated), so
# ci/matrix runs `scanproof` exactly as ctest does, without restating it.
include(${TOOLCHAIN})
list(JOIN CMAKE_CROSSCOMPILING_EMULATOR " " emulator)
execute_process(COMMAND ${CMAKE_COMMAND} -E echo "${emulator}")
