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
# become ordinary candidates through a generated C shim (scanproof/candidate.h's
# SCANPROOF_CANDIDATE on an extern declaration with the C type of the Rust
# return type): the same registry, kernels, checks and drivers as C and C++.
# The .rs file is built by Debian's rustc as a staticlib for the toolchain's
# SCANPROOF_RUST_TARGET (unset: Rust candidates are not built there, and
# SCANPROOF_RUST_ARCH names the architecture Debian 12 has no Rust std for).

find_program(SCANPROOF_RUSTC NAMES rustc PATHS /usr/bin NO_DEFAULT_PATH)  # Debian's, not a rustup one

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
# "op|name|ctype|params|options" entries of the file's declarations, each
# checked against its export (ctype: the C type of the return; params: the C
# parameter list; options: candidate.h's designated initializers);
# <error-var>: what is wrong, naming the file and the function ("" if nothing).
#
#   // scanproof: candidate(name, op[, high_offset=63][, index_base=1][, domain=0x...])
#
# The export takes one u8/u16/u32/u64/usize (a board of that width) or two u64
# (lo: u64, hi: u64) for a 128-bit board. u128 is refused: its extern "C" ABI
# is not stable across rustc versions and targets.
function(scanproof_rust_declarations pairs_var error_var src)
  file(READ "${src}" text)
  string(REGEX MATCHALL "//[ \t]*scanproof:[ \t]*candidate[ \t]*\\([^)\n]*\\)" decls "${text}")
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
  set(prim "(core::primitive::|std::primitive::)?")
  set(forms "one u8, u16, u32, u64 or usize, or two u64 (lo, hi)")
  foreach(d IN LISTS decls)
    if(NOT d MATCHES "candidate[ \t]*\\([ \t]*(${id})[ \t]*,[ \t]*(lsb|msb|ctz|clz|popcount)[ \t]*(,[^)]*)?\\)$")
      list(APPEND errors "'${d}' is not '// scanproof: candidate(<function>, lsb|msb|ctz|clz|popcount[, high_offset=63][, index_base=1][, domain=0x...])'")
      continue()
    endif()
    set(name "${CMAKE_MATCH_1}")
    set(op "${CMAKE_MATCH_2}")
    set(rest "${CMAKE_MATCH_3}")
    set(sig "pub extern \"C\" fn ${name}(b: u64) -> <u8|i8|u16|i16|u32|i32|u64|i64|usize|isize> (or b: u8|u16|u32|usize, or lo: u64, hi: u64 for a 128-bit board)")
    # Layout and domain options -> candidate.h's designated initializers.
    set(options "")
    set(bad_option "")
    string(REGEX REPLACE "^,[ \t]*" "" rest "${rest}")
    string(REPLACE "," ";" rest "${rest}")
    foreach(o IN LISTS rest)
      string(STRIP "${o}" o)
      if(o MATCHES "^(high_offset|index_base)[ \t]*=[ \t]*([0-9]+)$")
        string(APPEND options ", .${CMAKE_MATCH_1} = ${CMAKE_MATCH_2}")
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
        set(bad_option "'${o}' is not high_offset=<63|64>, index_base=<0|1> or domain=0x<hex>")
        break()
      endif()
    endforeach()
    if(bad_option)
      list(APPEND errors "candidate ${name}: option ${bad_option}")
      continue()
    endif()
    # The export: #[no_mangle], optional further attributes, then the fn.
    set(ws "[ \t\r\n]*")
    if(NOT text MATCHES "#\\[no_mangle\\]${ws}(#\\[[^\n]*\\]${ws})*pub${ws}(unsafe${ws})?extern${ws}\"C\"${ws}fn${ws}${name}${ws}\\(([^)]*)\\)${ws}(->${ws}([A-Za-z0-9_:]+))?")
      list(APPEND errors "candidate ${name}: no exported function of that name; declare it #[no_mangle] ${sig}")
      continue()
    endif()
    set(params "${CMAKE_MATCH_3}")
    set(ret "${CMAKE_MATCH_5}")
    string(STRIP "${params}" params)
    string(REGEX REPLACE "[ \t\r\n]+" " " shown "${params}")
    set(arg "(mut[ \t]+)?${id}[ \t]*:[ \t]*${prim}")
    if(params MATCHES "^${arg}(u8|u16|u32|u64|usize)[ \t\r\n,]*$")
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
    list(APPEND pairs "${op}|${name}|${c_${ret}}|${cparams}|${options}")
  endforeach()
  set(error "")
  if(errors)
    list(JOIN errors "; " error)
    set(error "${src}: ${error}")
  endif()
  set(${pairs_var} "${pairs}" PARENT_SCOPE)
  set(${error_var} "${error}" PARENT_SCOPE)
endfunction()

# scanproof_rust_probe(<status-var> <message-var> <libs-var> <src>): builds
# the file once at configure time (rustc, this target) to find what is
# wrong before the build does: status ok, "not built" (no Rust for this
# target: a skip with its reason) or "does not compile" (message: the file
# and rustc's first error, or the declaration that has no matching export).
# <libs-var>: the native libraries rustc says a staticlib needs.
function(scanproof_rust_probe status_var message_var libs_var src)
  set(status ok)
  set(message "")
  set(libs "")
  scanproof_rust_unavailable(why)
  scanproof_rust_declarations(pairs error "${src}")
  if(why)
    set(status "not built")
    set(message "not built: ${why}")
  elseif(error)
    set(status "does not compile")
    set(message "${error}")
  elseif(NOT SCANPROOF_RUSTC)
    set(status "does not compile")
    set(message "${src} does not compile for this target: rustc not found (apt-get install rustc libstd-rust-dev${SCANPROOF_RUST_PACKAGES_NOTE})")
  else()
    scanproof_rust_target_flags(flags)
    string(MD5 id "${src}")
    set(out "${CMAKE_BINARY_DIR}/scanproof-candidate-probes/rust-${id}.a")
    execute_process(COMMAND "${SCANPROOF_RUSTC}" --crate-type=staticlib ${flags}
        --crate-name scanproof_probe --print native-static-libs -o "${out}" "${src}"
      RESULT_VARIABLE rc OUTPUT_VARIABLE log ERROR_VARIABLE log)
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
    elseif(log MATCHES "native-static-libs: ([^\n]*)")
      separate_arguments(libs UNIX_COMMAND "${CMAKE_MATCH_1}")
    endif()
  endif()
  set(${status_var} "${status}" PARENT_SCOPE)
  set(${message_var} "${message}" PARENT_SCOPE)
  set(${libs_var} "${libs}" PARENT_SCOPE)
endfunction()

# scanproof_rust_shim(<out-var> <src>): writes the C shim of a .rs file into
# the build directory (rewritten only when it changes) and returns its path.
function(scanproof_rust_shim out src)
  scanproof_rust_declarations(pairs error "${src}")
  get_filename_component(stem "${src}" NAME_WE)
  string(MD5 h "${src}")
  string(SUBSTRING "${h}" 0 8 h)
  set(shim "${CMAKE_BINARY_DIR}/scanproof-rust/${stem}-${h}.shim.c")
  set(body "/* Generated by ScanproofRust.cmake from ${src}: its exports, registered. */\n")
  string(APPEND body "#include <scanproof/candidate.h>\n")
  foreach(p IN LISTS pairs)
    string(REPLACE "|" ";" p "${p}")
    list(GET p 0 op)
    list(GET p 1 name)
    list(GET p 2 ctype)
    list(GET p 3 cparams)
    list(LENGTH p n)
    set(options "")
    if(n GREATER 4)
      list(GET p 4 options)
    endif()
    string(TOUPPER "${op}" OP)
    string(APPEND body "extern ${ctype} ${name}(${cparams});\nSCANPROOF_CANDIDATE(${name}, SCANPROOF_${OP}${options});\n")
  endforeach()
  file(CONFIGURE OUTPUT "${shim}" CONTENT "${body}" @ONLY)
  set(${out} "${shim}" PARENT_SCOPE)
endfunction()

# scanproof_rust_staticlib(<out-var> <src>): the build rule of the file's
# staticlib (rebuilt when the .rs changes); returns the library's path.
function(scanproof_rust_staticlib out src)
  get_filename_component(stem "${src}" NAME_WE)
  string(MD5 h "${src}")
  string(SUBSTRING "${h}" 0 8 h)
  string(MAKE_C_IDENTIFIER "scanproof_rust_${stem}_${h}" crate)
  set(lib "${CMAKE_BINARY_DIR}/scanproof-rust/lib${crate}.a")
  scanproof_rust_target_flags(flags)
  # rustc's dep-info names the .d file itself as a target too: declared as an
  # output, or ninja refuses the second build ("depfile mentions ... as an
  # output, but no such output was declared").
  add_custom_command(OUTPUT "${lib}" "${lib}.d"
    COMMAND "${SCANPROOF_RUSTC}" --crate-type=staticlib ${flags} --crate-name ${crate}
            --emit=link,dep-info=${lib}.d -o "${lib}" "${src}"
    DEPENDS "${src}" DEPFILE "${lib}.d"
    COMMENT "scanproof: rustc ${stem}.rs"
    VERBATIM)
  set(${out} "${lib}" PARENT_SCOPE)
endfunction()
