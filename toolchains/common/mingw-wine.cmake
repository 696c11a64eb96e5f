# Shared by toolchains/<target>-windows.cmake: Debian's mingw-w64 g++ with
# POSIX threads, linked -static (libstdc++, libgcc, winpthread: no DLLs to
# find), run headless under Wine. The including file sets:
#   SCANPROOF_MINGW      mingw-w64 triple, e.g. i686-w64-mingw32
#   SCANPROOF_PROCESSOR  CMAKE_SYSTEM_PROCESSOR, e.g. x86
#   SCANPROOF_RUNNER     the Wine loader the target's programs need (wine64
#                        for 64-bit ones; wine, from wine32:i386, for 32-bit
#                        ones, which wine64 hands to it)
#   SCANPROOF_PACKAGES   the Debian packages of compiler and Wine
include(${CMAKE_CURRENT_LIST_DIR}/require-program.cmake)
scanproof_require_program(${SCANPROOF_MINGW}-g++-posix CMAKE_CXX_COMPILER)
# C candidates and GoogleTest's project build with the C compiler.
scanproof_require_program(${SCANPROOF_MINGW}-gcc-posix CMAKE_C_COMPILER)
scanproof_require_program(${SCANPROOF_RUNNER})

set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR ${SCANPROOF_PROCESSOR})
set(CMAKE_FIND_ROOT_PATH /usr/${SCANPROOF_MINGW})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
set(CMAKE_EXE_LINKER_FLAGS_INIT -static)

# Wine prefix: <build dir>/wine-prefix (toolchains/run/wine finds the build
# dir; Debian's wine64 runs a 32-bit program through wine32's loader in the
# same prefix).
set(CMAKE_CROSSCOMPILING_EMULATOR ${CMAKE_CURRENT_LIST_DIR}/../run/wine)
# The prefix of the programs that run while the build directory has no
# CMakeCache.txt yet (the candidates' start-up probes), made now: under the
# launcher's sandbox nothing new can be made directly in the build directory,
# and a candidate's probe failed with "wine: chdir to .../wine-prefix: No such
# file or directory", blamed on its start-up code.
file(MAKE_DIRECTORY "${CMAKE_BINARY_DIR}/wine-prefix")
