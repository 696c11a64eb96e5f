# unit.candidates.rust_toolchain_file (cmake -P): a crate's rust-toolchain.toml
# chooses its rustc, as rustup would (cmake/ScanproofRust.cmake:
# scanproof_rust_crate_toolchain): a channel this machine lacks is "not built
# here" naming the file, the channel and how to get it; one it has is that
# toolchain's rustc and cargo; the older rust-toolchain file and a file in a
# parent directory count; a -DSCANPROOF_RUSTC the user gave wins.
#   cmake -DSRC=<source dir> -DWORK=<scratch dir> -P rust_toolchain_test.cmake
cmake_minimum_required(VERSION 3.25)
set(CMAKE_BINARY_DIR "${WORK}")
include("${SRC}/cmake/ScanproofRust.cmake")
set(failures 0)
macro(fail what)
  message(SEND_ERROR "${what}")
  math(EXPR failures "${failures} + 1")
endmacro()
# As configure leaves it when the user gave nothing: the chosen rustc.
set(SCANPROOF_RUSTC /usr/bin/rustc)
set(SCANPROOF_RUSTC_CHOSEN /usr/bin/rustc)

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/absent/src" "${WORK}/legacy/src" "${WORK}/outer/crate/src")
file(WRITE "${WORK}/absent/Cargo.toml" "[package]\nname = \"absent\"\n")
file(WRITE "${WORK}/absent/rust-toolchain.toml" "[toolchain]\nchannel = \"0.0.1-scanproof-absent\"\ncomponents = [\"rustfmt\"]\n")
scanproof_rust_crate_toolchain(rustc cargo why "${WORK}/absent/Cargo.toml")
if(NOT why MATCHES "^not built here: ${WORK}/absent/rust-toolchain.toml asks for the Rust toolchain 0.0.1-scanproof-absent, (which rustup does not have here \\(rustup toolchain install 0.0.1-scanproof-absent\\)|and rustup is not installed here)")
  fail("a channel this machine lacks: why is '${why}'")
endif()
if(rustc)
  fail("a channel this machine lacks gives no rustc, got '${rustc}'")
endif()

# The older file, the channel alone; and a file in a parent directory.
file(WRITE "${WORK}/legacy/rust-toolchain" "0.0.2-scanproof-absent\n")
scanproof_rust_crate_toolchain(rustc cargo why "${WORK}/legacy/src/lib.rs")
if(NOT why MATCHES "legacy/rust-toolchain asks for the Rust toolchain 0.0.2-scanproof-absent")
  fail("the older rust-toolchain file: why is '${why}'")
endif()
file(WRITE "${WORK}/outer/rust-toolchain.toml" "[toolchain]\nchannel = \"0.0.3-scanproof-absent\"\n")
scanproof_rust_crate_toolchain(rustc cargo why "${WORK}/outer/crate/Cargo.toml")
if(NOT why MATCHES "outer/rust-toolchain.toml asks for the Rust toolchain 0.0.3-scanproof-absent")
  fail("a parent's file: why is '${why}'")
endif()

# The user's -DSCANPROOF_RUSTC wins over the file.
set(SCANPROOF_RUSTC /opt/my/rustc)
scanproof_rust_crate_toolchain(rustc cargo why "${WORK}/absent/Cargo.toml")
if(rustc OR why)
  fail("-DSCANPROOF_RUSTC given: want no override, got '${rustc}' / '${why}'")
endif()
set(SCANPROOF_RUSTC /usr/bin/rustc)

# A channel rustup has: that toolchain's rustc and cargo.
find_program(rustup NAMES rustup HINTS "$ENV{HOME}/.cargo/bin" NO_CACHE)
if(rustup)
  execute_process(COMMAND "${rustup}" toolchain list OUTPUT_VARIABLE list OUTPUT_STRIP_TRAILING_WHITESPACE)
  string(REGEX MATCH "^[^ \n]+" installed "${list}")
  file(WRITE "${WORK}/absent/rust-toolchain.toml" "[toolchain]\nchannel = \"${installed}\"\n")
  scanproof_rust_crate_toolchain(rustc cargo why "${WORK}/absent/Cargo.toml")
  execute_process(COMMAND "${rustup}" which rustc --toolchain "${installed}" OUTPUT_VARIABLE want OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rustc STREQUAL want OR NOT cargo OR why)
    fail("the installed toolchain ${installed}: rustc '${rustc}', want '${want}' (why '${why}')")
  endif()
else()
  message(STATUS "rustup is not installed: an installed channel's rustc is not checked here")
endif()
if(failures)
  message(FATAL_ERROR "${failures} failure(s)")
endif()
message(STATUS "rust toolchain files: every check passed")
