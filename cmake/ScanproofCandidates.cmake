# The user's scanners, shared by the in-tree -DSCANPROOF_CANDIDATES and the
# installed package's scanproof_add_candidates(): the same checks of the same
# paths, the same OBJECT library, the same build-time registry check.

# scanproof_candidate_sources(<out-var> <what> <base-dir> <paths>...): expands
# files and directories (their *.cpp, *.c and *.rs files: C++ candidates include
# scanproof/candidate.hpp, C ones scanproof/candidate.h, Rust ones declare
# `// scanproof: candidate(name, op)`, see ScanproofRust.cmake; a directory with
# a Cargo.toml is a crate, one Rust candidate: its Cargo.toml) into sorted absolute paths. A path
# that does not exist, an empty directory, or (with an empty <base-dir>) a
# relative path is a configure error naming it; <what> says where it came from.
include(${CMAKE_CURRENT_LIST_DIR}/ScanproofDirectives.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/ScanproofLaunch.cmake)  # the sandbox the probe runs a file in
include(${CMAKE_CURRENT_LIST_DIR}/ScanproofOps.cmake)
function(scanproof_candidate_sources out what base)
  set(sources "")
  foreach(p IN LISTS ARGN)
    if(p STREQUAL "")
      continue()
    endif()
    if(NOT IS_ABSOLUTE "${p}" AND base STREQUAL "")
      message(FATAL_ERROR "scanproof: ${what}: '${p}' is a relative path; give absolute paths "
                          "(e.g. \"$PWD/${p}\")")
    endif()
    get_filename_component(abs "${p}" ABSOLUTE BASE_DIR "${base}")
    if(IS_DIRECTORY "${abs}" AND EXISTS "${abs}/Cargo.toml")  # a crate: one Rust candidate
      list(APPEND sources "${abs}/Cargo.toml")
    elseif(IS_DIRECTORY "${abs}")
      file(GLOB found CONFIGURE_DEPENDS "${abs}/*.cpp" "${abs}/*.c" "${abs}/*.rs")
      if(NOT found)
        message(FATAL_ERROR "scanproof: ${what}: candidate directory '${abs}' contains no .cpp, .c or .rs files (nor a Cargo.toml)")
      endif()
      list(APPEND sources ${found})
    elseif(EXISTS "${abs}")
      list(APPEND sources "${abs}")
    else()
      set(hint "")
      if(ARGC GREATER 4)  # several paths: one may have been cut at a ';'
        set(hint " (';' separates the paths: a path cannot contain one)")
      endif()
      message(FATAL_ERROR "scanproof: ${what}: candidate path '${abs}' does not exist${hint}")
    endif()
  endforeach()
  # CMake 3.25 writes a source path unescaped into the Ninja build's
  # dependency-file names and into try_compile's project: a '$' or '"' in it
  # would fail the build far from the cause (ci/matrix checks the same).
  foreach(src IN LISTS sources)
    if(src MATCHES "[$\"]")
      message(FATAL_ERROR "scanproof: ${what}: candidate path '${src}' contains '${CMAKE_MATCH_0}', "
                          "which CMake's generated build files do not escape: rename it")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES sources)
  list(SORT sources)
  set(${out} "${sources}" PARENT_SCOPE)
endfunction()

# scanproof_candidate_file_flags(<src> <includes-var> <defines-var> <std-var>):
# what a candidate file says it is built with, in comment lines of its own
# (the one way for -DSCANPROOF_CANDIDATES, ci/matrix --candidates and
# scanproof_add_candidates; the probe and the build both read it here):
#   // scanproof: include <dir>      an include directory (relative: to the file's)
#   // scanproof: define NAME[=VALUE]
#   // scanproof: std c++17          the C++ dialect (c++17, gnu++17, c++20, ...)
# (ScanproofDirectives.cmake reads the lines.) A directive that is none of
# these is a configure error naming the file.
function(scanproof_candidate_file_flags src includes_var defines_var std_var)
  get_filename_component(dir "${src}" DIRECTORY)
  file(READ "${src}" text)
  scanproof_directives(directives "${text}" "include|define|std")
  set(includes "")
  set(defines "")
  set(std "")
  foreach(d IN LISTS directives)
    string(REGEX MATCH "^([a-z]+)\\|([^ \t]+)$" ok "${d}")
    if(NOT ok)
      string(REGEX REPLACE "\\|(.+)$" " \\1" d "${d}")  # "define|A B" -> "define A B"
      string(REGEX REPLACE "\\|$" "" d "${d}")
      message(FATAL_ERROR "scanproof: ${src}: 'scanproof: ${d}': a directive takes one value: "
                          "`// scanproof: include <dir>`, `// scanproof: define NAME[=VALUE]` or `// scanproof: std c++17`")
    endif()
    set(value "${CMAKE_MATCH_2}")
    if(CMAKE_MATCH_1 STREQUAL "include")
      get_filename_component(value "${value}" ABSOLUTE BASE_DIR "${dir}")
      if(NOT IS_DIRECTORY "${value}")
        message(FATAL_ERROR "scanproof: ${src}: include directory '${value}' does not exist")
      endif()
      list(APPEND includes "${value}")
    elseif(CMAKE_MATCH_1 STREQUAL "define")
      list(APPEND defines "${value}")
    elseif(NOT value MATCHES "^(c|gnu)\\+\\+(17|20|23|26)$")
      message(FATAL_ERROR "scanproof: ${src}: `scanproof: std ${value}`: a C++ candidate's dialect is "
                          "c++17 or later (c++17, gnu++17, c++20, ...)")
    elseif(src MATCHES "\\.c$")
      message(FATAL_ERROR "scanproof: ${src}: `scanproof: std ${value}` is for C++ files; C candidates are built as gnu11")
    else()
      set(std "${value}")
    endif()
  endforeach()
  set(${includes_var} "${includes}" PARENT_SCOPE)
  set(${defines_var} "${defines}" PARENT_SCOPE)
  set(${std_var} "${std}" PARENT_SCOPE)
endfunction()

# scanproof_candidate_file_options(<src> <out-var>): the file's ISA options
# for this target, from its lines
#   // scanproof: option <processor> <flag>      e.g. option x86 -msse4.2
# <processor> is a CMAKE_SYSTEM_PROCESSOR of the matrix (x86_64, i686, x86,
# aarch64, arm, ppc, ppc64, ppc64le, s390x, mips, riscv64, sparc64, m68k,
# alpha, wasm32), or `x86` for every x86 one: the engine's own build gives the
# flag only where the CPU family has it, and so does the suite. The flag
# applies where <processor> is this target's (the probe, the build and the
# proof's IR alike) and nowhere else; the registry learns it from the manifest
# (a CPU that lacks what it enables is then the candidate's finding, named
# after the flag: registry.cpp, checks.cpp). Any other form is a configure
# error naming the file.
function(scanproof_candidate_file_options src out)
  set(options "")
  if(NOT src MATCHES "\\.rs$")
    file(READ "${src}" text)
    scanproof_directives(directives "${text}" "option")
    set(known "x86|x86_64|i686|aarch64|arm|ppc|ppc64|ppc64le|s390x|mips|riscv64|sparc64|m68k|alpha|wasm32")
    set(here "${CMAKE_SYSTEM_PROCESSOR}")
    if(here MATCHES "^(AMD64|amd64)$")
      set(here x86_64)
    endif()
    foreach(d IN LISTS directives)
      if(NOT d MATCHES "^option\\|([A-Za-z0-9_]+)[ \t]+(-[^ \t]+)$")
        string(REPLACE "|" " " d "${d}")
        message(FATAL_ERROR "scanproof: ${src}: 'scanproof: ${d}': an option line is "
                            "`// scanproof: option <processor> <flag>` (e.g. `option x86 -msse4.2`)")
      endif()
      set(processor "${CMAKE_MATCH_1}")
      set(flag "${CMAKE_MATCH_2}")
      if(NOT processor MATCHES "^(${known})$")
        message(FATAL_ERROR "scanproof: ${src}: `scanproof: option ${processor} ${flag}`: '${processor}' is "
                            "not a processor of the matrix (${known})")
      endif()
      if(processor STREQUAL here OR (processor STREQUAL "x86" AND here MATCHES "^(x86_64|i[3-6]86|x86)$"))
        list(APPEND options "${flag}")
      endif()
    endforeach()
  endif()
  set(${out} "${options}" PARENT_SCOPE)
endfunction()

# scanproof_candidate_file_compile_flags(<src> <out-var>): the same directives
# as command-line flags (-I, -D, -std=, in that order: after the caller's own
# -std=), for a compile outside CMake's targets (proof/'s IR of candidates).
function(scanproof_candidate_file_compile_flags src out)
  set(flags "")
  if(NOT src MATCHES "\\.rs$")
    scanproof_candidate_file_flags("${src}" includes defines std)
    foreach(d IN LISTS includes)
      list(APPEND flags "-I${d}")
    endforeach()
    foreach(d IN LISTS defines)
      list(APPEND flags "-D${d}")
    endforeach()
    if(std)
      list(APPEND flags "-std=${std}")
    endif()
    scanproof_candidate_file_options("${src}" isa)
    list(APPEND flags ${isa})
  endif()
  set(${out} "${flags}" PARENT_SCOPE)
endfunction()

include(${CMAKE_CURRENT_LIST_DIR}/ScanproofRust.cmake)
set(_scanproof_probe_main "${CMAKE_CURRENT_LIST_DIR}/probe/candidate_probe.cpp")
set(_scanproof_probe_dir "${CMAKE_BINARY_DIR}/scanproof-candidate-probes")
set(_scanproof_fail_script "${CMAKE_CURRENT_LIST_DIR}/scanproof-fail.cmake")

# _scanproof_named_candidates(<out> <text>): "op name" pairs of the
# SCANPROOF_CANDIDATE(name, scanproof::op::x) lines of a file's text, to name
# the candidates of a file that did not get as far as registering them.
function(_scanproof_named_candidates out text)
  string(REGEX MATCHALL "SCANPROOF_CANDIDATE[ \t]*\\([ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]*,[ \t]*((scanproof::)?op::[a-z_]+|SCANPROOF_[A-Z_]+)"
         found "${text}")
  set(pairs "")
  foreach(f IN LISTS found)  # C++: scanproof::op::pop_lsb; C: SCANPROOF_POP_LSB
    string(REGEX MATCH "\\([ \t]*([A-Za-z0-9_]+)[ \t]*,.*(op::|SCANPROOF_)([A-Za-z_]+)$" m "${f}")
    string(TOLOWER "${CMAKE_MATCH_3}" op)
    list(APPEND pairs "${op} ${CMAKE_MATCH_1}")
  endforeach()
  # SCANPROOF_CANDIDATE_NAMED(name, function, op...) and C's
  # SCANPROOF_CANDIDATE_EXPR(name, parameter, expression, op...): the op is the
  # first one named before the registration's `;`.
  get_property(spellings GLOBAL PROPERTY SCANPROOF_OPS)  # ops.def: C++'s names and C's
  get_property(c_names GLOBAL PROPERTY SCANPROOF_OP_C_NAMES)
  list(APPEND spellings ${c_names})
  list(JOIN spellings "|" spellings)
  string(REGEX MATCHALL "SCANPROOF_CANDIDATE_(NAMED|EXPR)[ \t]*\\([ \t]*[A-Za-z_][A-Za-z0-9_]*[ \t]*,[^;]*"
         found "${text}")
  foreach(f IN LISTS found)
    string(REGEX REPLACE "^[A-Z_]+[ \t]*\\([ \t]*([A-Za-z0-9_]+).*" "\\1" name "${f}")
    string(REGEX MATCH "(op::|SCANPROOF_)(${spellings})" op "${f}")
    if(op)
      string(TOLOWER "${CMAKE_MATCH_2}" op)
      list(APPEND pairs "${op} ${name}")
    endif()
  endforeach()
  # Rust: // scanproof: candidate(name, op...)
  scanproof_directives(found "${text}" "candidate")
  foreach(f IN LISTS found)
    if(f MATCHES "^candidate\\|\\([ \t]*([A-Za-z0-9_]+)[ \t]*,[ \t]*([a-z_]+)")
      list(APPEND pairs "${CMAKE_MATCH_2} ${CMAKE_MATCH_1}")
    endif()
  endforeach()
  set(${out} "${pairs}" PARENT_SCOPE)
endfunction()

# _scanproof_probe_basis(<out-var> <include-dirs> <definitions> <options>):
# what a probe's result depends on besides its file: the compiler, its flags
# (the build type's too), the emulator, the suite's headers and the probe's main.
function(_scanproof_probe_basis out include_dirs definitions options)
  if(CMAKE_BUILD_TYPE)
    string(TOUPPER "${CMAKE_BUILD_TYPE}" config)
    set(config_flags "${CMAKE_BUILD_TYPE} ${CMAKE_CXX_FLAGS_${config}} ${CMAKE_C_FLAGS_${config}}")
  endif()
  set(basis "${include_dirs}|${definitions}|${options}|${config_flags}|${CMAKE_CXX_COMPILER}|${CMAKE_CXX_FLAGS}|${CMAKE_CXX_COMPILER_TARGET}|${CMAKE_CROSSCOMPILING_EMULATOR}")
  file(MD5 "${_scanproof_probe_main}" h)
  string(APPEND basis "|${h}")
  file(MD5 "${CMAKE_CURRENT_FUNCTION_LIST_FILE}" h)  # this file: how a probe is judged and worded
  string(APPEND basis "|${h}")
  if(SCANPROOF_SANDBOX_TOOL)  # the sandbox a probe runs in (ScanproofLaunch.cmake)
    file(MD5 "${SCANPROOF_SANDBOX_TOOL}" h)
    string(APPEND basis "|${h}")
  endif()
  foreach(d IN LISTS include_dirs)
    file(GLOB headers "${d}/scanproof/*.hpp" "${d}/scanproof/*.h")  # candidate.h too
    foreach(hdr IN LISTS headers)
      file(MD5 "${hdr}" h)
      string(APPEND basis "|${h}")
    endforeach()
  endforeach()
  set(${out} "${basis}" PARENT_SCOPE)
endfunction()

# scanproof_probe_main_target(<include-dirs>): the probe's main library
# (_scanproof_probe_main_library) as a target of the build,
# scanproof_candidate_probe_main, under the name a probe with these include
# directories looks for: built with the catalogue (ci/matrix builds it too),
# so the first configure with a candidate finds it made, as a later one
# does. A library of other headers or flags has another name: a probe never
# links a stale one.
function(scanproof_probe_main_target include_dirs)
  _scanproof_probe_basis(basis "${include_dirs}" "" "")
  string(MD5 key "${basis}")
  add_library(scanproof_candidate_probe_main STATIC "${_scanproof_probe_main}")
  target_include_directories(scanproof_candidate_probe_main PRIVATE ${include_dirs})
  target_compile_features(scanproof_candidate_probe_main PRIVATE cxx_std_20)
  set_target_properties(scanproof_candidate_probe_main PROPERTIES PREFIX "" OUTPUT_NAME "probe-main-${key}"
    ARCHIVE_OUTPUT_DIRECTORY "${_scanproof_probe_dir}")
endfunction()

# _scanproof_probe_main_library(<out-var> <dir> <basis> <include-dirs>
# <definitions> <options>): the probe's main (candidate_probe.cpp) compiled
# once into a static library in <dir>, for every C++ file's probe to link
# instead of compiling it again: it includes the registry's headers, which
# under clang for wasm32 cost as much CPU as a candidate file of its own.
# Kept per <basis> (the probe's compiler, flags, headers and main); "" if it
# does not compile (each probe then compiles the main itself and says why).
function(_scanproof_probe_main_library out dir basis include_dirs definitions options)
  string(MD5 key "${basis}")
  set(lib "${dir}/probe-main-${key}${CMAKE_STATIC_LIBRARY_SUFFIX}")
  if(NOT EXISTS "${lib}")
    set(defs "")
    foreach(d IN LISTS definitions)
      list(APPEND defs "-D${d}")
    endforeach()
    set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
    try_compile(built SOURCES "${_scanproof_probe_main}"
      CMAKE_FLAGS "-DINCLUDE_DIRECTORIES=${include_dirs}"
      COMPILE_DEFINITIONS ${defs} ${options}
      CXX_STANDARD 20 CXX_STANDARD_REQUIRED ON
      OUTPUT_VARIABLE log
      COPY_FILE "${lib}")
    if(NOT built)
      set(lib "")
    endif()
  endif()
  set(${out} "${lib}" PARENT_SCOPE)
endfunction()

# _scanproof_line_of(<out> <text> <regex>): the 1-based line of the first
# match of <regex> in <text>, 0 if none (a mistake is shown as file:line).
function(_scanproof_line_of out text regex)
  string(REGEX MATCH "${regex}" m "${text}")
  set(line 0)
  if(m)
    string(FIND "${text}" "${m}" at)
    string(SUBSTRING "${text}" 0 ${at} before)
    string(REGEX MATCHALL "\n" newlines "${before}")
    list(LENGTH newlines line)
    math(EXPR line "${line} + 1")
  endif()
  set(${out} ${line} PARENT_SCOPE)
endfunction()

# _scanproof_no_registration(<out> <src>): why a file that registers no
# candidate is refused, with the form its own language registers one in.
function(_scanproof_no_registration out src)
  if(src MATCHES "${SCANPROOF_RUST_FILE_REGEX}")
    set(form "`// scanproof: candidate(name, op)` line above a #[no_mangle] pub extern \"C\" fn name, or `// scanproof: candidate(name, op, fn=<path>)` naming the scanner")
  elseif(src MATCHES "\\.c$")
    set(form "SCANPROOF_CANDIDATE(function, SCANPROOF_LSB) or SCANPROOF_CANDIDATE_EXPR(name, b, expression, SCANPROOF_LSB) (scanproof/candidate.h)")
  else()
    set(form "SCANPROOF_CANDIDATE(function, scanproof::op::...) or SCANPROOF_CANDIDATE_NAMED(name, function, op)")
  endif()
  set(${out} "${src}: registers no candidate (expected at least one ${form})" PARENT_SCOPE)
endfunction()

# scanproof_probe_candidate_files(<ok-var> <report-var> <include-dirs> <definitions>
#                                 <options> <run> <sources>...):
# "one candidate file cannot sink a whole target". Each file is first built on
# its own with cmake/probe/candidate_probe.cpp (try_compile: this target's
# compiler and flags) and run under the target's emulator: a file that does
# not compile or link here, or whose start-up code (a static initialiser)
# crashes, throws, hangs or ends the process, is kept out of every driver, and
# each of its candidates gets one failing conformance test naming the file and
# the compiler's first error line (conformance.<op>.<name>.compiles) or what
# the start-up did (conformance.<op>.<name>.starts_up). Every other candidate
# and the catalogue build and run as usual. <include-dirs>, <definitions>
# (NAME[=VALUE]) and <options> are what the build compiles every candidate
# with (scanproof's and the LIBRARIES'); each file's own directives
# (scanproof_candidate_file_flags) are added as the build adds them, so the
# probe compiles exactly what the build will. <ok-var>: the files that passed;
# <report-var>: JSON objects, one per file, for candidate-files.json (the
# matrix's cells). Results are cached per file content, compiler and flags.
# With <run> OFF (candidates that link the user's LIBRARIES, which do not
# exist yet at configure time) the file is only compiled: a start-up that
# ends the process then fails the build at the driver's test listing. With
# <run> SKIP nothing is probed (every file is kept; the build decides).
# A file's own mistake (status "mistake": it registers no candidate, or a
# name another candidate file registers first) is refused the same way, its
# message `<file>:<line>: <why>`, so the run fails it by name instead of a
# build failure that leaves the target incomplete.
# _scanproof_included_files(<out> <src> <dirs>): "<file> <md5>" of every file
# <src> includes, found as the compiler looks for it (the including file's
# own directory, then <dirs>) and followed through what it includes in turn;
# a header found in none of them (the system's, the toolchain's: the probe's
# basis covers those) is left out. The probe's outcome is kept per content
# of the file and of these: a candidate file that includes the engine's own
# sources (scanproof discover's) was otherwise judged again on the old engine
# after the engine changed -- a start-up that no longer hangs still kept out.
function(_scanproof_included_files out src dirs)
  set(todo "${src}")
  set(seen "")
  set(sums "")
  while(todo)
    list(POP_FRONT todo f)
    if(f IN_LIST seen)
      continue()
    endif()
    list(APPEND seen "${f}")
    if(NOT f STREQUAL src)
      file(MD5 "${f}" h)
      list(APPEND sums "${f} ${h}")
    endif()
    file(STRINGS "${f}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"][^>\"]+[>\"]")
    get_filename_component(here "${f}" DIRECTORY)
    foreach(line IN LISTS lines)
      string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*[<\"]([^>\"]+)[>\"].*" "\\1" name "${line}")
      foreach(d IN LISTS here dirs)
        if(EXISTS "${d}/${name}" AND NOT IS_DIRECTORY "${d}/${name}")
          get_filename_component(found "${d}/${name}" ABSOLUTE)
          list(APPEND todo "${found}")
          break()
        endif()
      endforeach()
    endforeach()
  endwhile()
  set(${out} "${sums}" PARENT_SCOPE)
endfunction()

function(scanproof_probe_candidate_files ok_var report_var include_dirs definitions options run)
  set(ok "")
  set(report "")
  if(run STREQUAL "SKIP")
    set(${ok_var} "${ARGN}" PARENT_SCOPE)
    set(${report_var} "" PARENT_SCOPE)
    return()
  endif()
  set(dir "${_scanproof_probe_dir}")
  file(MAKE_DIRECTORY "${dir}")
  # The build type's flags too (-O2 drops an unused static function of a
  # header that refers to the rest of the engine; -O0 keeps it).
  if(CMAKE_BUILD_TYPE)
    set(CMAKE_TRY_COMPILE_CONFIGURATION "${CMAKE_BUILD_TYPE}")
  endif()
  _scanproof_probe_basis(basis "${include_dirs}" "${definitions}" "${options}")
  scanproof_rust_target_flags(rust_flags)
  set(probe_main "")
  if(run)
    _scanproof_probe_main_library(probe_main "${dir}" "${basis}" "${include_dirs}" "${definitions}" "${options}")
  endif()
  foreach(src IN LISTS ARGN)
    set(rust_basis "")
    if(src MATCHES "${SCANPROOF_RUST_FILE_REGEX}")  # Rust: rustc or cargo at configure time (ScanproofRust.cmake)
      file(MD5 "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/ScanproofRust.cmake" rust_h)
      set(rust_basis "${rust_h}|${SCANPROOF_RUSTC}|${SCANPROOF_CARGO}|${rust_flags}|${CMAKE_CROSSCOMPILING}|${SCANPROOF_RUST_TARGET}")
      scanproof_rust_text(text "${src}")  # a crate's: every .rs file of its src/
      file(READ "${src}" manifest)
      scanproof_rust_toolchain_file(toolchain "${src}")  # its rustup toolchain file chooses the rustc
      if(toolchain)
        file(READ "${toolchain}" toolchain_text)
        # And what it resolves to here: a toolchain installed since is probed again.
        scanproof_rust_crate_toolchain(tc "${src}")
        string(APPEND manifest "${toolchain}${toolchain_text}|${tc_rustc}|${tc_why}")
      endif()
      string(MD5 h "${manifest}${text}")
    elseif(NOT src MATCHES "\\.(cpp|cc|cxx|C|c)$")  # neither C++ nor C: the build says what it is
      list(APPEND ok "${src}")
      continue()
    else()
      file(READ "${src}" text)
      file(MD5 "${src}" h)
      scanproof_candidate_file_flags("${src}" file_includes file_defines file_std)
      _scanproof_included_files(included "${src}" "${file_includes};${include_dirs}")
      string(APPEND h "|${included}")
    endif()
    string(MD5 key "${basis}|${h}|${run}|${rust_basis}")
    string(MD5 id "${src}")
    set(cache_var "SCANPROOF_PROBE_${id}")
    if(DEFINED ${cache_var} AND "${${cache_var}}" MATCHES "^${key};")
      list(GET ${cache_var} 1 status)
      list(GET ${cache_var} 2 message)
      string(REPLACE "<semicolon>" ";" message "${message}")
      list(SUBLIST ${cache_var} 3 -1 pairs)
    elseif(src MATCHES "${SCANPROOF_RUST_FILE_REGEX}")
      _scanproof_named_candidates(pairs "${text}")
      if(pairs)
        scanproof_rust_probe(status message rust_libs "${src}")
      else()  # an empty .rs or one without a candidate line: nothing to build
        set(status mistake)
        _scanproof_no_registration(message "${src}")
        set(rust_libs "")
      endif()
      string(REPLACE ";" "<semicolon>" stored "${message}")
      string(REPLACE ";" " " stored_libs "${rust_libs}")
      set(${cache_var} "${key};${status};${stored};${pairs}" CACHE INTERNAL "scanproof: probe of ${src}")
      set(SCANPROOF_RUST_NATIVE_LIBS_${id} "${stored_libs}" CACHE INTERNAL "scanproof: rustc's native-static-libs for ${src}")
    else()
      set(exe "${dir}/probe-${id}${CMAKE_EXECUTABLE_SUFFIX}")
      file(REMOVE "${exe}")
      set(link "")
      if(run AND probe_main AND src MATCHES "\\.(cpp|cc|cxx|C)$")  # a C file links with its own C++ main
        set(probe_sources "${src}")
        set(link LINK_LIBRARIES "${probe_main}")
        set(copy COPY_FILE "${exe}")
      elseif(run)
        set(probe_sources "${src}" "${_scanproof_probe_main}")
        set(copy COPY_FILE "${exe}")
      else()
        set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)  # compile only
        set(probe_sources "${src}")
        set(copy "")
      endif()
      scanproof_candidate_file_flags("${src}" file_includes file_defines file_std)
      scanproof_candidate_file_options("${src}" file_options)
      set(probe_defs "-DSCANPROOF_CANDIDATE_SOURCE=\"${src}\"" ${file_options})
      foreach(d IN LISTS definitions file_defines)
        list(APPEND probe_defs "-D${d}")
      endforeach()
      set(std 20)
      set(std_ext ON)  # CMake's default, as in the build
      if(file_std MATCHES "^(c|gnu)\\+\\+([0-9]+)$")
        set(std ${CMAKE_MATCH_2})
        if(CMAKE_MATCH_1 STREQUAL "c")
          set(std_ext OFF)
        endif()
      endif()
      try_compile(compiled SOURCES ${probe_sources}
        CMAKE_FLAGS "-DINCLUDE_DIRECTORIES=${include_dirs};${file_includes}"
        COMPILE_DEFINITIONS ${probe_defs} ${options}
        CXX_STANDARD ${std} CXX_STANDARD_REQUIRED ON CXX_EXTENSIONS ${std_ext}
        C_STANDARD 11 C_STANDARD_REQUIRED ON
        OUTPUT_VARIABLE log
        ${link} ${copy})
      _scanproof_named_candidates(pairs "${text}")
      set(status ok)
      set(message "")
      if(NOT compiled AND log MATCHES "undefined reference to|undefined symbol")
        # It compiled and did not link: name every symbol it needed, not the
        # first error line (another function of the same library may come first).
        set(status "does not compile")
        string(REGEX MATCHALL "(undefined reference to|undefined symbol:) [`']?[^\n'`]+" refs "${log}")
        set(symbols "")
        foreach(r IN LISTS refs)
          string(REGEX REPLACE "^(undefined reference to|undefined symbol:) [`']?" "" r "${r}")
          list(APPEND symbols "${r}")
        endforeach()
        list(REMOVE_DUPLICATES symbols)
        list(JOIN symbols ", " symbols)
        set(message "${src} does not link for this target: undefined reference to ${symbols} (a function defined in the engine's own .cpp: scanproof_add_candidates(... LIBRARIES <the engine's library>), or -DSCANPROOF_CANDIDATES with the file that defines it)")
      elseif(NOT compiled)
        set(status "does not compile")
        set(first "")
        string(REGEX MATCH "[^\n]*([Ee]rror|undefined reference)[^\n]*" first "${log}")
        string(STRIP "${first}" first)
        set(message "${src} does not compile for this target: ${first}")
      elseif(run)
        string(RANDOM LENGTH 16 token)
        execute_process(COMMAND ${SCANPROOF_SANDBOX_PREFIX} ${CMAKE_CROSSCOMPILING_EMULATOR} "${exe}" "${token}"
          WORKING_DIRECTORY "${dir}" TIMEOUT 120
          RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
        string(REGEX MATCHALL "candidate [A-Za-z0-9_]+ [0-9]+" registered "${out}")
        if(rc STREQUAL "0" AND out MATCHES "probe-done ${token}" AND NOT registered)
          set(status mistake)  # its start-up ran to the end and registered nothing
          _scanproof_no_registration(message "${src}")
        elseif(NOT rc STREQUAL "0" OR NOT out MATCHES "probe-done ${token}")
          set(status "start-up")
          string(STRIP "${err}" err)
          string(REGEX REPLACE "\n.*" "" err "${err}")
          if(rc MATCHES "^[0-9]+$")
            set(rc "exit status ${rc}")
          endif()
          if(err)
            set(rc "${rc}: ${err}")
          endif()
          set(message "${src}: its start-up code (a static initialiser) ended the process before main() (${rc}), so none of its checks can run here")
          if(SCANPROOF_SANDBOX_PREFIX)  # never run outside it here: that is where the judge's table is readable
            string(APPEND message " (it ran in the sandbox, ScanproofLaunch.cmake: if every file's start-up fails on this target, -DSCANPROOF_SANDBOX=OFF tells whether the sandbox breaks its runtime)")
          endif()
          set(isa ${file_options})
          list(FILTER isa EXCLUDE REGEX "^-D")  # a define the option lines carry enables no instruction
          if(isa AND "${rc}" MATCHES "Illegal instruction|signal 4|SIGILL")
            # The file's own ISA flag let the compiler use what this CPU lacks,
            # even in its start-up code: the finding is the flag's.
            list(JOIN isa " " isa)
            set(message "${src}: built with ${isa} (its `// scanproof: option`), it runs SIGILL on this CPU, which lacks what ${isa} enables (${rc}): the engine built so cannot run here")
          endif()
        endif()
      endif()
      string(REPLACE ";" "<semicolon>" stored "${message}")
      set(${cache_var} "${key};${status};${stored};${pairs}" CACHE INTERNAL "scanproof: probe of ${src}")
    endif()
    if(status STREQUAL "ok")  # a name an earlier candidate file registers: this file's mistake
      foreach(pair IN LISTS pairs)
        string(REPLACE " " ";" pair "${pair}")
        list(GET pair 1 cname)
        if(DEFINED _scanproof_claimed_${cname})
          _scanproof_line_of(line "${text}" "[(][ \t]*${cname}[ \t]*,")
          set(status mistake)
          set(message "${src}:${line}: candidate '${cname}' is already registered by ${_scanproof_claimed_${cname}}: rename one of them")
          break()
        endif()
      endforeach()
    endif()
    if(status STREQUAL "ok")
      foreach(pair IN LISTS pairs)
        string(REPLACE " " ";" pair "${pair}")
        list(GET pair 1 cname)
        _scanproof_line_of(line "${text}" "[(][ \t]*${cname}[ \t]*,")
        set(_scanproof_claimed_${cname} "${src}:${line}")
      endforeach()
    endif()
    set(cands "")
    set(file_tests "")  # the tests this file's outcome adds, named in candidate-files.json for ci/matrix
    foreach(pair IN LISTS pairs)
      string(REPLACE " " ";" pair "${pair}")
      list(GET pair 0 cop)
      list(GET pair 1 cname)
      string(APPEND cands "${cands_sep}{\"op\": \"${cop}\", \"name\": \"${cname}\"}")
      set(cands_sep ", ")
      if(status STREQUAL "not built")  # no Rust for this target: a skip that says so
        add_test(NAME conformance.${cop}.${cname}.builds
          COMMAND "${CMAKE_COMMAND}" -E echo "scanproof-skip: ${cname}: ${message}")
        set_tests_properties(conformance.${cop}.${cname}.builds PROPERTIES LABELS conformance
          SKIP_REGULAR_EXPRESSION "scanproof-skip:")
        list(APPEND file_tests "\"conformance.${cop}.${cname}.builds\"")
      elseif(NOT status STREQUAL "ok" AND NOT status STREQUAL "mistake")
        set(check compiles)
        if(status STREQUAL "start-up")
          set(check starts_up)
        endif()
        add_test(NAME conformance.${cop}.${cname}.${check}
          COMMAND "${CMAKE_COMMAND}" "-DMESSAGE=scanproof: ${message}" -P "${_scanproof_fail_script}")
        set_tests_properties(conformance.${cop}.${cname}.${check} PROPERTIES LABELS conformance)
        list(APPEND file_tests "\"conformance.${cop}.${cname}.${check}\"")
      endif()
    endforeach()
    unset(cands_sep)
    if(status STREQUAL "ok")
      list(APPEND ok "${src}")
    elseif(status STREQUAL "not built")
      message(STATUS "scanproof: ${src}: ${message}")
    else()
      message(WARNING "scanproof: ${message}; its candidates' tests fail, every other candidate still runs")
      if(NOT pairs OR status STREQUAL "mistake")  # the file's own test: its candidates may be another file's
        string(MD5 fid "${src}")
        string(SUBSTRING "${fid}" 0 8 fid)
        get_filename_component(stem "${src}" NAME_WE)
        string(MAKE_C_IDENTIFIER "${stem}" stem)
        add_test(NAME conformance.file.${stem}_${fid}.builds
          COMMAND "${CMAKE_COMMAND}" "-DMESSAGE=scanproof: ${message}" -P "${_scanproof_fail_script}")
        set_tests_properties(conformance.file.${stem}_${fid}.builds PROPERTIES LABELS conformance)
        list(APPEND file_tests "\"conformance.file.${stem}_${fid}.builds\"")
      endif()
    endif()
    string(REPLACE "\\" "\\\\" jmessage "${message}")
    string(REPLACE "\"" "\\\"" jmessage "${jmessage}")
    string(REPLACE "\n" " " jmessage "${jmessage}")
    string(REPLACE "\t" " " jmessage "${jmessage}")
    string(REPLACE ";" "\\u003b" jmessage "${jmessage}")  # a list separator to CMake
    list(JOIN file_tests ", " file_tests)
    list(APPEND report "{\"file\": \"${src}\", \"status\": \"${status}\", \"message\": \"${jmessage}\", \"candidates\": [${cands}], \"tests\": [${file_tests}]}")
  endforeach()
  set(${ok_var} "${ok}" PARENT_SCOPE)
  set(${report_var} "${report}" PARENT_SCOPE)
endfunction()

# scanproof_write_candidate_report(<report>...): candidate-files.json in the
# build directory: what the probe found of each candidate file (ci/matrix).
function(scanproof_write_candidate_report)
  list(JOIN ARGN ",\n  " body)
  file(WRITE "${CMAKE_BINARY_DIR}/candidate-files.json" "{\"files\": [\n  ${body}\n]}\n")
endfunction()

# scanproof_candidate_library(<target> <core-target> <sources>...): an OBJECT
# library of the candidates. Each source is compiled with
# SCANPROOF_CANDIDATE_SOURCE=<its path> (candidate.hpp attributes registrations
# to it) and a generated manifest lists every source, so the registry reports
# a listed file that registers nothing (registry_errors(), see registry.hpp).
# User code is compiled without the suite's -Werror: it is judged by its
# results, not its warnings.
function(scanproof_candidate_library target core)
  set(manifest "${CMAKE_CURRENT_BINARY_DIR}/${target}_manifest.cpp")
  set(lines "")
  set(i 0)
  set(compiled "")
  set(rust_libs "")
  set(rust_native "")
  set(rust_sources "")
  set(rust_shims "")
  foreach(src IN LISTS ARGN)
    set(unit "${src}")
    if(src MATCHES "${SCANPROOF_RUST_FILE_REGEX}")  # its C shim is compiled; rustc's (cargo's) staticlib is linked
      scanproof_rust_shim(unit "${src}")
      scanproof_rust_staticlib(lib "${src}")
      string(MD5 id "${src}")
      list(APPEND rust_libs "${lib}")
      list(APPEND rust_native ${SCANPROOF_RUST_NATIVE_LIBS_${id}})
      list(APPEND rust_sources "${src}")
      list(APPEND rust_shims "${unit}")
    endif()
    list(APPEND compiled "${unit}")
    set_property(SOURCE "${unit}" APPEND PROPERTY COMPILE_DEFINITIONS
      "SCANPROOF_CANDIDATE_SOURCE=\"${src}\"")
    if(NOT src MATCHES "\\.rs$")  # the file's own directives, as the probe applied them
      scanproof_candidate_file_flags("${src}" file_includes file_defines file_std)
      set_property(SOURCE "${unit}" APPEND PROPERTY INCLUDE_DIRECTORIES ${file_includes})
      set_property(SOURCE "${unit}" APPEND PROPERTY COMPILE_DEFINITIONS ${file_defines})
      if(file_std)  # after the target's -std=: the file's dialect wins
        set_property(SOURCE "${unit}" APPEND PROPERTY COMPILE_OPTIONS "-std=${file_std}")
      endif()
    endif()
    scanproof_candidate_file_options("${src}" file_options)
    set_property(SOURCE "${unit}" APPEND PROPERTY COMPILE_OPTIONS ${file_options})
    list(JOIN file_options " " file_options)
    string(APPEND lines "[[maybe_unused]] const int listed_${i} =\n"
      "    ::scanproof::detail::expect_candidates_from(R\"scanproof_path(${src})scanproof_path\",\n"
      "        R\"scanproof_opt(${file_options})scanproof_opt\");\n")  # a -DNAME=\"value\" line too
    math(EXPR i "${i} + 1")
  endforeach()
  file(CONFIGURE OUTPUT "${manifest}" @ONLY CONTENT
"// Generated by ScanproofCandidates.cmake: the files listed as candidates.
#include \"scanproof/candidate_manifest.hpp\"
namespace {
@lines@}  // namespace
")
  add_library(${target} OBJECT ${compiled} "${manifest}")
  target_link_libraries(${target} PUBLIC ${core})
  set_target_properties(${target} PROPERTIES C_STANDARD 11 C_EXTENSIONS ON)  # C candidates: gnu11
  # Rust: the drivers link ${target}_rust (the staticlibs and the native
  # libraries rustc names); proof/ reads the .rs files and their shims.
  set_target_properties(${target} PROPERTIES SCANPROOF_RUST_SOURCES "${rust_sources}"
    SCANPROOF_RUST_SHIMS "${rust_shims}")
  add_library(${target}_rust INTERFACE)
  if(rust_libs)
    list(REMOVE_DUPLICATES rust_native)
    add_custom_target(${target}_rustc DEPENDS ${rust_libs})
    add_dependencies(${target}_rust ${target}_rustc)
    target_link_libraries(${target}_rust INTERFACE ${rust_libs} ${rust_native})
  endif()
endfunction()

# scanproof_collect_candidates(<target> <paths>): the in-tree entry point for
# -DSCANPROOF_CANDIDATES; creates <target> only if there are candidates.
function(scanproof_collect_candidates target paths)
  get_target_property(includes scanproof_core INTERFACE_INCLUDE_DIRECTORIES)
  string(REGEX REPLACE "\\$<INSTALL_INTERFACE:[^>]*>" "" includes "${includes}")
  string(REGEX REPLACE "\\$<BUILD_INTERFACE:([^>]*)>" "\\1" includes "${includes}")
  scanproof_probe_main_target("${includes}")
  scanproof_candidate_sources(sources "SCANPROOF_CANDIDATES" "" ${paths})
  if(NOT sources)
    scanproof_write_candidate_report()
    return()
  endif()
  message(STATUS "scanproof: candidates: ${sources}")
  scanproof_probe_candidate_files(sources report "${includes}" "" "" ON ${sources})
  scanproof_write_candidate_report(${report})
  if(sources)
    scanproof_candidate_library(${target} scanproof_core ${sources})
  endif()
endfunction()
