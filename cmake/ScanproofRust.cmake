# Rust candidates: a .rs file whose scanners are exported with
#
#   // scanproof: candidate(my_lsb, lsb)
#   #[no_mangle]
#   pub extern "C" fn my_lsb(b: u64) -> u32 { b.trailing_zeros() }
#
# or, for another shape (docs/contracts.md, "Shapes"), a u8/u16/u32 board or a
# 128-bit board as two u64 halves with its layout and domain:
#
#   // scanproof: candidate(shogi_lsb, lsb, high_offset=63, index_base=1, domain=0x...)
#   #[no_mangle]
#   pub extern "C" fn shogi_lsb(lo: u64, hi: u64) -> u32 { ... }
#
# A pop scanner (pop_lsb, pop_msb: returns the lowest/highest set square and
# clears it) takes its board by &mut (or *mut):
#
#   // scanproof: candidate(my_pop, pop_lsb)
#   #[no_mangle]
#   pub extern "C" fn my_pop(b: &mut u64) -> u32 { let s = b.trailing_zeros(); *b &= *b - 1; s }
#
# These become ordinary candidates through a generated C shim (scanproof/candidate.h's
# SCANPROOF_CANDIDATE on an extern declaration with the C type of the Rust
# return type): the same registry, kernels, checks and drivers as C and C++.
# The .rs file is built by Debian's rustc as a staticlib for the toolchain's
# SCANPROOF_RUST_TARGET (unset: Rust candidates are not built there, and
# SCANPROOF_RUST_ARCH names the architecture Debian 12 has no Rust std for).

#
# A crate is another source form of the same candidate: a directory with a
# Cargo.toml (or that Cargo.toml) whose dependencies are path dependencies
# only. Its declarations are the same comments, in any .rs file under its
# src/; cargo builds it offline (CARGO_HOME in the build directory) through a
# generated wrapper crate (a staticlib that depends on it and on its
# dependencies), for the same --target.
#
# A declaration may name the scanner instead of exporting it, and the suite
# generates the `extern "C"` wrapper (in the wrapper crate; for a single .rs
# file, in a generated crate root that has the file as a module):
#
#   // scanproof: candidate(cozy_popcount, popcount, fn=cozy_chess::BitBoard::len, board=cozy_chess::BitBoard)
#
# fn= is a path to a free function or to a method (a path whose next-to-last
# segment starts with a capital letter: a type). The board is built from the
# integer by board= (a path called with it: a tuple struct's name, a `new`) or
# by From<uN>; width=8|16|32|64|128 (64 if not said) is the board's width (128:
# the two u64 halves packed by pack=u128 (the default), pack=array ([u64; 2])
# or pack=tuple ((u64, u64)), high half first with halves=high_first). The
# result is read as an integer or a field-less enum by its value, an Option of
# one by its value or -1, or by a named method (result=index) or Into
# (result=into:u8). zero=<integer|undefined> declares the empty board's
# result. For a pop op the scanner takes &mut board (a method: &mut self, e.g.
# an Iterator's next) and the board it leaves is read back by From (uN or the
# packing: From<board>; the identity for a uN board); a 128-bit pop gets its
# halves by &mut [u64; 2] (the shim's scanproof_word*).

include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/ScanproofDirectives.cmake)  # reads the declarations
include(${CMAKE_CURRENT_LIST_DIR}/ScanproofOps.cmake)  # the op names a declaration may give
# The Rust toolchain, as the user has it (docs/contracts.md, "Rust toolchains"):
# -DSCANPROOF_RUSTC/-DSCANPROOF_CARGO if given; else the first of $RUSTC, the
# rustc on PATH (a rustup toolchain) and Debian's /usr/bin/rustc whose
# sysroot holds this target's standard library, so a rustup toolchain without
# the target's std gives way to one that has it; cargo is $CARGO, else the one
# beside that rustc, else Debian's. A rustc whose std for the target is not in
# its own sysroot but in the private one where ci/setup unpacked it from its
# .deb (ci/lib/rust-std.sh) has it too: it is then used through a wrapper in
# the build directory that runs it with --sysroot <that sysroot>. The proof
# reads rustc's bitcode with llvm-link-19, which cannot read a newer LLVM's:
# its rustc (SCANPROOF_RUST_IR_RUSTC) is the first of the same whose LLVM is
# 19 or older. What was chosen (not given) is chosen again at each configure,
# so a build directory follows the machine (a std apt installs since, a
# toolchain added).
function(_scanproof_rust_std_target out)
  if(CMAKE_CROSSCOMPILING)
    set(${out} "${SCANPROOF_RUST_TARGET}" PARENT_SCOPE)
  else()
    set(${out} "" PARENT_SCOPE)  # rustc's own host: every toolchain has its std
  endif()
endfunction()
# _scanproof_rust_sysroots_dir(<out>): where ci/setup keeps the private
# sysroots of the Rust stds it unpacked from their .deb (ci/lib/rust-std.sh,
# rust_sysroots_dir: the same rule): $SCANPROOF_RUST_SYSROOTS, else
# ${XDG_CACHE_HOME:-~/.cache}/scanproof/rust-sysroot; one per rustc version.
function(_scanproof_rust_sysroots_dir out)
  if(NOT "$ENV{SCANPROOF_RUST_SYSROOTS}" STREQUAL "")
    set(dir "$ENV{SCANPROOF_RUST_SYSROOTS}")
  elseif(NOT "$ENV{XDG_CACHE_HOME}" STREQUAL "")
    set(dir "$ENV{XDG_CACHE_HOME}/scanproof/rust-sysroot")
  else()
    set(dir "$ENV{HOME}/.cache/scanproof/rust-sysroot")
  endif()
  set(${out} "${dir}" PARENT_SCOPE)
endfunction()

# _scanproof_rustc_says(<out> <rustc> <question>): what `<rustc> <question>`
# prints (-vV, or sysroot for `--print sysroot`), trailing newline stripped;
# "" if it fails. Asked once per rustc and question in a configure, which
# then asks the same rustc the same thing up to four times (each rustc
# process, a rustup proxy's most of all, costs 20-80 ms): the answers cannot
# change within one configure; the next one asks again.
function(_scanproof_rustc_says out rustc question)
  string(MD5 key "${rustc}|${question}")
  get_property(known GLOBAL PROPERTY _SCANPROOF_RUSTC_SAYS_${key} SET)
  if(NOT known)
    set(args "${question}")
    if(question STREQUAL "sysroot")
      set(args --print sysroot)
    endif()
    execute_process(COMMAND "${rustc}" ${args} OUTPUT_VARIABLE said RESULT_VARIABLE rc
      OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(NOT rc EQUAL 0)
      set(said "")
    endif()
    set_property(GLOBAL PROPERTY _SCANPROOF_RUSTC_SAYS_${key} "${said}")
  endif()
  get_property(said GLOBAL PROPERTY _SCANPROOF_RUSTC_SAYS_${key})
  set(${out} "${said}" PARENT_SCOPE)
endfunction()
# _scanproof_rustc_answers(<rustc> <question> <answer>): what _scanproof_rustc_says
# will give for <rustc>, known without asking it (the suite's own wrapper).
function(_scanproof_rustc_answers rustc question answer)
  string(MD5 key "${rustc}|${question}")
  set_property(GLOBAL PROPERTY _SCANPROOF_RUSTC_SAYS_${key} "${answer}")
endfunction()

# _scanproof_rust_private_sysroot(<prefix> <rustc>): the Rust stds that
# ci/setup unpacked from their .deb into its private sysroot for <rustc>'s
# version (ci/lib/rust-std.sh) and that <rustc> reads: <prefix>_dir (that
# sysroot, "" if none is usable), <prefix>_triples (the unpacked targets that
# <rustc>'s own sysroot lacks, each of which it read: a std of another build
# of the same version is refused, "compiled by an incompatible version of
# rustc"; asked once per rustc and std files, kept in the cache),
# <prefix>_why (what is there that <rustc> cannot use, said; "" if nothing).
function(_scanproof_rust_private_sysroot prefix rustc)
  set(found "")
  set(triples "")
  set(why "")
  _scanproof_rust_sysroots_dir(root)
  file(GLOB markers "${root}/*/scanproof-sysroot")
  if(markers)
    _scanproof_rustc_says(version "${rustc}" -vV)
    string(REGEX MATCH "^[^\n]*" version "${version}")  # -V's line
    _scanproof_rustc_says(own "${rustc}" sysroot)
  endif()
  foreach(marker IN LISTS markers)
    get_filename_component(dir "${marker}" DIRECTORY)
    # The unpacked stds: directories (the linked host std is a symlink).
    file(GLOB entries LIST_DIRECTORIES true "${dir}/lib/rustlib/*")
    set(unpacked "")
    foreach(e IN LISTS entries)
      get_filename_component(t "${e}" NAME)
      file(GLOB std "${e}/lib/libstd-*.rlib")
      file(GLOB own_std "${own}/lib/rustlib/${t}/lib/libstd-*.rlib")
      if(IS_DIRECTORY "${e}" AND NOT IS_SYMLINK "${e}" AND std AND NOT own_std)
        list(APPEND unpacked "${t}")
      endif()
    endforeach()
    if(NOT unpacked)
      continue()
    endif()
    file(STRINGS "${marker}" lines)
    set(for_version "")
    set(for_package "")
    foreach(line IN LISTS lines)
      if(line MATCHES "^rustc-version=(.*)$")
        set(for_version "${CMAKE_MATCH_1}")
      elseif(line MATCHES "^version=(.*)$")
        set(for_package "${CMAKE_MATCH_1}")
      endif()
    endforeach()
    list(JOIN unpacked ", " shown)
    if(NOT for_version STREQUAL version)
      string(CONCAT w "${dir} holds the Rust std for ${shown} unpacked for ${for_version} (Debian's rustc "
        "${for_package}), and ${rustc} is ${version}: ci/setup --rust unpacks the one of this rustc's version")
      list(APPEND why "${w}")
      continue()
    endif()
    foreach(t IN LISTS unpacked)
      file(GLOB std "${dir}/lib/rustlib/${t}/lib/libstd-*.rlib")
      set(basis "${rustc}|${dir}|${t}")  # and the files as they are now
      foreach(f IN ITEMS "${rustc}" ${std})
        file(TIMESTAMP "${f}" when "%s" UTC)
        string(APPEND basis "|${f} ${when}")
      endforeach()
      string(MD5 key "${basis}")
      if(NOT DEFINED SCANPROOF_RUST_SYSROOT_CHECK_${key})
        set(check "${CMAKE_BINARY_DIR}/scanproof-rust/sysroot-check")
        file(WRITE "${check}.rs" "pub fn f() -> usize { std::mem::size_of::<String>() }\n")
        execute_process(COMMAND "${rustc}" --sysroot "${dir}" --target "${t}" --crate-type=lib
            --emit=metadata -o "${check}.rmeta" "${check}.rs"
          RESULT_VARIABLE rc ERROR_VARIABLE log OUTPUT_QUIET)
        string(REGEX MATCH "error[^\n]*" first "${log}")
        string(REPLACE ";" "," first "${first}")
        set(SCANPROOF_RUST_SYSROOT_CHECK_${key} "${rc};${first}" CACHE INTERNAL "scanproof: ${rustc} --sysroot ${dir} --target ${t}")
      endif()
      list(GET SCANPROOF_RUST_SYSROOT_CHECK_${key} 0 rc)
      list(GET SCANPROOF_RUST_SYSROOT_CHECK_${key} 1 first)
      if(rc EQUAL 0)
        list(APPEND triples "${t}")
      else()
        list(APPEND why "${rustc} --sysroot ${dir} cannot read its std for ${t}: ${first} (ci/setup --rust unpacks it again)")
      endif()
    endforeach()
    if(triples)
      set(found "${dir}")
      break()
    endif()
  endforeach()
  set(${prefix}_dir "${found}" PARENT_SCOPE)
  set(${prefix}_triples "${triples}" PARENT_SCOPE)
  set(${prefix}_why "${why}" PARENT_SCOPE)
endfunction()

# _scanproof_rust_sysroot_wrapper(<out> <rustc> <private> <triples>): a rustc
# of the build directory that runs <rustc> --sysroot <a sysroot of the build
# directory>, which links every entry of <rustc>'s own lib/rustlib (its host
# std, what apt installed) and each of <triples> from <private> (ci/setup's
# unpacked stds), made again at each configure; so every use of it (the
# build's rustc and cargo, the probe, the proof's bitcode for any target,
# `rustc --print sysroot`) sees all of them. Returns the wrapper's path.
function(_scanproof_rust_sysroot_wrapper out rustc private triples)
  string(MD5 h "${rustc}|${private}")
  string(SUBSTRING "${h}" 0 8 h)
  set(dir "${CMAKE_BINARY_DIR}/scanproof-rust/sysroot-${h}")
  set(sysroot "${dir}/sysroot")
  _scanproof_rustc_says(own "${rustc}" sysroot)
  set(links "")  # "<name>|<target>"
  file(GLOB entries LIST_DIRECTORIES true "${own}/lib/rustlib/*")
  foreach(e IN LISTS entries)
    get_filename_component(t "${e}" NAME)
    if(NOT t IN_LIST triples)
      list(APPEND links "${t}|${e}")
    endif()
  endforeach()
  foreach(t IN LISTS triples)
    list(APPEND links "${t}|${private}/lib/rustlib/${t}")
  endforeach()
  file(MAKE_DIRECTORY "${sysroot}/lib/rustlib")
  file(GLOB present LIST_DIRECTORIES true "${sysroot}/lib/rustlib/*")
  foreach(p IN LISTS present)  # what is no longer there, or points elsewhere
    get_filename_component(t "${p}" NAME)
    file(READ_SYMLINK "${p}" to)
    if(NOT "${t}|${to}" IN_LIST links)
      file(REMOVE "${p}")
    endif()
  endforeach()
  foreach(l IN LISTS links)
    string(REPLACE "|" ";" l "${l}")
    list(GET l 0 t)
    list(GET l 1 to)
    if(NOT IS_SYMLINK "${sysroot}/lib/rustlib/${t}")
      file(CREATE_LINK "${to}" "${sysroot}/lib/rustlib/${t}" SYMBOLIC)
    endif()
  endforeach()
  string(REPLACE "'" "'\\''" q_rustc "${rustc}")
  string(REPLACE "'" "'\\''" q_sysroot "${sysroot}")
  string(CONCAT text "#!/bin/sh\n# Generated by cmake/ScanproofRust.cmake: ${rustc} with its own Rust stds\n"
    "# and those ci/setup unpacked from their .deb into ${private} (ci/lib/rust-std.sh).\n"
    "exec '${q_rustc}' --sysroot '${q_sysroot}' \"$@\"\n")
  set(old "")
  if(EXISTS "${dir}/rustc")
    file(READ "${dir}/rustc" old)
  endif()
  if(NOT old STREQUAL text)
    file(WRITE "${dir}/rustc" "${text}")
    file(CHMOD "${dir}/rustc" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
      WORLD_READ WORLD_EXECUTE)
  endif()
  # It is <rustc> with another sysroot: its version is <rustc>'s, its sysroot
  # the one it passes (two rustc processes fewer in every configure).
  _scanproof_rustc_says(vv "${rustc}" -vV)
  if(vv)
    _scanproof_rustc_answers("${dir}/rustc" -vV "${vv}")
    _scanproof_rustc_answers("${dir}/rustc" sysroot "${sysroot}")
  endif()
  set(${out} "${dir}/rustc" PARENT_SCOPE)
endfunction()

# _scanproof_rust_facts(<prefix> <rustc>): <prefix>_version ("rustc 1.63.0 ..."),
# <prefix>_llvm (its LLVM's major version), <prefix>_has_std (this target's std
# is in its sysroot, or among the stds ci/setup unpacked for it),
# <prefix>_private, <prefix>_triples, <prefix>_private_why
# (_scanproof_rust_private_sysroot).
function(_scanproof_rust_facts prefix rustc)
  _scanproof_rustc_says(vv "${rustc}" -vV)
  set(version "")
  set(llvm 0)
  set(has_std FALSE)
  set(p_dir "")
  set(p_triples "")
  set(p_why "")
  if(vv)
    _scanproof_rust_private_sysroot(p "${rustc}")
    string(REGEX MATCH "^[^\n]*" version "${vv}")
    if(vv MATCHES "LLVM version: ([0-9]+)")
      set(llvm "${CMAKE_MATCH_1}")
    endif()
    _scanproof_rust_std_target(target)
    if(NOT target)
      set(has_std TRUE)
    else()
      _scanproof_rustc_says(sysroot "${rustc}" sysroot)
      file(GLOB std "${sysroot}/lib/rustlib/${target}/lib/libstd-*.rlib")
      if(std OR target IN_LIST p_triples)
        set(has_std TRUE)
      endif()
    endif()
  endif()
  set(${prefix}_version "${version}" PARENT_SCOPE)
  set(${prefix}_llvm "${llvm}" PARENT_SCOPE)
  set(${prefix}_has_std "${has_std}" PARENT_SCOPE)
  set(${prefix}_private "${p_dir}" PARENT_SCOPE)
  set(${prefix}_triples "${p_triples}" PARENT_SCOPE)
  set(${prefix}_private_why "${p_why}" PARENT_SCOPE)
endfunction()

# _scanproof_rust_keep(<var> <value> <help>): <var> (a FILEPATH cache entry)
# set to the <value> chosen now, unless the user gave it: a -D at the first
# configure (CMake's help string for it), or a value other than the one
# chosen last (<var>_CHOSEN; a build directory from before choices were
# recorded has none, and its entry, ours, is chosen again).
function(_scanproof_rust_keep var value help)
  if(DEFINED ${var})
    get_property(h CACHE ${var} PROPERTY HELPSTRING)
    if(h MATCHES "specified on the command line" OR
       (DEFINED ${var}_CHOSEN AND NOT "${${var}}" STREQUAL "${${var}_CHOSEN}"))
      return()
    endif()
  endif()
  set(${var} "${value}" CACHE FILEPATH "${help}" FORCE)
  set(${var}_CHOSEN "${value}" CACHE INTERNAL "scanproof: the ${var} chosen, not given")
endfunction()
function(_scanproof_rust_choose)
  # Each candidate with why it is one, in order: "<rustc>|<why>".
  set(found "")
  if(DEFINED ENV{RUSTC} AND NOT "$ENV{RUSTC}" STREQUAL "")
    list(APPEND found "$ENV{RUSTC}|$RUSTC")
  endif()
  find_program(_scanproof_path_rustc NAMES rustc NO_CACHE)  # PATH: a rustup toolchain first, where it is
  if(_scanproof_path_rustc)
    list(APPEND found "${_scanproof_path_rustc}|the first rustc on PATH")
  endif()
  if(EXISTS /usr/bin/rustc)
    list(APPEND found "/usr/bin/rustc|Debian's")
  endif()
  set(run "")
  set(run_real "")  # the rustc itself, when run is its --sysroot wrapper
  set(run_why "")
  set(ir "")
  set(ir_real "")
  set(passed "")  # those before it without this target's std
  set(seen "")
  set(sysroot_whys "")
  _scanproof_rust_std_target(target)
  foreach(entry IN LISTS found)
    string(REPLACE "|" ";" entry "${entry}")
    list(GET entry 0 r)
    list(GET entry 1 r_why)
    if(r IN_LIST seen)
      continue()
    endif()
    list(APPEND seen "${r}")
    _scanproof_rust_facts(f "${r}")
    if(NOT f_version)
      continue()
    endif()
    set(use "${r}")
    set(has "${f_has_std}")
    if(f_private)  # ci/setup unpacked stds for it: its own and those, by --sysroot
      _scanproof_rust_sysroot_wrapper(use "${r}" "${f_private}" "${f_triples}")
      list(JOIN f_triples ", " t)
      string(APPEND r_why ", with the Rust std for ${t} that ci/setup unpacked from its .deb into "
        "${f_private}: ${use} runs ${r} --sysroot <its own stds and those>")
    endif()
    list(APPEND sysroot_whys ${f_private_why})
    if(has AND NOT run)
      set(run "${use}")
      set(run_real "${r}")
      set(run_why "${r_why}")
      if(passed)
        list(JOIN passed ", " p)
        string(APPEND run_why "; before it ${p} has no std for ${target}")
      endif()
    elseif(NOT has)
      list(APPEND passed "${r} (${r_why})")
    endif()
    if(has AND NOT ir AND f_llvm GREATER 0 AND f_llvm LESS_EQUAL 19)
      set(ir "${use}")
      set(ir_real "${r}")
    endif()
  endforeach()
  # What a private sysroot held that no rustc here could use, and the rustcs
  # that lack this target's std: said where a target's std is missing
  # (scanproof_rust_probe).
  set_property(GLOBAL PROPERTY SCANPROOF_RUST_SYSROOT_WHY "${sysroot_whys}")
  set_property(GLOBAL PROPERTY SCANPROOF_RUST_WITHOUT_STD "${passed}")
  # What was chosen: a SCANPROOF_RUSTC that differs is the user's -D, which
  # wins over a crate's rust-toolchain.toml too (_scanproof_rust_given).
  _scanproof_rust_keep(SCANPROOF_RUSTC "${run}" "rustc for Rust entries and candidates (scanproof: the user's, else Debian's)")
  _scanproof_rust_keep(SCANPROOF_RUST_IR_RUSTC "${ir}" "rustc for the proof's bitcode (its LLVM no newer than 19)")
  foreach(var IN ITEMS SCANPROOF_RUSTC SCANPROOF_RUST_IR_RUSTC)
    unset(${var})  # the cache's, as just set (not a caller's variable of that name)
  endforeach()
  if(SCANPROOF_RUSTC STREQUAL run)
    set(SCANPROOF_RUSTC_WHY "${run_why}" CACHE INTERNAL "scanproof: why that rustc")
  else()
    set(run_real "${SCANPROOF_RUSTC}")
  endif()
  if(NOT SCANPROOF_RUST_IR_RUSTC STREQUAL ir)
    set(ir_real "${SCANPROOF_RUST_IR_RUSTC}")
  endif()
  # cargo: $CARGO, else the one beside the rustc (the real one, not its
  # --sysroot wrapper), else Debian's.
  foreach(which IN ITEMS SCANPROOF_CARGO SCANPROOF_RUST_IR_CARGO)
    if(which STREQUAL "SCANPROOF_CARGO")
      set(rustc "${run_real}")
    else()
      set(rustc "${ir_real}")
    endif()
    set(cargo "")
    if(which STREQUAL "SCANPROOF_CARGO" AND DEFINED ENV{CARGO} AND NOT "$ENV{CARGO}" STREQUAL "")
      set(cargo "$ENV{CARGO}")
    elseif(rustc)
      get_filename_component(dir "${rustc}" DIRECTORY)
      if(EXISTS "${dir}/cargo")
        set(cargo "${dir}/cargo")
      endif()
    endif()
    if(NOT cargo AND EXISTS /usr/bin/cargo)
      set(cargo /usr/bin/cargo)
    endif()
    _scanproof_rust_keep(${which} "${cargo}" "cargo beside ${which}'s rustc (scanproof)")
    unset(${which})
  endforeach()
  if(SCANPROOF_RUSTC)
    _scanproof_rust_facts(f "${SCANPROOF_RUSTC}")
    _scanproof_rust_given(given)
    if(given)
      set(why "given: -DSCANPROOF_RUSTC")
    elseif(SCANPROOF_RUSTC_WHY)
      set(why "chosen as ${SCANPROOF_RUSTC_WHY}")
    else()
      set(why "chosen at the first configure")
    endif()
    message(STATUS "scanproof: Rust: ${SCANPROOF_RUSTC} (${f_version}), ${why}; cargo ${SCANPROOF_CARGO}; "
                   "the proof's bitcode: ${SCANPROOF_RUST_IR_RUSTC}; a crate's rust-toolchain.toml "
                   "chooses its own unless -DSCANPROOF_RUSTC is given")
  elseif(sysroot_whys)
    list(JOIN sysroot_whys "; " w)
    message(STATUS "scanproof: Rust: no rustc here has the std for ${target}: ${w}")
  endif()
endfunction()

# scanproof_rust_toolchain_file(<file-var> <src>): the rustup toolchain file
# that governs a .rs file or crate, as rustup looks for it: rust-toolchain.toml
# (or the older rust-toolchain) in its directory or the nearest parent. "" if none.
function(scanproof_rust_toolchain_file out src)
  get_filename_component(dir "${src}" DIRECTORY)
  set(found "")
  while(NOT found)
    foreach(name rust-toolchain.toml rust-toolchain)
      if(NOT found AND EXISTS "${dir}/${name}" AND NOT IS_DIRECTORY "${dir}/${name}")
        set(found "${dir}/${name}")
      endif()
    endforeach()
    get_filename_component(parent "${dir}" DIRECTORY)
    if(parent STREQUAL dir)
      break()
    endif()
    set(dir "${parent}")
  endwhile()
  set(${out} "${found}" PARENT_SCOPE)
endfunction()

# _scanproof_rust_toolchain_read(<prefix> <file>): what the suite reads of a
# rustup toolchain file: <prefix>_channel, <prefix>_path (a custom
# toolchain's directory), <prefix>_targets (a list), <prefix>_ignored (which
# of components, profile it sets: read for nothing). The older rust-toolchain
# file is either the same TOML or the channel alone.
function(_scanproof_rust_toolchain_read prefix file)
  file(READ "${file}" text)
  string(REGEX REPLACE "#[^\n]*" "" text "${text}")  # comments (no channel or path here has a #)
  foreach(key channel path targets ignored)
    set(${key} "")
  endforeach()
  if(text MATCHES "(^|\n)[ \t]*\\[toolchain\\][ \t\r]*(\n|$)")
    # The [toolchain] table: from its header to the next one.
    string(REGEX REPLACE "^(.*\n)?[ \t]*\\[toolchain\\][ \t\r]*" "" body "${text}")
    string(REGEX REPLACE "\n[ \t]*\\[.*$" "" body "${body}")
    foreach(key channel path)
      if(body MATCHES "(^|\n)[ \t]*${key}[ \t]*=[ \t]*[\"']([^\"'\n]*)[\"']")
        set(${key} "${CMAKE_MATCH_2}")
      endif()
    endforeach()
    if(body MATCHES "(^|\n)[ \t]*targets[ \t]*=[ \t]*\\[([^]]*)\\]")
      string(REGEX MATCHALL "[\"'][^\"'\n]*[\"']" quoted "${CMAKE_MATCH_2}")
      foreach(t IN LISTS quoted)
        string(REGEX REPLACE "^.(.*).$" "\\1" t "${t}")
        list(APPEND targets "${t}")
      endforeach()
    endif()
    foreach(key components profile)
      if(body MATCHES "(^|\n)[ \t]*${key}[ \t]*=")
        list(APPEND ignored ${key})
      endif()
    endforeach()
  elseif(file MATCHES "/rust-toolchain$" AND text MATCHES "^[ \t\r\n]*([A-Za-z0-9._-]+)[ \t\r\n]*$")
    set(channel "${CMAKE_MATCH_1}")  # the older file: the channel alone
  endif()
  if(path AND NOT IS_ABSOLUTE "${path}")  # rustup: relative to the file's directory
    get_filename_component(dir "${file}" DIRECTORY)
    set(path "${dir}/${path}")
  endif()
  foreach(key channel path targets ignored)
    set(${prefix}_${key} "${${key}}" PARENT_SCOPE)
  endforeach()
endfunction()

# _scanproof_rust_given(<out>): TRUE when the user gave -DSCANPROOF_RUSTC
# (CMake's help string for a command-line entry, or a value other than the
# one _scanproof_rust_choose chose).
function(_scanproof_rust_given out)
  set(given FALSE)
  get_property(help CACHE SCANPROOF_RUSTC PROPERTY HELPSTRING)
  if(help MATCHES "specified on the command line" OR
     (DEFINED SCANPROOF_RUSTC_CHOSEN AND NOT "${SCANPROOF_RUSTC}" STREQUAL "${SCANPROOF_RUSTC_CHOSEN}"))
    set(given TRUE)
  endif()
  set(${out} ${given} PARENT_SCOPE)
endfunction()

_scanproof_rust_choose()

# scanproof_rust_crate_toolchain(<prefix> <src>): the Rust a crate (or .rs
# file) asks for in its rust-toolchain.toml, resolved as rustup resolves it
# (`rustup which rustc --toolchain <channel>`; a `path = ` toolchain: its
# bin/rustc). Sets <prefix>_rustc and <prefix>_cargo ("" when there is no
# such file, the user gave -DSCANPROOF_RUSTC, which wins, or the toolchain is
# not here), <prefix>_why ("not built here: ..." when the toolchain is not on
# this machine, naming the file, the channel and how to get it; another text
# when the file itself is wrong), <prefix>_file, <prefix>_channel (or the
# path), <prefix>_targets and <prefix>_about (what configure says of it).
# Only channel and path choose: `targets` is information (a target's std
# missing is the per-target "not built here", which names it), `components`
# and `profile` are what rustup would install, and the suite installs nothing.
function(scanproof_rust_crate_toolchain prefix src)
  set(rustc "")
  set(cargo "")
  set(why "")
  set(about "")
  set(tc_channel "")
  set(tc_targets "")
  scanproof_rust_toolchain_file(file "${src}")
  _scanproof_rust_given(given)
  if(file AND NOT given)
    _scanproof_rust_toolchain_read(tc "${file}")
    find_program(_scanproof_rustup NAMES rustup HINTS "$ENV{CARGO_HOME}/bin" "$ENV{HOME}/.cargo/bin" NO_CACHE)
    if(tc_channel AND tc_path)
      set(why "${file} names both a channel (${tc_channel}) and a path (${tc_path}); rustup refuses that: keep one")
    elseif(tc_path)
      set(tc_channel "${tc_path}")
      if(EXISTS "${tc_path}/bin/rustc" AND EXISTS "${tc_path}/bin/cargo")
        set(rustc "${tc_path}/bin/rustc")
        set(cargo "${tc_path}/bin/cargo")
      else()
        set(why "not built here: ${file} asks for the Rust toolchain at ${tc_path}, which has no bin/rustc and bin/cargo here")
      endif()
    elseif(NOT tc_channel)
      set(why "${file} names no toolchain ([toolchain] channel = \"...\" or path = \"...\")")
    elseif(NOT _scanproof_rustup)
      string(CONCAT why "not built here: ${file} asks for the Rust toolchain ${tc_channel}, and rustup is not installed "
        "here (install rustup, then rustup toolchain install ${tc_channel}; or give -DSCANPROOF_RUSTC)")
    else()
      foreach(tool rustc cargo)
        # RUSTUP_AUTO_INSTALL=0: a toolchain that is not here is said, never fetched.
        execute_process(COMMAND "${CMAKE_COMMAND}" -E env RUSTUP_AUTO_INSTALL=0
            "${_scanproof_rustup}" which ${tool} --toolchain "${tc_channel}"
          RESULT_VARIABLE rc OUTPUT_VARIABLE path OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
        if(rc EQUAL 0 AND EXISTS "${path}")
          set(${tool} "${path}")
        endif()
      endforeach()
      if(NOT rustc OR NOT cargo)
        set(rustc "")
        set(cargo "")
        string(CONCAT why "not built here: ${file} asks for the Rust toolchain ${tc_channel}, which rustup does not "
          "have here (rustup toolchain install ${tc_channel})")
      endif()
    endif()
    if(rustc)
      execute_process(COMMAND "${rustc}" --version OUTPUT_VARIABLE version OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
      set(about "Rust ${rustc} (${version}), as ${file} asks (toolchain ${tc_channel})")
      if(tc_targets)
        list(JOIN tc_targets ", " t)
        string(APPEND about "; its targets (${t}) are information only: a target's std is the toolchain's or not built here")
      endif()
      if(tc_ignored)
        list(JOIN tc_ignored " and " t)
        string(APPEND about "; its ${t} not read")
      endif()
    endif()
  endif()
  if(given)
    set(file "")
  endif()
  foreach(key rustc cargo why file about)
    set(${prefix}_${key} "${${key}}" PARENT_SCOPE)
  endforeach()
  set(${prefix}_channel "${tc_channel}" PARENT_SCOPE)
  set(${prefix}_targets "${tc_targets}" PARENT_SCOPE)
endfunction()

# Which candidate files are Rust: a .rs file, or a crate's Cargo.toml.
set(SCANPROOF_RUST_FILE_REGEX "(\\.rs|/Cargo\\.toml)$")

# scanproof_rust_text(<out> <src>): the Rust text the declarations are read
# from: the .rs file, or every .rs file under a crate's src/.
function(scanproof_rust_text out src)
  if(src MATCHES "/Cargo\\.toml$")
    get_filename_component(dir "${src}" DIRECTORY)
    file(GLOB_RECURSE files "${dir}/src/*.rs")
    list(SORT files)
  else()
    set(files "${src}")
  endif()
  set(text "")
  foreach(f IN LISTS files)
    file(READ "${f}" t)
    string(APPEND text "${t}\n")
  endforeach()
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# scanproof_rust_work_dir(<out> <src>): the build directory of a Rust
# candidate's generated files (wrapper, cargo's target directory).
function(scanproof_rust_work_dir out src)
  get_filename_component(stem "${src}" NAME_WE)
  if(src MATCHES "/Cargo\\.toml$")
    get_filename_component(stem "${src}" DIRECTORY)
    get_filename_component(stem "${stem}" NAME)
  endif()
  string(MAKE_C_IDENTIFIER "${stem}" stem)
  string(MD5 h "${src}")
  string(SUBSTRING "${h}" 0 8 h)
  set(${out} "${CMAKE_BINARY_DIR}/scanproof-rust/${stem}-${h}" PARENT_SCOPE)
endfunction()

# scanproof_rust_common_flags(<out>): rustc's flags on every target. One
# codegen unit: one bitcode file for the prover.
function(scanproof_rust_common_flags out)
  set(${out} --edition 2021 -C opt-level=2 -C panic=abort -C codegen-units=1 PARENT_SCOPE)
endfunction()

# scanproof_rust_target_flags(<out>): rustc's --target and codegen flags for
# this build (no --target on a host build: rustc's own host).
function(scanproof_rust_target_flags out)
  scanproof_rust_common_flags(flags)
  if(CMAKE_CROSSCOMPILING)
    list(APPEND flags --target ${SCANPROOF_RUST_TARGET})
  endif()
  set(${out} "${flags}" PARENT_SCOPE)
endfunction()

# scanproof_rust_unavailable(<out>): why Rust candidates cannot be built for
# this target ("" if they can be).
function(scanproof_rust_unavailable out)
  set(why "")
  if(CMAKE_CROSSCOMPILING AND NOT SCANPROOF_RUST_TARGET)
    if(SCANPROOF_RUST_ARCH)  # the shipped toolchain files say so where Debian has none
      set(why "Debian 12 has no Rust standard library for ${SCANPROOF_RUST_ARCH}")
    else()
      set(why "the toolchain file sets no SCANPROOF_RUST_TARGET (rustc's --target for ${CMAKE_SYSTEM_PROCESSOR})")
    endif()
  endif()
  set(${out} "${why}" PARENT_SCOPE)
endfunction()

# scanproof_rust_declarations(<entries-var> <error-var> <file>):
# "op|name|ctype|params|options|fn|board|width" entries of the declarations of
# a .rs file or a crate, each checked against its export (ctype: the C type of
# the return; params: the C parameter list; options: candidate.h's designated
# initializers; fn, board, width: a declaration that names its scanner, for
# which the wrapper is generated, "" otherwise); <error-var>: what is wrong,
# naming the file and the function ("" if nothing).
#
#   // scanproof: candidate(name, op[, high_offset=63][, index_base=1][, domain=0x...])
#   // scanproof: candidate(name, op, fn=<path>[, board=<path>][, width=<bits>][, ...])
#
# The export takes one u8/u16/u32/u64/usize (a board of that width) or two u64
# (lo: u64, hi: u64) for a 128-bit board; a pop op's export takes one &mut or
# *mut u8/u16/u32/u64/usize. u128 is refused: its extern "C" ABI is not stable
# across rustc versions and targets.
function(scanproof_rust_declarations pairs_var error_var src)
  scanproof_rust_text(text "${src}")
  scanproof_directives(decls "${text}" "candidate")
  set(pairs "")
  set(errors "")
  # Rust integer type -> the C type the shim declares.
  foreach(bits 8 16 32 64)
    set(c_u${bits} uint${bits}_t)
    set(c_i${bits} int${bits}_t)
  endforeach()
  set(c_usize uintptr_t)
  set(c_isize intptr_t)
  set(id "[A-Za-z_][A-Za-z0-9_]*")
  set(path "(::)?${id}(::${id})*")
  set(prim "(core::primitive::|std::primitive::)?")
  set(forms "one u8, u16, u32, u64 or usize, or two u64 (lo, hi)")
  get_property(ops GLOBAL PROPERTY SCANPROOF_OPS)  # ops.def's names, in order
  list(JOIN ops "|" ops)
  foreach(d IN LISTS decls)
    string(REGEX REPLACE "^candidate\\|" "// scanproof: candidate" d "${d}")
    if(NOT d MATCHES "candidate[ \t]*\\([ \t]*(${id})[ \t]*,[ \t]*(${ops})[ \t]*(,[^)]*)?\\)$")
      list(APPEND errors "'${d}' is not '// scanproof: candidate(<function>, ${ops}[, fn=<path>][, board=<path>][, width=<bits>][, high_offset=63][, index_base=1][, domain=0x...])'")
      continue()
    endif()
    set(name "${CMAKE_MATCH_1}")
    set(op "${CMAKE_MATCH_2}")
    set(rest "${CMAKE_MATCH_3}")
    set(pop "")
    if(op MATCHES "^pop_")
      set(pop "*")  # the board is passed by pointer (&mut in Rust)
    endif()
    set(sig "pub extern \"C\" fn ${name}(b: u64) -> <u8|i8|u16|i16|u32|i32|u64|i64|usize|isize> (or b: u8|u16|u32|usize, or lo: u64, hi: u64 for a 128-bit board)")
    if(pop)
      set(sig "pub extern \"C\" fn ${name}(b: &mut u64) -> <u8|i8|u16|i16|u32|i32|u64|i64|usize|isize> (or b: &mut u8|u16|u32|usize)")
    endif()
    # Layout and domain options -> candidate.h's designated initializers.
    set(options "")
    set(bad_option "")
    set(fn "")
    set(board "")
    set(width "")
    set(pack "")
    set(halves "")
    set(result "")
    string(REGEX REPLACE "^,[ \t]*" "" rest "${rest}")
    string(REPLACE "," ";" rest "${rest}")
    foreach(o IN LISTS rest)
      string(STRIP "${o}" o)
      if(o MATCHES "^(high_offset|index_base)[ \t]*=[ \t]*([0-9]+)$")
        string(APPEND options ", .${CMAKE_MATCH_1} = ${CMAKE_MATCH_2}")
      elseif(o MATCHES "^(fn|board)[ \t]*=[ \t]*(${path})$")
        set(${CMAKE_MATCH_1} "${CMAKE_MATCH_2}")
      elseif(o MATCHES "^width[ \t]*=[ \t]*(8|16|32|64|128)$")
        set(width "${CMAKE_MATCH_1}")
      elseif(o MATCHES "^zero[ \t]*=[ \t]*undefined$")
        string(APPEND options ", .zero = SCANPROOF_ZERO_UNDEFINED")
      elseif(o MATCHES "^zero[ \t]*=[ \t]*(-?[0-9]+)$")
        string(APPEND options ", .zero = SCANPROOF_ZERO_RETURNS(${CMAKE_MATCH_1})")
      elseif(o MATCHES "^pack[ \t]*=[ \t]*(u128|array|tuple)$")
        set(pack "${CMAKE_MATCH_1}")
      elseif(o MATCHES "^halves[ \t]*=[ \t]*(low_first|high_first)$")
        set(halves "${CMAKE_MATCH_1}")
      elseif(o MATCHES "^result[ \t]*=[ \t]*(into:(u8|u16|u32|u64|usize|i8|i16|i32|i64|isize)|${id})$")
        set(result "${CMAKE_MATCH_1}")
      elseif(o MATCHES "^domain[ \t]*=[ \t]*0[xX]([0-9a-fA-F_]+)$")
        string(REPLACE "_" "" hex "${CMAKE_MATCH_1}")
        string(REGEX REPLACE "^0+" "" hex "${hex}")
        string(LENGTH "${hex}" n)
        if(n GREATER 32)
          set(bad_option "'${o}' has more than 128 bits")
          break()
        elseif(n GREATER 16)
          math(EXPR split "${n} - 16")
          string(SUBSTRING "${hex}" 0 ${split} hi)
          string(SUBSTRING "${hex}" ${split} 16 lo)
        else()
          set(hi 0)
          set(lo "${hex}")
          if(lo STREQUAL "")
            set(lo 0)
          endif()
        endif()
        string(APPEND options ", .domain = {0x${lo}ull, 0x${hi}ull}")
      else()
        set(bad_option "'${o}' is not fn=<path>, board=<path>, width=<8|16|32|64|128>, pack=<u128|array|tuple>, halves=<low_first|high_first>, result=<method|into:<integer type>>, high_offset=<63|64>, index_base=<0|1>, domain=0x<hex> or zero=<undefined|integer>")
        break()
      endif()
    endforeach()
    if(NOT bad_option AND NOT fn AND (board OR width OR pack OR halves OR result))
      set(bad_option "board=, width=, pack=, halves= and result= go with fn=<path> (the scanner whose wrapper is generated)")
    endif()
    if(NOT bad_option AND (pack OR halves) AND NOT width EQUAL 128)
      set(bad_option "pack= and halves= are for a 128-bit board (width=128)")
    endif()
    if(NOT bad_option AND halves STREQUAL "high_first" AND NOT pack MATCHES "^(array|tuple)$")
      set(bad_option "halves=high_first orders the two u64 of pack=array or pack=tuple (a u128 has no halves to order)")
    endif()
    if(bad_option)
      list(APPEND errors "candidate ${name}: option ${bad_option}")
      continue()
    endif()
    if(fn)  # the suite writes the export (scanproof_rust_wrapper_source)
      if(NOT width)
        set(width 64)
      endif()
      if(width EQUAL 128 AND pop)
        set(cparams "scanproof_word*")  # the two halves, low first, as [u64; 2]
      elseif(width EQUAL 128)
        set(cparams "uint64_t, uint64_t")
      else()
        set(cparams "uint${width}_t${pop}")
      endif()
      if(NOT pack)
        set(pack u128)
      endif()
      if(NOT halves)
        set(halves low_first)
      endif()
      string(REPLACE ":" "@" result "${result}")  # the entry's fields are |-separated; keep it one token
      list(APPEND pairs "${op}|${name}|int64_t|${cparams}|${options}|${fn}|${board}|${width}|${pack}|${halves}|${result}")
      continue()
    endif()
    # The export: #[no_mangle], optional further attributes, then the fn.
    set(ws "[ \t\r\n]*")
    if(NOT text MATCHES "#\\[(unsafe\\()?no_mangle\\)?\\]${ws}(#\\[[^\n]*\\]${ws})*pub${ws}(unsafe${ws})?extern${ws}\"C\"${ws}fn${ws}${name}${ws}\\(([^)]*)\\)${ws}(->${ws}([A-Za-z0-9_:]+))?")
      list(APPEND errors "candidate ${name}: no exported function of that name; declare it #[no_mangle] ${sig}, or name the scanner with fn=<path>")
      continue()
    endif()
    set(params "${CMAKE_MATCH_4}")  # 1: unsafe(, 2: attributes, 3: unsafe
    set(ret "${CMAKE_MATCH_6}")
    string(STRIP "${params}" params)
    string(REGEX REPLACE "[ \t\r\n]+" " " shown "${params}")
    set(arg "(mut[ \t]+)?${id}[ \t]*:[ \t]*${prim}")
    set(by_ref "(mut[ \t]+)?${id}[ \t]*:[ \t]*(&|\\*)[ \t]*mut[ \t]+${prim}")
    if(params MATCHES "^${by_ref}(u8|u16|u32|u64|usize)[ \t\r\n,]*$")
      if(NOT pop)
        list(APPEND errors "candidate ${name}: it takes (${shown}), so it clears the square it returns: declare it pop_lsb or pop_msb")
        continue()
      endif()
      set(cparams "${c_${CMAKE_MATCH_4}}*")
    elseif(pop)
      list(APPEND errors "candidate ${name}: it takes (${shown}); a ${op} candidate takes its board by &mut and clears the square it returns: ${sig}")
      continue()
    elseif(params MATCHES "^${arg}(u8|u16|u32|u64|usize)[ \t\r\n,]*$")
      set(cparams "${c_${CMAKE_MATCH_3}}")
    elseif(params MATCHES "^${arg}u64[ \t\r\n]*,[ \t\r\n]*${arg}u64[ \t\r\n,]*$")
      set(cparams "uint64_t, uint64_t")
    elseif(params MATCHES "u128")
      list(APPEND errors "candidate ${name}: it takes (${shown}); u128 has no stable extern \"C\" ABI: pass the board as two u64 halves, fn ${name}(lo: u64, hi: u64), with high_offset=64 for a plain 128-bit number")
      continue()
    else()
      list(APPEND errors "candidate ${name}: it takes (${shown}); a candidate takes ${forms}: ${sig}")
      continue()
    endif()
    string(REGEX REPLACE "^(core|std)::primitive::" "" ret "${ret}")
    if(ret STREQUAL "")
      list(APPEND errors "candidate ${name}: it returns nothing; a candidate returns an integer: ${sig}")
      continue()
    endif()
    if(NOT DEFINED c_${ret})
      list(APPEND errors "candidate ${name}: it returns ${ret}, not an integer type of 64 bits or fewer: ${sig}")
      continue()
    endif()
    list(APPEND pairs "${op}|${name}|${c_${ret}}|${cparams}|${options}|||")
  endforeach()
  set(error "")
  if(errors)
    list(JOIN errors "; " error)
    set(error "${src}: ${error}")
  endif()
  set(${pairs_var} "${pairs}" PARENT_SCOPE)
  set(${error_var} "${error}" PARENT_SCOPE)
endfunction()

# scanproof_rust_wrapper_source(<out> <entries> <header>): a crate root with
# the generated `extern "C"` wrapper of each fn= declaration. <header> brings
# the user's code in as `scanproof_user` (a dependency, or the .rs file as a
# module), whose public names are imported: a declaration's path is read as
# the user's crate root reads it (crate:: is the user's crate).
function(scanproof_rust_wrapper_source out entries header)
  # Results: an integer or field-less enum by `as`, an Option of one by its
  # value or -1; which impl applies is picked by method resolution on the
  # concrete type (the receiver's autoref steps), so no trait is needed on the
  # user's types. bool is refused by name.
  set(body [=[#![allow(unused_imports, unused_mut, non_snake_case, clippy::all)]
@header@
use scanproof_user::*;

mod scanproof_glue {
    pub struct Read<T>(pub ::core::cell::Cell<Option<T>>);
    pub trait ViaOption {
        type Item;
        fn index<F: FnOnce(Self::Item) -> i64>(self, read: F) -> i64;
    }
    impl<T> ViaOption for &mut Read<Option<T>> {
        type Item = T;
        fn index<F: FnOnce(T) -> i64>(self, read: F) -> i64 {
            match self.0.take() {
                Some(Some(v)) => read(v),
                _ => -1,
            }
        }
    }
    pub trait ViaValue {
        type Item;
        fn index<F: FnOnce(Self::Item) -> i64>(self, read: F) -> i64;
    }
    impl<T> ViaValue for &Read<T> {
        type Item = T;
        fn index<F: FnOnce(T) -> i64>(self, read: F) -> i64 {
            match self.0.take() {
                Some(v) => read(v),
                None => -1,
            }
        }
    }
    pub trait ScannerResultMustBeAnIntegerNotBool {}
    pub trait RefuseBool {
        fn index<F: ScannerResultMustBeAnIntegerNotBool>(self, read: F) -> i64;
    }
    impl RefuseBool for &mut Read<bool> {
        fn index<F: ScannerResultMustBeAnIntegerNotBool>(self, _: F) -> i64 {
            0
        }
    }
}
use scanproof_glue::{RefuseBool as _, ViaOption as _, ViaValue as _};

macro_rules! scanproof_index {
    ($e:expr, $read:expr) => {
        (&mut scanproof_glue::Read(::core::cell::Cell::new(Some($e)))).index($read)
    };
}
]=])
  string(CONFIGURE "${body}" body @ONLY)
  foreach(e IN LISTS entries)
    string(REPLACE "|" ";" e "${e}")
    list(GET e 1 name)
    list(GET e 5 fn)
    list(GET e 6 board)
    list(GET e 7 width)
    if(NOT fn)
      continue()
    endif()
    string(REGEX REPLACE "^crate::" "scanproof_user::" fn "${fn}")
    string(REGEX REPLACE "^crate::" "scanproof_user::" board "${board}")
    list(GET e 0 op)
    list(GET e 8 pack)
    list(GET e 9 halves)
    list(GET e 10 result)
    string(REPLACE "@" ":" result "${result}")
    set(pop "")
    if(op MATCHES "^pop_")  # the board by &mut, read back by From
      set(pop yes)
    endif()
    if(width EQUAL 128)
      # The two halves, packed as the board's From (or board=) takes them:
      # a u128, or a [u64; 2] / (u64, u64) in the declared half order.
      set(first lo)
      set(second hi)
      if(halves STREQUAL "high_first")
        set(first hi)
        set(second lo)
      endif()
      if(pop)
        set(params "b: &mut [u64; 2]")  # the C shim's scanproof_word*: {lo, hi}
        set(lohi "let (lo, hi) = (b[0], b[1]);\n    ")
      else()
        set(params "lo: u64, hi: u64")
        set(lohi "")
      endif()
      if(pack STREQUAL "array")
        set(value "[${first}, ${second}]")
        set(read_back "let packed: [u64; 2] = ::core::convert::From::from(board);\n    let (${first}, ${second}) = (packed[0], packed[1]);")
      elseif(pack STREQUAL "tuple")
        set(value "(${first}, ${second})")
        set(read_back "let (${first}, ${second}): (u64, u64) = ::core::convert::From::from(board);")
      else()
        set(value "((hi as u128) << 64) | lo as u128")
        set(read_back "let packed: u128 = ::core::convert::From::from(board);\n    let (lo, hi) = (packed as u64, (packed >> 64) as u64);")
      endif()
      set(write_back "${read_back}\n    b[0] = lo;\n    b[1] = hi;")
    elseif(pop)
      set(params "b: &mut u${width}")
      set(value "*b")
      set(lohi "")
      set(write_back "*b = ::core::convert::From::from(board);")
    else()
      set(params "b: u${width}")
      set(value "b")
      set(lohi "")
    endif()
    # The result as an integer: by `as` (an integer, a field-less enum, an
    # Option of one), by a named method (result=index), or by Into (result=into:u8).
    set(read "|v| v as i64")
    if(result MATCHES "^into:(.*)$")
      set(read "|v| { let x: ${CMAKE_MATCH_1} = ::core::convert::Into::into(v); x as i64 }")
    elseif(result)
      set(read "|v| v.${result}() as i64")
    endif()
    if(board)
      set(make "${board}(${value})")
    else()
      set(make "::core::convert::From::from(${value})")
    endif()
    string(APPEND body "\n#[no_mangle]\npub extern \"C\" fn ${name}(${params}) -> i64 {\n    ${lohi}")
    set(type "")
    if(fn MATCHES "^(.*)::([A-Za-z_][A-Za-z0-9_]*)$")
      set(type "${CMAKE_MATCH_1}")
      set(method "${CMAKE_MATCH_2}")
    endif()
    if(type MATCHES "(^|::)[A-Z][A-Za-z0-9_]*$")
      # A method: called on the board (by value, & or &mut, as it takes self).
      set(call "board.${method}()")
      string(APPEND body "    let mut board: ${type} = ${make};\n")
    elseif(pop)
      set(call "${fn}(&mut board)")
      string(APPEND body "    let mut board = ${make};\n")
    else()
      set(call "${fn}(${make})")
    endif()
    if(pop)  # the board the pop leaves, back into the caller's
      string(APPEND body "    let index = scanproof_index!(${call}, ${read});\n    ${write_back}\n    index\n}\n")
    else()
      string(APPEND body "    scanproof_index!(${call}, ${read})\n}\n")
    endif()
  endforeach()
  set(${out} "${body}" PARENT_SCOPE)
endfunction()

# _scanproof_rust_needs_newer(<out> <log> <src>): for cargo's or rustc's
# output that says the crate needs a newer Rust (its rust-version, its
# edition), the message naming both versions; "" otherwise.
function(_scanproof_rust_needs_newer out log src)
  set(needs "")
  if(log MATCHES "requires rustc ([0-9.]+) or newer")
    set(needs "rust-version ${CMAKE_MATCH_1}")
  elseif(log MATCHES "edition2024|edition 2024|`2024`")
    set(needs "edition 2024 (rustc 1.85 or newer)")
  elseif(log MATCHES "edition2021|`2021`")
    set(needs "edition 2021 (rustc 1.56 or newer)")
  endif()
  set(message "")
  if(needs)
    execute_process(COMMAND "${SCANPROOF_RUSTC}" --version OUTPUT_VARIABLE found OUTPUT_STRIP_TRAILING_WHITESPACE
      ERROR_QUIET)
    string(CONCAT message "${src} needs a newer Rust than the one found: it says ${needs}, and the rustc found "
                  "is ${found} (${SCANPROOF_RUSTC}). Put a newer one first on PATH (rustup), or set RUSTC or "
                  "-DSCANPROOF_RUSTC (docs/contracts.md, Rust toolchains)")
  endif()
  set(${out} "${message}" PARENT_SCOPE)
endfunction()

# scanproof_rust_crate(<prefix> <Cargo.toml>): reads the crate with `cargo
# metadata`: <prefix>_package (its name), <prefix>_deps (its dependencies as
# the wrapper's Cargo.toml lines, each a path dependency, as the crate names
# them), <prefix>_dirs (their directories), <prefix>_error (what is wrong: a dependency that is not a path one,
# a manifest cargo refuses; "" if nothing).
function(scanproof_rust_crate prefix toml)
  set(package "")
  set(deps "")
  set(dirs "")
  set(error "")
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env "CARGO_HOME=${CMAKE_BINARY_DIR}/scanproof-rust/cargo-home"
      "RUSTC=${SCANPROOF_RUSTC}" "${SCANPROOF_CARGO}" metadata --offline --no-deps --format-version 1
      --manifest-path "${toml}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE json ERROR_VARIABLE log)
  file(REAL_PATH "${toml}" real)
  if(NOT rc EQUAL 0)
    string(REGEX MATCH "error[^\n]*(\n[^\n]+)?" first "${log}")
    string(REPLACE "\n" " " first "${first}")
    set(error "${toml}: cargo metadata: ${first}")
    _scanproof_rust_needs_newer(newer "${log}" "${toml}")
    if(newer)
      set(error "${newer}")
    endif()
  else()
    string(JSON n LENGTH "${json}" packages)
    math(EXPR last "${n} - 1")
    foreach(i RANGE ${last})
      string(JSON manifest GET "${json}" packages ${i} manifest_path)
      if(NOT manifest STREQUAL real)
        continue()
      endif()
      string(JSON package GET "${json}" packages ${i} name)
      string(JSON nd LENGTH "${json}" packages ${i} dependencies)
      if(nd EQUAL 0)
        break()
      endif()
      math(EXPR nd "${nd} - 1")
      foreach(k RANGE ${nd})
        string(JSON dep GET "${json}" packages ${i} dependencies ${k})
        string(JSON kind GET "${dep}" kind)
        if(kind STREQUAL "dev")  # not needed to build the library
          continue()
        endif()
        string(JSON dname GET "${dep}" name)
        string(JSON dpath ERROR_VARIABLE no_path GET "${dep}" path)
        if(no_path OR kind STREQUAL "build")
          if(no_path)
            string(JSON source GET "${dep}" source)
            list(APPEND error "dependency '${dname}' comes from ${source}; a candidate crate is built offline, with path dependencies only")
          endif()
          continue()
        endif()
        string(JSON rename GET "${dep}" rename)
        if(NOT rename)
          set(rename "${dname}")
        endif()
        string(JSON default GET "${dep}" uses_default_features)
        string(JSON features GET "${dep}" features)
        if(default)  # a JSON true reads as ON
          set(default true)
        else()
          set(default false)
        endif()
        list(APPEND dirs "${dpath}")
        string(APPEND deps "${rename} = { path = \"${dpath}\", package = \"${dname}\", default-features = ${default}, features = ${features} }\n")
      endforeach()
      break()
    endforeach()
    if(error)
      list(JOIN error "; " error)
      set(error "${toml}: ${error}")
    elseif(NOT package)
      set(error "${toml}: cargo metadata lists no package for this manifest")
    endif()
  endif()
  set(${prefix}_package "${package}" PARENT_SCOPE)
  set(${prefix}_deps "${deps}" PARENT_SCOPE)
  set(${prefix}_dirs "${dirs}" PARENT_SCOPE)
  set(${prefix}_error "${error}" PARENT_SCOPE)
endfunction()

# scanproof_rust_root(<root-var> <error-var> <src>): writes what rustc or
# cargo builds for <src> and returns it: a .rs file without fn= declarations
# is built as it is; with them, a generated crate root that has the file as a
# module plus the wrappers; a crate, a generated wrapper crate (its
# Cargo.toml) depending on it. <error-var>: what is wrong ("" if nothing).
function(scanproof_rust_root root_var error_var src)
  set(dirs "")
  # The crate's own toolchain reads it (cargo metadata), whoever calls: the
  # build's rustc may be too old for the crate's manifest (edition 2024),
  # and the wrapper's Cargo.toml must be the same for the probe, the build
  # and the proof.
  scanproof_rust_crate_toolchain(tc "${src}")
  if(tc_rustc)
    set(SCANPROOF_RUSTC "${tc_rustc}")
    set(SCANPROOF_CARGO "${tc_cargo}")
  endif()
  scanproof_rust_declarations(entries error "${src}")
  scanproof_rust_work_dir(work "${src}")
  set(root "${src}")
  set(named "")  # fn= declarations
  foreach(e IN LISTS entries)
    string(REPLACE "|" ";" fields "${e}")
    list(GET fields 5 fn)
    if(fn)  # fn= names the scanner: its wrapper is generated
      set(named yes)
    endif()
  endforeach()
  if(src MATCHES "/Cargo\\.toml$")
    if(NOT SCANPROOF_CARGO)
      set(error "${src}: cargo not found (apt-get install cargo)")
    endif()
    if(NOT error)
      scanproof_rust_crate(crate "${src}")
      set(error "${crate_error}")
      set(dirs "${crate_dirs}")
    endif()
    get_filename_component(dir "${src}" DIRECTORY)
    set(header "extern crate scanproof_user;")
    scanproof_rust_wrapper_source(wrapper "${entries}" "${header}")
    file(CONFIGURE OUTPUT "${work}/wrap.rs" CONTENT "// Generated by ScanproofRust.cmake for ${src}.\n${wrapper}" @ONLY)
    get_filename_component(lib "${work}" NAME)
    string(MAKE_C_IDENTIFIER "scanproof_wrap_${lib}" lib)
    string(TOLOWER "${lib}" lib)
    file(CONFIGURE OUTPUT "${work}/Cargo.toml" @ONLY CONTENT
"# Generated by ScanproofRust.cmake: the candidates of ${src} as a staticlib.
[package]
name = \"${lib}\"
version = \"0.0.0\"
edition = \"2021\"

[lib]
path = \"wrap.rs\"
crate-type = [\"staticlib\"]

[dependencies]
scanproof_user = { path = \"${dir}\", package = \"${crate_package}\" }
${crate_deps}
[profile.release]
opt-level = 2
panic = \"abort\"
codegen-units = 1

[workspace]
")
    set(root "${work}/Cargo.toml")
  elseif(named)  # a .rs file with fn= declarations
    set(header "#[path = \"${src}\"]\nmod scanproof_user;")
    scanproof_rust_wrapper_source(wrapper "${entries}" "${header}")
    file(CONFIGURE OUTPUT "${work}/wrap.rs" CONTENT "// Generated by ScanproofRust.cmake for ${src}.\n${wrapper}" @ONLY)
    set(root "${work}/wrap.rs")
  endif()
  set(${root_var} "${root}" PARENT_SCOPE)
  set(${error_var} "${error}" PARENT_SCOPE)
  set(SCANPROOF_RUST_ROOT_DIRS "${dirs}" PARENT_SCOPE)  # a crate's path dependencies' directories
endfunction()

# scanproof_rust_cargo(<out> <manifest> <subcommand>...): the cargo command
# line for a generated wrapper crate: Debian's cargo and rustc, offline, a
# CARGO_HOME and target directory in the build directory, this target.
function(scanproof_rust_cargo out manifest)
  get_filename_component(work "${manifest}" DIRECTORY)
  set(cmd "${CMAKE_COMMAND}" -E env "CARGO_HOME=${CMAKE_BINARY_DIR}/scanproof-rust/cargo-home"
    "RUSTC=${SCANPROOF_RUSTC}" "CARGO_TARGET_DIR=${work}/target" CARGO_TERM_COLOR=never
    "${SCANPROOF_CARGO}" ${ARGN} --offline --release --lib --manifest-path "${manifest}")
  if(CMAKE_CROSSCOMPILING)
    list(APPEND cmd --target ${SCANPROOF_RUST_TARGET})
  endif()
  set(${out} "${cmd}" PARENT_SCOPE)
endfunction()

# scanproof_rust_cargo_lib(<out> <manifest>): the staticlib cargo writes.
function(scanproof_rust_cargo_lib out manifest)
  get_filename_component(work "${manifest}" DIRECTORY)
  get_filename_component(lib "${work}" NAME)
  string(MAKE_C_IDENTIFIER "scanproof_wrap_${lib}" lib)
  string(TOLOWER "${lib}" lib)
  set(dir "${work}/target")
  if(CMAKE_CROSSCOMPILING)
    string(APPEND dir "/${SCANPROOF_RUST_TARGET}")
  endif()
  set(${out} "${dir}/release/lib${lib}.a" PARENT_SCOPE)
endfunction()

# scanproof_rust_probe_key(<out-var> <root> <command>): what a probe's outcome
# depends on, hashed: the command (rustc, its flags and --target), rustc's and
# the target's standard library's files as installed (their timestamps) and the
# content of every .rs file beside a single-file root (a `mod` it declares
# included). "" for a crate (Cargo.toml): cargo's own probe runs every time.
# The probe costs 0.1-0.6 s of each configure, most of a warm one's (a new
# candidate on a built target).
function(scanproof_rust_probe_key out root cmd)
  set(${out} "" PARENT_SCOPE)
  if(root MATCHES "/Cargo\\.toml$")
    return()
  endif()
  set(basis "${cmd}")
  if(NOT SCANPROOF_RUST_SYSROOT_OF STREQUAL SCANPROOF_RUSTC)  # asked once per rustc, not per configure
    execute_process(COMMAND "${SCANPROOF_RUSTC}" --print sysroot OUTPUT_VARIABLE sysroot
      OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
    set(SCANPROOF_RUST_SYSROOT "${sysroot}" CACHE INTERNAL "scanproof: rustc --print sysroot")
    set(SCANPROOF_RUST_SYSROOT_OF "${SCANPROOF_RUSTC}" CACHE INTERNAL "scanproof: the rustc it was asked of")
  endif()
  set(sysroot "${SCANPROOF_RUST_SYSROOT}")
  set(std_target "${SCANPROOF_RUST_TARGET}")
  if(NOT CMAKE_CROSSCOMPILING)
    set(std_target "")
  endif()
  file(GLOB std "${sysroot}/lib/rustlib/${std_target}*/lib/libstd-*.rlib")
  foreach(f IN ITEMS "${SCANPROOF_RUSTC}" ${std})
    file(TIMESTAMP "${f}" when "%s" UTC)
    string(APPEND basis "\n${f} ${when}")
  endforeach()
  get_filename_component(dir "${root}" DIRECTORY)
  file(GLOB sources "${dir}/*.rs")
  foreach(f IN LISTS sources)
    file(MD5 "${f}" sum)
    string(APPEND basis "\n${f} ${sum}")
  endforeach()
  string(MD5 key "${basis}")
  set(${out} "${key}" PARENT_SCOPE)
endfunction()

# scanproof_rust_probe(<status-var> <message-var> <libs-var> <src>): builds
# the file or crate once at configure time (rustc or cargo, this target) to
# find what is wrong before the build does: status ok, "not built" (no Rust
# for this target: a skip with its reason) or "does not compile" (message: the
# file and rustc's first error, or the declaration that has no matching
# export). <libs-var>: the native libraries rustc says a staticlib needs.
function(scanproof_rust_probe status_var message_var libs_var src)
  set(status ok)
  set(message "")
  set(libs "")
  scanproof_rust_unavailable(why)
  set(toolchain_why "")
  set(tc_rustc "")
  if(NOT why)
    # The crate's own toolchain, for this probe and what it calls.
    scanproof_rust_crate_toolchain(tc "${src}")
    set(toolchain_why "${tc_why}")
    if(tc_rustc)
      set(SCANPROOF_RUSTC "${tc_rustc}")
      set(SCANPROOF_CARGO "${tc_cargo}")
      message(STATUS "scanproof: ${src}: ${tc_about}")
    endif()
  endif()
  if(NOT why AND NOT toolchain_why)
    scanproof_rust_root(root error "${src}")
  endif()
  if(why)
    set(status "not built")
    set(message "not built: ${why}")
  elseif(toolchain_why MATCHES "^not built here")  # the machine lacks the toolchain: not the scanner's doing
    set(status "not built")
    set(message "${toolchain_why}")
  elseif(toolchain_why)
    set(status "does not compile")
    set(message "${toolchain_why}")
  elseif(error)
    set(status "does not compile")
    set(message "${error}")
  elseif(NOT SCANPROOF_RUSTC)  # the machine lacks a rustc with this target's std: not the scanner's doing
    _scanproof_rust_std_target(target)
    set(packages "${SCANPROOF_RUST_PACKAGES}")
    if(NOT packages)
      set(packages rustc cargo)
    endif()
    get_property(without_std GLOBAL PROPERTY SCANPROOF_RUST_WITHOUT_STD)
    get_property(sysroot_why GLOBAL PROPERTY SCANPROOF_RUST_SYSROOT_WHY)
    set(status "not built")
    if(without_std)
      list(JOIN without_std ", " without_std)
      string(CONCAT message "not built here: no Rust standard library for ${target} in any rustc here ("
        "${without_std}; apt-get install ${packages}, or ci/setup --rust, which unpacks its .deb into a "
        "sysroot of its own when apt refuses it; or rustup target add ${target})")
      if(sysroot_why)  # one was unpacked, and no rustc here can use it
        list(JOIN sysroot_why "; " sysroot_why)
        string(APPEND message "; ${sysroot_why}")
      endif()
    else()
      set(message "not built here: no rustc here (apt-get install ${packages}, or a rustup toolchain on PATH)")
    endif()
  else()
    if(root MATCHES "/Cargo\\.toml$")
      scanproof_rust_cargo(cmd "${root}" rustc)
      list(APPEND cmd -- --print native-static-libs)
    else()
      scanproof_rust_target_flags(flags)
      string(MD5 id "${src}")
      set(out "${CMAKE_BINARY_DIR}/scanproof-candidate-probes/rust-${id}.a")
      file(MAKE_DIRECTORY "${CMAKE_BINARY_DIR}/scanproof-candidate-probes")
      set(cmd "${SCANPROOF_RUSTC}" --crate-type=staticlib ${flags}
        --crate-name scanproof_probe --print native-static-libs -o "${out}" "${root}")
    endif()
    scanproof_rust_probe_key(key "${root}" "${cmd}")
    set(kept "${CMAKE_BINARY_DIR}/scanproof-candidate-probes/rust-${key}.probe")
    if(key AND EXISTS "${kept}")  # this probe's rustc, flags, std and sources as before: its outcome
      file(READ "${kept}" log)  # the exit status, a newline, what rustc printed
      string(FIND "${log}" "\n" end)
      string(SUBSTRING "${log}" 0 ${end} rc)
      math(EXPR end "${end} + 1")
      string(SUBSTRING "${log}" ${end} -1 log)
    else()
      execute_process(COMMAND ${cmd} RESULT_VARIABLE rc OUTPUT_VARIABLE log ERROR_VARIABLE log)
      if(key AND rc MATCHES "^[01]$")  # compiled, or rustc's own error (not a signal or a missing tool)
        file(WRITE "${kept}" "${rc}\n${log}")
      endif()
    endif()
    if(NOT rc EQUAL 0)
      set(status "does not compile")
      string(REGEX MATCH "error[^\n]*" first "${log}")
      string(REGEX MATCH "--> [^\n]*" where "${log}")
      if(first MATCHES "can't find crate for .(std|core).")
        string(APPEND first " (the Rust standard library for ${SCANPROOF_RUST_TARGET}: apt-get install ${SCANPROOF_RUST_PACKAGES})")
      endif()
      string(REGEX REPLACE "^--> " " (at " where "${where}")
      if(where)
        string(APPEND where ")")
      endif()
      set(message "${src} does not compile for this target: ${first}${where}")
      if(first MATCHES "can't find crate for .(std|core).")  # the machine's lack: not built here
        set(status "not built")
        string(CONCAT message "not built here: no Rust standard library for ${SCANPROOF_RUST_TARGET} in "
          "${SCANPROOF_RUSTC}'s sysroot (apt-get install ${SCANPROOF_RUST_PACKAGES}, or ci/setup --rust, which "
          "unpacks its .deb into a sysroot of its own when apt refuses it; or rustup target add ${SCANPROOF_RUST_TARGET})")
        get_property(sysroot_why GLOBAL PROPERTY SCANPROOF_RUST_SYSROOT_WHY)
        if(sysroot_why)  # one was unpacked, and this rustc cannot use it
          list(JOIN sysroot_why "; " sysroot_why)
          string(APPEND message "; ${sysroot_why}")
        endif()
        if(tc_rustc)  # the crate's toolchain: rustup's route, and what its file says of the target
          set(listed "does not list it in its targets")
          if(SCANPROOF_RUST_TARGET IN_LIST tc_targets)
            set(listed "lists it in its targets, which rustup would have added")
          endif()
          string(CONCAT message "not built here: no Rust standard library for ${SCANPROOF_RUST_TARGET} in the "
            "toolchain ${tc_channel} that ${tc_file} asks for (${SCANPROOF_RUSTC}; rustup target add "
            "${SCANPROOF_RUST_TARGET} --toolchain ${tc_channel}; the file ${listed})")
        endif()
      endif()
      _scanproof_rust_needs_newer(newer "${log}" "${src}")
      if(newer)
        set(message "${newer}")
      endif()
    elseif(log MATCHES "native-static-libs: ([^\n]*)")
      separate_arguments(libs UNIX_COMMAND "${CMAKE_MATCH_1}")
      if(SCANPROOF_LINK_STATIC)  # no libgcc_s.a: its unwinder is libgcc_eh.a
        list(TRANSFORM libs REPLACE "^-lgcc_s$" "-lgcc_eh")
      endif()
    endif()
  endif()
  set(${status_var} "${status}" PARENT_SCOPE)
  set(${message_var} "${message}" PARENT_SCOPE)
  set(${libs_var} "${libs}" PARENT_SCOPE)
endfunction()

# scanproof_rust_shim(<out-var> <src>): writes the C shim of a .rs file or
# crate into the build directory (rewritten only when it changes) and returns
# its path.
function(scanproof_rust_shim out src)
  scanproof_rust_declarations(pairs error "${src}")
  scanproof_rust_work_dir(work "${src}")
  set(shim "${work}.shim.c")
  set(body "/* Generated by ScanproofRust.cmake from ${src}: its exports, registered. */\n")
  string(APPEND body "#include <scanproof/candidate.h>\n")
  foreach(p IN LISTS pairs)
    string(REPLACE "|" ";" p "${p}")
    list(GET p 0 op)
    list(GET p 1 name)
    list(GET p 2 ctype)
    list(GET p 3 cparams)
    list(GET p 4 options)
    string(TOUPPER "${op}" OP)
    string(APPEND body "extern ${ctype} ${name}(${cparams});\nSCANPROOF_CANDIDATE(${name}, SCANPROOF_${OP}${options});\n")
  endforeach()
  file(CONFIGURE OUTPUT "${shim}" CONTENT "${body}" @ONLY)
  set(${out} "${shim}" PARENT_SCOPE)
endfunction()

# scanproof_rust_staticlib(<out-var> <src>): the build rule of the file's or
# crate's staticlib (rebuilt when one of its Rust files changes); returns the
# library's path.
function(scanproof_rust_staticlib out src)
  scanproof_rust_crate_toolchain(tc "${src}")
  if(tc_rustc)  # the crate's own toolchain builds it (its probe said so)
    set(SCANPROOF_RUSTC "${tc_rustc}")
    set(SCANPROOF_CARGO "${tc_cargo}")
  endif()
  scanproof_rust_work_dir(work "${src}")
  get_filename_component(stem "${work}" NAME)
  scanproof_rust_root(root error "${src}")
  if(src MATCHES "/Cargo\\.toml$")
    set(manifest "${root}")
    scanproof_rust_cargo(cmd "${manifest}" build)
    scanproof_rust_cargo_lib(lib "${manifest}")
    # cargo decides what is stale; the rule reruns it when a Rust file of the
    # crate changes (its dependencies' directories too: cargo metadata).
    get_filename_component(dir "${src}" DIRECTORY)
    set(inputs "")
    foreach(d IN ITEMS "${dir}" LISTS SCANPROOF_RUST_ROOT_DIRS)
      file(GLOB_RECURSE found "${d}/*.rs" "${d}/Cargo.toml")
      list(FILTER found EXCLUDE REGEX "/target/")  # cargo's own output, if the crate was built in place
      list(APPEND inputs ${found})
    endforeach()
    add_custom_command(OUTPUT "${lib}"
      COMMAND ${cmd}
      DEPENDS ${inputs} "${manifest}" "${work}/wrap.rs"
      COMMENT "scanproof: cargo build ${src}"
      VERBATIM)
    set(${out} "${lib}" PARENT_SCOPE)
    return()
  endif()
  string(MAKE_C_IDENTIFIER "scanproof_rust_${stem}" crate)
  set(lib "${CMAKE_BINARY_DIR}/scanproof-rust/lib${crate}.a")
  # Ninja creates an output's directory before the command runs; the Unix
  # Makefiles generator does not, and rustc cannot write its dep-info into a
  # directory that is not there ("error writing dependencies to ...").
  file(MAKE_DIRECTORY "${CMAKE_BINARY_DIR}/scanproof-rust")
  scanproof_rust_target_flags(flags)
  # rustc's dep-info names the .d file itself as a target too: declared as an
  # output, or ninja refuses the second build ("depfile mentions ... as an
  # output, but no such output was declared").
  add_custom_command(OUTPUT "${lib}" "${lib}.d"
    COMMAND "${SCANPROOF_RUSTC}" --crate-type=staticlib ${flags} --crate-name ${crate}
            --emit=link,dep-info=${lib}.d -o "${lib}" "${root}"
    DEPENDS "${src}" "${root}" DEPFILE "${lib}.d"
    COMMENT "scanproof: rustc ${stem}"
    VERBATIM)
  set(${out} "${lib}" PARENT_SCOPE)
endfunction()
