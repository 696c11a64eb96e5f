# Shared by toolchains/<target>.cmake for Debian's cross compilers
# (g++-<triple>) with the program run under qemu-user. The including file sets:
#   SCANPROOF_TRIPLE     GNU triple of the cross compiler, e.g. s390x-linux-gnu
#   SCANPROOF_PROCESSOR  CMAKE_SYSTEM_PROCESSOR, e.g. s390x
#   SCANPROOF_QEMU       qemu-user binary, e.g. qemu-s390x
#   SCANPROOF_QEMU_CPU   optional `qemu-<arch> -cpu help` model, e.g. ev56
#   SCANPROOF_QEMU_ENV   optional VAR=value entries set in the guest (qemu -E)
#   SCANPROOF_MULTIARCH  Debian multiarch directory if it differs from the triple
#                        (i686-linux-gnu's libraries live in /usr/lib/i386-linux-gnu)
#   SCANPROOF_PACKAGES   the Debian packages of compiler and emulator, for the
#                        error message when one is missing (and ci/setup)
#   SCANPROOF_CROSS_COMPILER  optional (-D, cached): `clang19` compiles the
#                        target's programs with clang 19 for SCANPROOF_TRIPLE
#                        (headers, libraries and linker of the GCC cross
#                        installation): the compiler, triple and flags of the IR
#                        `scanproof prove --target` proves (ci/matrix
#                        --prove-what-runs). Default: g++-<triple>.
include(${CMAKE_CURRENT_LIST_DIR}/require-program.cmake)
# try_compile projects read this file again: they must pick the same compiler.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES SCANPROOF_CROSS_COMPILER)
if(SCANPROOF_CROSS_COMPILER STREQUAL "clang19")
  scanproof_require_program(clang++-19 CMAKE_CXX_COMPILER)
  scanproof_require_program(clang-19 CMAKE_C_COMPILER)
  set(CMAKE_CXX_COMPILER_TARGET ${SCANPROOF_TRIPLE})
  set(CMAKE_C_COMPILER_TARGET ${SCANPROOF_TRIPLE})
elseif(SCANPROOF_CROSS_COMPILER)
  message(FATAL_ERROR "scanproof: SCANPROOF_CROSS_COMPILER=${SCANPROOF_CROSS_COMPILER} is not known (clang19, or unset for g++-${SCANPROOF_TRIPLE})")
else()
  scanproof_require_program(${SCANPROOF_TRIPLE}-g++ CMAKE_CXX_COMPILER)
  # C candidates (and GoogleTest's project) build with the target's C compiler;
  # gcc-<triple> comes with g++-<triple>.
  scanproof_require_program(${SCANPROOF_TRIPLE}-gcc CMAKE_C_COMPILER)
endif()
scanproof_require_program(${SCANPROOF_QEMU})
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ${SCANPROOF_PROCESSOR})
if(NOT SCANPROOF_MULTIARCH)
  set(SCANPROOF_MULTIARCH ${SCANPROOF_TRIPLE})
endif()
# Debian multiarch packages (libgtest-dev:s390x, ...) install into
# /usr/lib/<multiarch>; this makes find_package look there and not at the
# host's /usr/lib/x86_64-linux-gnu.
set(CMAKE_LIBRARY_ARCHITECTURE ${SCANPROOF_MULTIARCH})

# The cross toolchain's own sysroot, then the host prefixes (for multiarch
# packages and a GoogleTest built for this target, passed as GTest_DIR).
set(CMAKE_FIND_ROOT_PATH /usr/${SCANPROOF_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

# ctest, gtest_discover_tests and add_test(COMMAND <target>) run target
# programs through this; -L gives qemu the cross libc and libstdc++.
set(CMAKE_CROSSCOMPILING_EMULATOR ${SCANPROOF_QEMU} -L /usr/${SCANPROOF_TRIPLE})
if(SCANPROOF_QEMU_CPU)  # an older CPU model than qemu's default
  list(APPEND CMAKE_CROSSCOMPILING_EMULATOR -cpu ${SCANPROOF_QEMU_CPU})
endif()
# The guest's loader is the cross toolchain's (libc6-<arch>-cross, found
# through -L); through /etc/ld.so.cache it would also find a multiarch
# libc6:<arch> (another glibc build, pulled in by libgtest-dev:<arch> or
# libstd-rust-dev:<arch>) and mix the two. Measured here: fork() then hung
# under qemu-aarch64 and qemu-i386, and every program, even an empty main(),
# aborted with "stack smashing detected" under qemu-s390x and qemu-ppc64le.
# The cross sysroot's libraries come first.
list(APPEND CMAKE_CROSSCOMPILING_EMULATOR -E LD_LIBRARY_PATH=/usr/${SCANPROOF_TRIPLE}/lib)
foreach(_env IN LISTS SCANPROOF_QEMU_ENV)  # VAR=value for the guest (qemu -E)
  list(APPEND CMAKE_CROSSCOMPILING_EMULATOR -E ${_env})
endforeach()
# Where fork() hangs under the emulator, the checks run without their forking
# supervisor (SCANPROOF_NO_SUPERVISOR=1 for the guest).
include(${CMAKE_CURRENT_LIST_DIR}/emulator-forks.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/link-static.cmake)
