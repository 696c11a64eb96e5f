# Tests of the candidate mechanism itself (label unit), on a nested build of
# this project with the fixture directories; see candidates_in_tree_test.sh.
# The nested build uses this build's compiler and SCANPROOF_SANITIZE, so under
# the sanitize preset the hostile candidates' memory errors must be sanitizer
# findings. Not registered when cross-compiling (the nested build is native).
if(CMAKE_CROSSCOMPILING)
  return()
endif()

# Each refused registration of bad_candidates/ (an `expect:` line) fails to
# compile with its own message: cheap, no nested build.
add_test(NAME unit.candidates.signature_errors
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/test/bad_candidates_test.sh
    "${PROJECT_SOURCE_DIR}" "${CMAKE_CXX_COMPILER}" "${CMAKE_C_COMPILER}")
set_tests_properties(unit.candidates.signature_errors PROPERTIES LABELS unit TIMEOUT 300)

# The `scanproof:` comment lines (cmake/ScanproofDirectives.cmake): flags,
# Rust declarations, the names of a failed file's candidates, and the errors
# a malformed directive gives. cmake -P, no build.
add_test(NAME unit.candidates.directives
  COMMAND "${CMAKE_COMMAND}" "-DSRC=${PROJECT_SOURCE_DIR}" "-DWORK=${CMAKE_CURRENT_BINARY_DIR}/directives_test"
    -P "${CMAKE_CURRENT_SOURCE_DIR}/test/directives_test.cmake")
set_tests_properties(unit.candidates.directives PROPERTIES LABELS unit TIMEOUT 120)

# A crate's rust-toolchain.toml chooses its rustc (cmake/ScanproofRust.cmake:
# scanproof_rust_crate_toolchain); a channel the machine lacks is "not built
# here"; one rustup has builds the crate. Without rustup that last part
# cannot be checked: a skip that says so.
add_test(NAME unit.candidates.rust_toolchain_file
  COMMAND "${CMAKE_COMMAND}" "-DSRC=${PROJECT_SOURCE_DIR}" "-DWORK=${CMAKE_CURRENT_BINARY_DIR}/rust_toolchain_test"
    -P "${CMAKE_CURRENT_SOURCE_DIR}/test/rust_toolchain_test.cmake")
set_tests_properties(unit.candidates.rust_toolchain_file PROPERTIES LABELS "unit;rust" TIMEOUT 300
  SKIP_REGULAR_EXPRESSION "SKIPPED: ")

# A Rust std that ci/setup unpacked from its .deb into a sysroot of its own
# (ci/lib/rust-std.sh) is used with --sysroot; one for another rustc is not,
# and said (cmake/ScanproofRust.cmake). cmake -P, no nested build; a skip
# without Debian's rustc.
add_test(NAME unit.candidates.rust_private_sysroot
  COMMAND "${CMAKE_COMMAND}" "-DSRC=${PROJECT_SOURCE_DIR}" "-DWORK=${CMAKE_CURRENT_BINARY_DIR}/rust_sysroot_test"
    -P "${CMAKE_CURRENT_SOURCE_DIR}/test/rust_sysroot_test.cmake")
set_tests_properties(unit.candidates.rust_private_sysroot PROPERTIES LABELS "unit;rust" TIMEOUT 300
  SKIP_REGULAR_EXPRESSION "SKIPPED: ")

set(_tree "${CMAKE_CURRENT_BINARY_DIR}/candidates_in_tree")
set(_script "${CMAKE_CURRENT_SOURCE_DIR}/test/candidates_in_tree_test.sh")
set(_args "${PROJECT_SOURCE_DIR}" "${_tree}" "${CMAKE_CXX_COMPILER}" "$<IF:$<BOOL:${SCANPROOF_SANITIZE}>,ON,OFF>")

add_test(NAME unit.candidates.nested_build COMMAND ${_script} build ${_args})
add_test(NAME unit.candidates.hostile COMMAND ${_script} hostile ${_args})
add_test(NAME unit.candidates.shapes COMMAND ${_script} shapes ${_args})
add_test(NAME unit.candidates.build_errors COMMAND ${_script} errors ${_args})
set_tests_properties(unit.candidates.nested_build PROPERTIES
  LABELS unit FIXTURES_SETUP scanproof_candidates_tree RESOURCE_LOCK scanproof_candidates_tree
  TIMEOUT 900)
set_tests_properties(unit.candidates.hostile unit.candidates.shapes unit.candidates.build_errors PROPERTIES
  LABELS unit FIXTURES_REQUIRED scanproof_candidates_tree RESOURCE_LOCK scanproof_candidates_tree
  TIMEOUT 600)
# build_errors reconfigures the nested tree: after the hostile and shapes runs.
set_tests_properties(unit.candidates.build_errors PROPERTIES DEPENDS "unit.candidates.hostile;unit.candidates.shapes")

# Rust candidates, on a nested build of their own (needs Debian's rustc; a
# skip that says so without it).
add_test(NAME unit.candidates.rust
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/test/rust_candidates_test.sh
    "${PROJECT_SOURCE_DIR}" "${CMAKE_CURRENT_BINARY_DIR}/candidates_rust" "${CMAKE_CXX_COMPILER}"
    "$<IF:$<BOOL:${SCANPROOF_SANITIZE}>,ON,OFF>")
set_tests_properties(unit.candidates.rust PROPERTIES LABELS "unit;rust" TIMEOUT 900 SKIP_RETURN_CODE 77
  ENVIRONMENT "CMAKE_GENERATOR=${CMAKE_GENERATOR}")

# cmake --install of this build, then projects using the package (examples/engine).
add_test(NAME unit.install_package
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/test/install_package_test.sh
    "${PROJECT_SOURCE_DIR}" "${PROJECT_BINARY_DIR}" "${CMAKE_CURRENT_BINARY_DIR}/install_package"
    "${CMAKE_CXX_COMPILER}")
set_tests_properties(unit.install_package PROPERTIES LABELS unit TIMEOUT 600)
# The nested projects use this build's generator.
set_tests_properties(unit.candidates.nested_build unit.candidates.hostile unit.candidates.shapes
  unit.candidates.build_errors
  unit.install_package PROPERTIES ENVIRONMENT "CMAKE_GENERATOR=${CMAKE_GENERATOR}")

# The pop forms' build errors, each fixture compiled alone (seconds, no nested build).
add_test(NAME unit.candidates.pop_signature_errors
  COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/test/pop_signature_errors_test.sh "${CMAKE_CXX_COMPILER}"
    "${CMAKE_C_COMPILER}" "${PROJECT_SOURCE_DIR}/impl/core/include")
set_tests_properties(unit.candidates.pop_signature_errors PROPERTIES LABELS unit TIMEOUT 120)
