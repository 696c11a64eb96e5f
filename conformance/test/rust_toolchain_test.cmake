# unit.candidates.rust_toolchain_file (cmake -P): a crate's rust-toolchain.toml
# chooses its rustc, as rustup would (cmake/ScanproofRust.cmake:
# scanproof_rust_crate_toolchain, scanproof_rust_probe):
# - what is read of the file: [toolchain]'s channel or path, targets (as
#   information), components and profile (named as not read), comments and
#   other tables skipped; the older rust-toolchain file (the channel alone, or
#   the same TOML); a file in a parent directory;
# - a channel this machine lacks is "not built here" naming the file, the
#   channel and how to get it, and the probe gives that crate's candidates the
#   status "not built" (the one rule for what the machine lacks: the matrix's
#   incomplete, never red);
# - a -DSCANPROOF_RUSTC the user gave wins;
# - a channel rustup has (the first of `rustup toolchain list`) is that
#   toolchain's rustc and cargo, and an edition-2024 crate that names it is
#   built by it (the probe's staticlib says which rustc made it), where the
#   same crate without the file gets the "needs a newer Rust" message from
#   Debian's rustc 1.63.
# Without rustup the last part cannot be checked: the test says so and is a
# skip (SKIP_REGULAR_EXPRESSION), never a pass.
#   cmake -DSRC=<source dir> -DWORK=<scratch dir> -P rust_toolchain_test.cmake
cmake_minimum_required(VERSION 3.25)
set(CMAKE_BINARY_DIR "${WORK}")
include("${SRC}/cmake/ScanproofRust.cmake")
set(failures 0)
macro(fail what)
  message(SEND_ERROR "${what}")
  math(EXPR failures "${failures} + 1")
endmacro()
# As configure leaves it when the user gave nothing and Debian's is chosen.
set(SCANPROOF_RUSTC /usr/bin/rustc)
set(SCANPROOF_RUSTC_CHOSEN /usr/bin/rustc)
set(SCANPROOF_CARGO /usr/bin/cargo)

file(REMOVE_RECURSE "${WORK}")
file(MAKE_DIRECTORY "${WORK}/absent/src" "${WORK}/legacy/src" "${WORK}/outer/crate/src" "${WORK}/read")

# What is read of a file.
file(WRITE "${WORK}/read/rust-toolchain.toml" [=[
# channel = "not-this-one"
[other]
channel = "nor-this"
[toolchain]  # the one rustup reads
channel = "nightly-2025-01-01"  # a dated nightly
components = [ "rustfmt", "clippy" ]
targets = [
  "wasm32-unknown-unknown",  # one per line
  'thumbv7em-none-eabihf',
]
profile = "minimal"
[more]
channel = "nor-that"
]=])
_scanproof_rust_toolchain_read(r "${WORK}/read/rust-toolchain.toml")
if(NOT r_channel STREQUAL "nightly-2025-01-01" OR NOT r_path STREQUAL "" OR
   NOT r_targets STREQUAL "wasm32-unknown-unknown;thumbv7em-none-eabihf" OR NOT r_ignored STREQUAL "components;profile")
  fail("read: channel '${r_channel}', path '${r_path}', targets '${r_targets}', ignored '${r_ignored}'")
endif()
file(WRITE "${WORK}/read/rust-toolchain.toml" "[toolchain]\npath = \"tc/custom\"\n")
_scanproof_rust_toolchain_read(r "${WORK}/read/rust-toolchain.toml")
if(NOT r_path STREQUAL "${WORK}/read/tc/custom" OR r_channel)
  fail("read: a path toolchain, relative to the file: '${r_path}' (channel '${r_channel}')")
endif()
file(REMOVE "${WORK}/read/rust-toolchain.toml")
file(WRITE "${WORK}/read/rust-toolchain" "[toolchain]\nchannel = \"1.80.0\"\n")  # the older name, TOML inside
_scanproof_rust_toolchain_read(r "${WORK}/read/rust-toolchain")
if(NOT r_channel STREQUAL "1.80.0")
  fail("read: the older rust-toolchain file as TOML: channel '${r_channel}'")
endif()

# A channel this machine lacks.
set(absent_toml "[toolchain]\nchannel = \"0.0.1-scanproof-absent\"\ncomponents = [\"rustfmt\"]\n")
file(WRITE "${WORK}/absent/Cargo.toml" "[package]\nname = \"absent\"\nversion = \"0.1.0\"\nedition = \"2021\"\n")
file(WRITE "${WORK}/absent/src/lib.rs"
  "// scanproof: candidate(absent_lsb, lsb)\n#[no_mangle]\npub extern \"C\" fn absent_lsb(b: u64) -> u32 { b.trailing_zeros() }\n")
file(WRITE "${WORK}/absent/rust-toolchain.toml" "${absent_toml}")
set(absent_why "not built here: ${WORK}/absent/rust-toolchain.toml asks for the Rust toolchain 0.0.1-scanproof-absent, (which rustup does not have here \\(rustup toolchain install 0.0.1-scanproof-absent\\)|and rustup is not installed here)")
scanproof_rust_crate_toolchain(tc "${WORK}/absent/Cargo.toml")
if(NOT tc_why MATCHES "^${absent_why}")
  fail("a channel this machine lacks: why is '${tc_why}'")
endif()
if(tc_rustc)
  fail("a channel this machine lacks gives no rustc, got '${tc_rustc}'")
endif()
# ... and the probe says "not built" (what candidate-files.json carries to the matrix).
scanproof_rust_probe(status message libs "${WORK}/absent/Cargo.toml")
if(NOT status STREQUAL "not built" OR NOT message MATCHES "^${absent_why}")
  fail("the probe of a crate whose channel is not here: '${status}' / '${message}'")
endif()

# The older file, the channel alone; and a file in a parent directory.
file(WRITE "${WORK}/legacy/rust-toolchain" "0.0.2-scanproof-absent\n")
scanproof_rust_crate_toolchain(tc "${WORK}/legacy/src/lib.rs")
if(NOT tc_why MATCHES "legacy/rust-toolchain asks for the Rust toolchain 0.0.2-scanproof-absent")
  fail("the older rust-toolchain file: why is '${tc_why}'")
endif()
file(WRITE "${WORK}/outer/rust-toolchain.toml" "[toolchain]\nchannel = \"0.0.3-scanproof-absent\"\n")
scanproof_rust_crate_toolchain(tc "${WORK}/outer/crate/Cargo.toml")
if(NOT tc_why MATCHES "outer/rust-toolchain.toml asks for the Rust toolchain 0.0.3-scanproof-absent")
  fail("a parent's file: why is '${tc_why}'")
endif()
# A file that names no toolchain is the crate's own error, not the machine's.
file(WRITE "${WORK}/outer/rust-toolchain.toml" "[toolchain]\nprofile = \"minimal\"\n")
scanproof_rust_crate_toolchain(tc "${WORK}/outer/crate/Cargo.toml")
if(NOT tc_why MATCHES "names no toolchain" OR tc_why MATCHES "^not built here")
  fail("a file without a channel: why is '${tc_why}'")
endif()

# The user's -DSCANPROOF_RUSTC wins over the file.
set(SCANPROOF_RUSTC /opt/my/rustc)
scanproof_rust_crate_toolchain(tc "${WORK}/absent/Cargo.toml")
if(tc_rustc OR tc_why)
  fail("-DSCANPROOF_RUSTC given: want no override, got '${tc_rustc}' / '${tc_why}'")
endif()
set(SCANPROOF_RUSTC /usr/bin/rustc)

# A channel rustup has: that toolchain's rustc and cargo, and the crate built by it.
find_program(rustup NAMES rustup HINTS "$ENV{HOME}/.cargo/bin" NO_CACHE)
set(skip "")
if(NOT rustup)
  set(skip "rustup is not installed here, so a rust-toolchain.toml naming an installed toolchain cannot be checked (install rustup and a toolchain to run this part)")
else()
  execute_process(COMMAND "${rustup}" toolchain list OUTPUT_VARIABLE list OUTPUT_STRIP_TRAILING_WHITESPACE)
  string(REGEX MATCH "^[^ \n]+" installed "${list}")
  if(NOT installed OR installed MATCHES "^no$")  # "no installed toolchains"
    set(skip "rustup has no toolchain installed here ('${list}'), so a rust-toolchain.toml naming one cannot be checked")
  endif()
endif()
if(NOT skip)
  file(MAKE_DIRECTORY "${WORK}/new/src")
  file(WRITE "${WORK}/new/Cargo.toml" "[package]\nname = \"new2024\"\nversion = \"0.1.0\"\nedition = \"2024\"\n")
  file(WRITE "${WORK}/new/src/lib.rs"  # edition 2024: unsafe(no_mangle)
    "// scanproof: candidate(new_lsb, lsb)\n#[unsafe(no_mangle)]\npub extern \"C\" fn new_lsb(b: u64) -> u32 { b.trailing_zeros() }\n")
  file(WRITE "${WORK}/new/rust-toolchain.toml" "[toolchain]\nchannel = \"${installed}\"\ntargets = [\"wasm32-unknown-unknown\"]\n")
  scanproof_rust_crate_toolchain(tc "${WORK}/new/Cargo.toml")
  execute_process(COMMAND "${rustup}" which rustc --toolchain "${installed}" OUTPUT_VARIABLE want OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT tc_rustc STREQUAL want OR NOT tc_cargo OR tc_why)
    fail("the installed toolchain ${installed}: rustc '${tc_rustc}', want '${want}' (why '${tc_why}')")
  endif()
  if(NOT tc_about MATCHES "as ${WORK}/new/rust-toolchain.toml asks \\(toolchain ${installed}\\); its targets \\(wasm32-unknown-unknown\\) are information only")
    fail("what configure says of it: '${tc_about}'")
  endif()
  execute_process(COMMAND "${want}" --version OUTPUT_VARIABLE want_version OUTPUT_STRIP_TRAILING_WHITESPACE)
  string(REGEX MATCH "[0-9]+\\.[0-9]+\\.[0-9]+" want_version "${want_version}")
  scanproof_rust_probe(status message libs "${WORK}/new/Cargo.toml")
  if(NOT status STREQUAL "ok")
    fail("an edition-2024 crate naming ${installed}: the probe says '${status}' / '${message}'")
  else()
    scanproof_rust_work_dir(wd "${WORK}/new/Cargo.toml")
    scanproof_rust_cargo_lib(lib "${wd}/Cargo.toml")
    file(STRINGS "${lib}" made_by REGEX "rustc version [0-9]+\\.[0-9]+\\.[0-9]+" LIMIT_COUNT 1)
    if(NOT made_by MATCHES "rustc version ${want_version}")
      fail("the crate's staticlib ${lib} was made by '${made_by}', not ${want} (${want_version})")
    endif()
  endif()
  # Without the file the same crate is Debian's rustc's, which is too old for it.
  file(REMOVE "${WORK}/new/rust-toolchain.toml")
  if(EXISTS /usr/bin/cargo)
    scanproof_rust_probe(status message libs "${WORK}/new/Cargo.toml")
    if(NOT status STREQUAL "does not compile" OR NOT message MATCHES "needs a newer Rust than the one found: it says edition 2024")
      fail("the same crate without its rust-toolchain.toml, by /usr/bin/rustc: '${status}' / '${message}'")
    endif()
  endif()
endif()
if(failures)
  message(FATAL_ERROR "${failures} failure(s)")
endif()
if(skip)
  message("SKIPPED: ${skip}; every other check passed")
  return()
endif()
message(STATUS "rust toolchain files: every check passed")
