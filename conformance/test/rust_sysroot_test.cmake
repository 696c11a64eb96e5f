# unit.candidates.rust_private_sysroot (cmake -P): a Rust std that ci/setup
# unpacked from its .deb into a sysroot of its own (ci/lib/rust-std.sh), not
# into rustc's, is found and used (cmake/ScanproofRust.cmake: the rustc runs
# through a wrapper with --sysroot <a sysroot of the build directory that
# links its own stds and the unpacked ones>, which the proof's bitcode uses
# too); one unpacked for another rustc version, or that the rustc cannot
# read, is not, and why is said where the std is missing.
#
# Without touching the machine and without any foreign std: the rustc is a
# copy of Debian's, whose own sysroot (beside the copy) has no std; the
# private sysroot is made by ci/lib/rust-std.sh's rust_sysroot_make, the very
# function ci/setup runs, and the host's std is put in it as an unpacked one
# (a directory of its own); the build pretends to cross-compile for the
# host's triple. That std is then where a foreign one unpacked from its .deb
# would be.
#   cmake -DSRC=<source dir> -DWORK=<scratch dir> -P rust_sysroot_test.cmake
cmake_minimum_required(VERSION 3.25)
if(NOT EXISTS /usr/bin/rustc OR NOT EXISTS /usr/bin/cargo)
  message("SKIPPED: Debian's rustc and cargo are not installed (apt-get install rustc libstd-rust-dev cargo)")
  return()
endif()
set(failures 0)
macro(fail what)
  message(SEND_ERROR "${what}")
  math(EXPR failures "${failures} + 1")
endmacro()
file(REMOVE_RECURSE "${WORK}")
set(CMAKE_BINARY_DIR "${WORK}/build")
file(MAKE_DIRECTORY "${CMAKE_BINARY_DIR}")

# A rustc with no std in its own sysroot (rustc's sysroot is its binary's ../).
file(COPY /usr/bin/rustc DESTINATION "${WORK}/bare/bin")
set(bare "${WORK}/bare/bin/rustc")
execute_process(COMMAND "${bare}" --print sysroot OUTPUT_VARIABLE s OUTPUT_STRIP_TRAILING_WHITESPACE)
execute_process(COMMAND /usr/bin/rustc -vV OUTPUT_VARIABLE vv)
string(REGEX MATCH "host: ([^\n]+)" _ "${vv}")
set(host "${CMAKE_MATCH_1}")
if(NOT s STREQUAL "${WORK}/bare" OR NOT host)
  message(FATAL_ERROR "a copy of /usr/bin/rustc does not take its sysroot from its place ('${s}'), or no host ('${host}')")
endif()

# The private sysroot, as ci/setup makes it.
set(sysroots "${WORK}/sysroots")
execute_process(COMMAND "${CMAKE_COMMAND}" -E env "SCANPROOF_RUST_SYSROOTS=${sysroots}" SCANPROOF_SETUP_RUSTC=/usr/bin/rustc
    bash -c ". ci/lib/common.sh && . ci/lib/rust-std.sh && rust_sysroot_make \"\$(rust_sysroots_dir)/test-1\" test-1"
  WORKING_DIRECTORY "${SRC}" RESULT_VARIABLE rc ERROR_VARIABLE err)
set(private "${sysroots}/test-1")
if(NOT rc EQUAL 0 OR NOT IS_SYMLINK "${private}/lib/rustlib/${host}" OR NOT EXISTS "${private}/scanproof-sysroot")
  message(FATAL_ERROR "rust_sysroot_make: status ${rc}, ${err}")
endif()
# The host's std as an unpacked one: a directory, its lib/ Debian's.
file(REMOVE "${private}/lib/rustlib/${host}")
file(MAKE_DIRECTORY "${private}/lib/rustlib/${host}")
file(CREATE_LINK "/usr/lib/rustlib/${host}/lib" "${private}/lib/rustlib/${host}/lib" SYMBOLIC)
file(WRITE "${private}/lib/rustlib/${host}/scanproof-unpacked-from-deb" "package=test\nversion=test-1\n")
# And one std the bare rustc has itself (as apt's would be): linked too.
file(MAKE_DIRECTORY "${WORK}/bare/lib/rustlib/scanproof-own-triple/lib")

# A cross build for ${host} whose first rustc ($RUSTC) is the bare one.
set(CMAKE_CROSSCOMPILING TRUE)
set(SCANPROOF_RUST_TARGET "${host}")
set(ENV{SCANPROOF_RUST_SYSROOTS} "${sysroots}")
set(ENV{RUSTC} "${bare}")
unset(ENV{CARGO})
include("${SRC}/cmake/ScanproofRust.cmake")
if(NOT SCANPROOF_RUSTC MATCHES "^${WORK}/build/scanproof-rust/sysroot-[0-9a-f]+/rustc$" OR
   NOT SCANPROOF_RUST_IR_RUSTC STREQUAL SCANPROOF_RUSTC)
  fail("the bare rustc with the private sysroot: SCANPROOF_RUSTC '${SCANPROOF_RUSTC}', IR '${SCANPROOF_RUST_IR_RUSTC}'")
endif()
execute_process(COMMAND "${SCANPROOF_RUSTC}" --print sysroot OUTPUT_VARIABLE s OUTPUT_STRIP_TRAILING_WHITESPACE)
file(READ_SYMLINK "${s}/lib/rustlib/${host}" unpacked)
file(READ_SYMLINK "${s}/lib/rustlib/scanproof-own-triple" own)
if(NOT s MATCHES "^${WORK}/build/scanproof-rust/sysroot-[0-9a-f]+/sysroot$" OR  # what proof/ asks of it too
   NOT unpacked STREQUAL "${private}/lib/rustlib/${host}" OR NOT own STREQUAL "${WORK}/bare/lib/rustlib/scanproof-own-triple")
  fail("the wrapper's sysroot '${s}': ${host} -> '${unpacked}', its own -> '${own}'")
endif()
if(NOT SCANPROOF_RUSTC_WHY MATCHES "^\\$RUSTC, with the Rust std for ${host} that ci/setup unpacked from its .deb into ${private}: .* runs ${bare} --sysroot")
  fail("why that rustc: '${SCANPROOF_RUSTC_WHY}'")
endif()
if(NOT SCANPROOF_CARGO STREQUAL "/usr/bin/cargo")
  fail("cargo: '${SCANPROOF_CARGO}', not Debian's (none beside the bare rustc)")
endif()

# A .rs file and a crate build with it.
file(WRITE "${WORK}/lsb.rs"
  "// scanproof: candidate(sysroot_lsb, lsb)\n#[no_mangle]\npub extern \"C\" fn sysroot_lsb(b: u64) -> u32 { b.trailing_zeros() }\n")
file(MAKE_DIRECTORY "${WORK}/crate/src")
file(WRITE "${WORK}/crate/Cargo.toml" "[package]\nname = \"sysroot_crate\"\nversion = \"0.1.0\"\nedition = \"2021\"\n")
file(WRITE "${WORK}/crate/src/lib.rs"
  "// scanproof: candidate(sysroot_pop, popcount)\n#[no_mangle]\npub extern \"C\" fn sysroot_pop(b: u64) -> u32 { b.count_ones() }\n")
foreach(src IN ITEMS "${WORK}/lsb.rs" "${WORK}/crate/Cargo.toml")
  scanproof_rust_probe(status message libs "${src}")
  if(NOT status STREQUAL "ok")
    fail("${src} with the private sysroot: '${status}' / '${message}'")
  endif()
endforeach()

# A host build with that rustc: wrapped too, so that the proof's bitcode for
# another target (proof/: `<IR rustc> --print sysroot`/lib/rustlib/<triple>)
# finds the unpacked std as it finds apt's.
set(CMAKE_CROSSCOMPILING FALSE)
_scanproof_rust_choose()
execute_process(COMMAND "${SCANPROOF_RUST_IR_RUSTC}" --print sysroot OUTPUT_VARIABLE s OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT EXISTS "${s}/lib/rustlib/${host}/lib" OR NOT EXISTS "${s}/lib/rustlib/scanproof-own-triple")
  fail("a host build: the proof's rustc '${SCANPROOF_RUST_IR_RUSTC}' has the sysroot '${s}' without both stds")
endif()
set(CMAKE_CROSSCOMPILING TRUE)
_scanproof_rust_choose()

# The bare rustc itself (as a -DSCANPROOF_RUSTC would give it): its own
# sysroot has no std, so the file is not built here, saying how to get it.
set(wrapper "${SCANPROOF_RUSTC}")
set(SCANPROOF_RUSTC "${bare}")
scanproof_rust_probe(status message libs "${WORK}/lsb.rs")
if(NOT status STREQUAL "not built" OR
   NOT message MATCHES "^not built here: no Rust standard library for ${host} in ${bare}'s sysroot \\(.*ci/setup --rust, which unpacks its .deb into a sysroot of its own")
  fail("the bare rustc alone: '${status}' / '${message}'")
endif()
unset(SCANPROOF_RUSTC)  # the cache's again

# A sysroot made for another rustc version: not used, and said.
file(READ "${private}/scanproof-sysroot" marker)
string(REGEX REPLACE "rustc-version=[^\n]*" "rustc-version=rustc 0.0.1" other "${marker}")
file(WRITE "${private}/scanproof-sysroot" "${other}")
_scanproof_rust_choose()
get_property(why GLOBAL PROPERTY SCANPROOF_RUST_SYSROOT_WHY)
if(SCANPROOF_RUSTC STREQUAL wrapper OR NOT why MATCHES "${private} holds the Rust std for ${host} unpacked for rustc 0.0.1 \\(Debian's rustc test-1\\), and ${bare} is rustc [0-9.]+: ci/setup --rust unpacks")
  fail("a sysroot for another rustc: SCANPROOF_RUSTC '${SCANPROOF_RUSTC}', why '${why}'")
endif()
file(WRITE "${private}/scanproof-sysroot" "${marker}")

# One whose std another build made (rustup's, where there is one): rustc
# cannot read it, so it is not used, and said.
find_program(rustup NAMES rustup HINTS "$ENV{HOME}/.cargo/bin" NO_CACHE)
if(rustup)
  execute_process(COMMAND "${rustup}" which rustc OUTPUT_VARIABLE other_rustc OUTPUT_STRIP_TRAILING_WHITESPACE
    RESULT_VARIABLE rc ERROR_QUIET)
  execute_process(COMMAND "${other_rustc}" --print sysroot OUTPUT_VARIABLE other OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(rc EQUAL 0 AND EXISTS "${other}/lib/rustlib/${host}/lib")
    file(REMOVE "${private}/lib/rustlib/${host}/lib")
    file(CREATE_LINK "${other}/lib/rustlib/${host}/lib" "${private}/lib/rustlib/${host}/lib" SYMBOLIC)
    _scanproof_rust_choose()
    get_property(why GLOBAL PROPERTY SCANPROOF_RUST_SYSROOT_WHY)
    if(SCANPROOF_RUSTC STREQUAL wrapper OR NOT why MATCHES "${bare} --sysroot ${private} cannot read its std for ${host}: error")
      fail("a std of another rustc build: SCANPROOF_RUSTC '${SCANPROOF_RUSTC}', why '${why}'")
    endif()
  endif()
endif()

if(failures)
  message(FATAL_ERROR "${failures} failure(s)")
endif()
message(STATUS "private Rust sysroot: every check passed")
