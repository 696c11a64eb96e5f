# wasm32: WebAssembly (wasm32-wasi), little-endian, ILP32 (32-bit long and
# pointers), built by clang 19 with Debian's wasi-libc and libc++ and run by
# Node's WASI (toolchains/run/node-wasi.js).
# What WASI lacks, and how the build copes:
# - threads: none. GoogleTest is built with gtest_disable_pthreads=ON
#   (SCANPROOF_GTEST_CMAKE_ARGS); the suite starts no threads.
# - signals: only wasi-libc's emulation (signal/raise, -D_WASI_EMULATED_SIGNAL
#   and -lwasi-emulated-signal below); a fault traps and ends the instance,
#   which the runner reports as exit status 134.
# - processes and descriptors: no fork/exec/dup, so no death tests (GoogleTest
#   has none here), no GoogleTest output capture (GTEST_HAS_STREAM_REDIRECTION=0
#   below) and no `scanproof bench` (conformance/scanproof_command/scanproof.cpp says so).
# - exceptions: wasm32 libc++abi has no __cxa_throw, so -fno-exceptions (below):
#   the C++ library aborts where it would throw, and the property driver's
#   guard against a property's own bug aborts instead of catching.
# Its facts (triple, Debian packages, emulator, ...) are data: wasm32.facts.
include(${CMAKE_CURRENT_LIST_DIR}/common/target-facts.cmake)
scanproof_target_facts(${CMAKE_CURRENT_LIST_DIR}/wasm32.facts)
include(${CMAKE_CURRENT_LIST_DIR}/common/require-program.cmake)
scanproof_require_program(${SCANPROOF_CXX} CMAKE_CXX_COMPILER)
scanproof_require_program(clang-19 CMAKE_C_COMPILER)  # GoogleTest's project enables C
scanproof_require_program(wasm-ld-19)
scanproof_require_program(${SCANPROOF_RUNNER} _scanproof_node)
if(NOT EXISTS /usr/lib/wasm32-wasi/libc++.a OR NOT EXISTS /usr/lib/wasm32-wasi/libc.a)
  message(FATAL_ERROR "scanproof: wasi-libc or libc++ for wasm32 not found in /usr/lib/wasm32-wasi; "
    "target wasm32 needs the Debian packages ${SCANPROOF_PACKAGES}")
endif()

set(CMAKE_SYSTEM_NAME Generic)  # CMake 3.25 has no WASI platform module
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(CMAKE_C_COMPILER_TARGET wasm32-wasi)
set(CMAKE_CXX_COMPILER_TARGET wasm32-wasi)
# The sysroot is a directory of links to Debian's wasi-libc and libc++
# (/usr/include/wasm32-wasi, /usr/lib/wasm32-wasi) and nothing else: clang's
# WASI driver also searches <sysroot>/include and <sysroot>/local/include, and
# with /usr as the sysroot a header wasi-libc lacks (<pthread.h>) was taken
# from the host's glibc instead of failing to compile for wasm32.
# (Not in script mode, `cmake -P`, which reads this file for its facts and
# emulator only and has no build directory.)
if(NOT CMAKE_SCRIPT_MODE_FILE)
  set(_scanproof_wasi_sysroot ${CMAKE_BINARY_DIR}/wasi-sysroot)
  foreach(_dir include lib)
    file(MAKE_DIRECTORY ${_scanproof_wasi_sysroot}/${_dir})
    if(NOT EXISTS ${_scanproof_wasi_sysroot}/${_dir}/wasm32-wasi)
      file(CREATE_LINK /usr/${_dir}/wasm32-wasi ${_scanproof_wasi_sysroot}/${_dir}/wasm32-wasi SYMBOLIC)
    endif()
  endforeach()
  set(CMAKE_SYSROOT ${_scanproof_wasi_sysroot})
endif()
# GoogleTest's output capture needs dup/dup2/mkstemp, which WASI lacks; set
# for every compile so its library and the tests agree on gtest-port.h.
set(CMAKE_C_FLAGS_INIT "-D_WASI_EMULATED_SIGNAL")
set(CMAKE_CXX_FLAGS_INIT "-D_WASI_EMULATED_SIGNAL -DGTEST_HAS_STREAM_REDIRECTION=0")
# -fno-exceptions last on every compile line: GoogleTest's own CMake adds
# -fexceptions to its library, which would then need the missing __cxa_throw.
set(CMAKE_CXX_COMPILE_OBJECT
    "<CMAKE_CXX_COMPILER> <DEFINES> <INCLUDES> <FLAGS> -fno-exceptions -o <OBJECT> -c <SOURCE>")
set(CMAKE_EXE_LINKER_FLAGS_INIT -lwasi-emulated-signal)

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)

# --single-threaded: with V8's background compile threads, Node 20 crashed
# (SIGSEGV) at exit in about 1 of 4 runs when two ran at once (measured here:
# 0 of 12 runs with it, and no slower).
# --no-turbo-fast-api-calls: node:wasi's functions are V8 fast API calls, and
# one that allocates (uvwasi: fd_read, fd_write, path_open) reports it to V8,
# which may start a GC inside the call once the instance's memory has grown
# far since the last one (nodejs/node#46777): V8's heap is then corrupt and
# Node 20 crashed (SIGSEGV in V8, after the program's last line). Measured
# with 20.20: a program that grows its memory to 200 MB and then reads a file
# crashed in every run, and in none with this flag; a conformance test that
# read its input sets from the files likewise (inputs.cpp).
# --experimental-wasi-unstable-preview1: Node 18 (Debian 12's nodejs) needs it
# for node:wasi, Node 20 ignores it (measured with 20.20 only).
set(CMAKE_CROSSCOMPILING_EMULATOR ${_scanproof_node} --no-warnings --single-threaded --no-turbo-fast-api-calls
    --experimental-wasi-unstable-preview1 ${CMAKE_CURRENT_LIST_DIR}/run/node-wasi.js)
# Batch mode (SCANPROOF_BATCH_TESTS) without fork: the runner runs each test of
# a batch in a WebAssembly instance of its own, the module compiled once
# (node-wasi.js --scanproof-batch; SCANPROOF_EMULATOR_RUNS_BATCH in wasm32.facts).
