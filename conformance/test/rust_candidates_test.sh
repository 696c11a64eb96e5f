#!/usr/bin/env bash
# Rust candidates (cmake/ScanproofRust.cmake) on a nested build of this
# project, driven by conformance/test/candidate_tests.cmake:
#
#   rust_candidates_test.sh SRC WORK CXX SANITIZE
#
# conformance/test/rust/ (correct scanners, among them a 32-bit one and a
# 128-bit board as two u64 halves with a declared domain, two named by fn= (a
# function and a method: the suite writes their wrappers), and a De Bruijn lsb
# with one wrong table entry), the crate conformance/test/rust_crate/ (methods
# of its path dependency named by fn=, one deliberately wrong, and an export of
# its own) with the bad Rust files of bad_candidates/ (an export that is
# missing, one with a signed argument, one with a u128, one returning bool, a
# body rustc rejects, a named scanner returning bool, a crate with a crates.io
# dependency):
# pop scanners by &mut and *mut, named pops (a free function, an Iterator's
# next), a pop that leaves its square set; a crate whose rust-toolchain.toml
# names a toolchain no machine has (rust_toolchain_absent/: "not built here",
# a skip naming the file and the channel) and, where rustup has a toolchain,
# an edition-2024 crate whose rust-toolchain.toml names it (built by it);
# the good ones pass, the wrong entries fail with their input, each bad file fails
# only its own .compiles tests with a message naming the file and the function,
# and `scanproof prove` refutes the wrong entry on rustc's bitcode.
# Exit 77 (a skip, with the reason) when Debian's rustc is not installed.
set -euo pipefail
src=$1 work=$2 cxx=$3 sanitize=$4
here="$src/conformance/test"
bad="$here/bad_candidates"
export CMAKE_BUILD_PARALLEL_LEVEL=2
[ -x /usr/bin/rustc ] || { echo "skipped: Debian's rustc is not installed (apt-get install rustc libstd-rust-dev)"; exit 77; }
[ -x /usr/bin/cargo ] || { echo "skipped: Debian's cargo is not installed (apt-get install cargo): the crate candidates"; exit 77; }
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
# has LOG PATTERN...: every pattern (grep -E) is in LOG, its lines joined (CMake wraps them).
has() {
  local log=$1 p
  shift
  for p in "$@"; do
    tr '\n' ' ' <"$log" | tr -s ' ' | grep -Eq -- "$p" ||
      { fail "no '$p' in $log:"; sed 's/^/    /' "$log" | tail -25; }
  done
}

rm -rf "$work" && mkdir -p "$work"
files="$here/rust;$here/rust_crate;$bad/rust_missing_export.rs;$bad/rust_mistyped_export.rs;$bad/rust_does_not_compile.rs"
files="$files;$bad/rust_named_bool.rs;$bad/rust_registry_crate;$here/rust_toolchain_absent"
# A crate asking for a toolchain rustup has (not its default one, where it
# has two): built by that toolchain's rustc, which its staticlib names.
# Edition 2021, so that the proof's Debian cargo reads it too.
rustup=$(command -v rustup || { [ -x "$HOME/.cargo/bin/rustup" ] && echo "$HOME/.cargo/bin/rustup"; } || true)
channel=""
if [ -n "$rustup" ]; then
  channel=$("$rustup" toolchain list 2>/dev/null | grep -v '(.*default' | sed -n '1{s/ .*//;p;}')
  [ -n "$channel" ] || channel=$("$rustup" toolchain list 2>/dev/null | sed -n '1{s/ .*//;p;}')
  [ "$channel" = no ] && channel=""  # "no installed toolchains"
fi
if [ -n "$channel" ]; then
  mkdir -p "$work/toolchain_named/src"
  printf '[package]\nname = "scanproof_toolchain_named"\nversion = "0.1.0"\nedition = "2021"\n' >"$work/toolchain_named/Cargo.toml"
  printf '[toolchain]\nchannel = "%s"\n' "$channel" >"$work/toolchain_named/rust-toolchain.toml"
  printf '// scanproof: candidate(toolchain_named_lsb, lsb)\n#[no_mangle]\npub extern "C" fn toolchain_named_lsb(b: u64) -> u32 { b.trailing_zeros() }\n' \
    >"$work/toolchain_named/src/lib.rs"
  files="$files;$work/toolchain_named"
fi
# Debian's rustc for everything but what a rust-toolchain.toml chooses
# ($RUSTC: the user's, before rustup's on PATH), as on a machine without rustup.
RUSTC=/usr/bin/rustc CARGO=/usr/bin/cargo cmake -S "$src" -B "$work" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSCANPROOF_SANITIZE="$sanitize" -DSCANPROOF_TEST_TIMEOUT=10 \
  -DSCANPROOF_CANDIDATES="$files" >"$work/configure.log" 2>&1 || { cat "$work/configure.log"; exit 1; }
targets=(conformance_test scanproof)
grep -q '^SCANPROOF_CLANG19:FILEPATH=/' "$work/CMakeCache.txt" && [ -d "$work/proof" ] &&
  grep -q 'scanproof_prove' "$work/proof/Makefile" "$work/build.ninja" 2>/dev/null && targets+=(scanproof_prove)
cmake --build "$work" --target "${targets[@]}" >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; exit 1; }
# A second build (ci/matrix's next run) reads rustc's depfile, which names the
# .d file itself: ninja refused it once ("depfile mentions ... as an output").
cmake --build "$work" --target "${targets[@]}" >"$work/rebuild.log" 2>&1 ||
  { fail "the second build failed:"; tail -20 "$work/rebuild.log"; }

# Configure names each bad file and what is wrong with it.
sig='pub extern "C" fn'
has "$work/configure.log" \
  "$bad/rust_missing_export.rs: candidate rust_not_exported: no exported function of that name; declare it #\[no_mangle\] $sig rust_not_exported\(b: u64\)" \
  "$bad/rust_mistyped_export.rs: candidate rust_signed_arg: it takes \(b: i32\); a candidate takes one u8, u16, u32, u64 or usize, or two u64 \(lo, hi\)" \
  "candidate rust_u128_arg: it takes \(b: u128\); u128 has no stable extern \"C\" ABI: pass the board as two u64 halves, fn rust_u128_arg\(lo: u64, hi: u64\)" \
  "candidate rust_bool_result: it returns bool, not an integer type" \
  "candidate rust_pop_by_value: it takes \(b: u64\); a pop_lsb candidate takes its board by &mut and clears the square it returns" \
  "candidate rust_lsb_by_mut: it takes \(b: &mut u64\), so it clears the square it returns: declare it pop_lsb or pop_msb" \
  "$bad/rust_does_not_compile.rs does not compile for this target: error\[E0308\]: mismatched types \(at $bad/rust_does_not_compile.rs:6:[0-9]+\)" \
  "$bad/rust_named_bool.rs does not compile for this target: error\[E0277\]: .*ScannerResultMustBeAnIntegerNotBool" \
  "$bad/rust_registry_crate/Cargo.toml: dependency 'bitflags' comes from registry\+[^ ]*crates.io-index; a candidate crate is built offline, with path dependencies only" \
  "$here/rust_toolchain_absent/Cargo.toml: not built here: $here/rust_toolchain_absent/rust-toolchain.toml asks for the Rust toolchain 0.0.1-scanproof-absent, (which rustup does not have here \(rustup toolchain install 0.0.1-scanproof-absent\)|and rustup is not installed here)"
# The matrix reads the probe's verdict from candidate-files.json: "not built", the target incomplete.
python3 - "$work/candidate-files.json" "$here/rust_toolchain_absent/Cargo.toml" <<'EOF' || fail "candidate-files.json: the absent toolchain's crate is not 'not built'"
import json, sys
files = {f["file"]: f for f in json.load(open(sys.argv[1]))["files"]}
f = files[sys.argv[2]]
assert f["status"] == "not built" and "0.0.1-scanproof-absent" in f["message"], f
EOF
# Debian's rustc, or its --sysroot wrapper where ci/setup unpacked foreign stds
# for it (cmake/ScanproofRust.cmake: then it runs /usr/bin/rustc --sysroot).
has "$work/configure.log" "scanproof: Rust: (/usr/bin/rustc|[^ ]*/scanproof-rust/sysroot-[0-9a-f]+/rustc) \\(rustc [0-9.]+\\), chosen as \\\$RUSTC(, with the Rust std for [^;]* runs /usr/bin/rustc --sysroot <its own stds and those>)?; cargo /usr/bin/cargo"
if [ -n "$channel" ]; then
  has "$work/configure.log" "scanproof: $work/toolchain_named/Cargo.toml: Rust [^ ]+/rustc \\(rustc [^,]*\\), as $work/toolchain_named/rust-toolchain.toml asks \\(toolchain $channel\\)"
fi

set +e
ctest --test-dir "$work" -j2 -R '^conformance\.[a-z_]+(8|16|32|128)?\.(rust|crate|toolchain)_' --output-on-failure >"$work/ctest.log" 2>&1
set -e
# passes NAME / fails TEST PATTERN: from ctest's console.
passes() {
  grep -Eq "conformance\.[a-z_]+${2:-}\.$1\.known_answers \.+ +Passed" "$work/ctest.log" || fail "$1: known_answers did not pass"
  ! grep -Eq "conformance\.[a-z0-9_]+\.$1\.[a-z0-9_]+ \.+\*\*\*(Failed|Timeout|Exception)" "$work/ctest.log" || fail "$1: a check failed"
}
fails() {
  grep -Eq "$1 \.+\*\*\*Failed" "$work/ctest.log" || fail "$1: did not fail"
  has "$work/ctest.log" "$2"
}
passes rust_trailing_zeros
passes rust_count_ones
passes rust_debruijn_good
passes rust_trailing_zeros32 32
passes rust_u128_halves_lsb 128
passes rust_named_lowest
passes rust_named_method_count
passes rust_pop_lowest
passes rust_named_pop
passes rust_named_iterator_next
passes rust_high_first_lsb 128
passes rust_high_first_pop 128
passes rust_u128_pop 128
passes rust_zero_64
grep -Eq "conformance\.lsb\.rust_zero_64\.zero \.+ +Passed" "$work/ctest.log" || fail "rust_zero_64: its declared zero result was not checked"
passes crate_len
passes crate_next_square
passes crate_last_square
passes crate_exported_ctz
passes crate_count32 32
passes crate_wide_lowest 128
grep -Eq "conformance\.lsb\.toolchain_absent_lsb\.builds \.+ *Skipped|conformance\.lsb\.toolchain_absent_lsb\.builds \.+\*\*\*Skipped" "$work/ctest.log" ||
  fail "toolchain_absent_lsb: its .builds test is not a skip"
if [ -n "$channel" ]; then
  passes toolchain_named_lsb
  want=$("$("$rustup" which rustc --toolchain "$channel")" --version | grep -o '[0-9]*\.[0-9]*\.[0-9][^ ]*')
  made=$(grep -aoh -m1 'rustc version [0-9][^ ]*' "$work"/scanproof-rust/toolchain_named-*/target/release/*.a | sed -n 1p)
  [ "$made" = "rustc version $want" ] || fail "toolchain_named: its staticlib was made by '$made', not $channel's rustc $want"
  echo "checked a crate built by the toolchain its rust-toolchain.toml names ($channel, rustc $want)"
else
  echo "not checked: no rustup toolchain here, so no crate naming one was built"
fi
fails conformance.lsb.rust_debruijn_wrong.single_bits 'smallest failing input: lsb\(0x8000000000000000\) expected 63, got 62'
fails conformance.lsb.crate_first_index_wrong.single_bits 'smallest failing input: lsb\(0x8000000000000000\) expected 63, got 62'
fails conformance.pop_lsb.rust_pop_keeps_square.single_bits 'smallest failing input: pop_lsb\(0x0000000000000001\) expected 0 leaving 0x0000000000000000, got 0 leaving 0x0000000000000001'
fails conformance.pop_lsb.rust_pop_by_value.compiles "candidate rust_pop_by_value: it takes"
fails conformance.lsb.rust_lsb_by_mut.compiles "candidate rust_lsb_by_mut: it takes"
fails conformance.popcount.rust_named_bool.compiles "scanproof: $bad/rust_named_bool.rs does not compile"
fails conformance.lsb.rust_registry_lsb.compiles "dependency 'bitflags' comes from registry"
fails conformance.lsb.rust_not_exported.compiles "scanproof: $bad/rust_missing_export.rs: candidate rust_not_exported"
fails conformance.lsb.rust_signed_arg.compiles "scanproof: $bad/rust_mistyped_export.rs: candidate rust_signed_arg"
fails conformance.lsb.rust_u128_arg.compiles "candidate rust_u128_arg: it takes \(b: u128\)"
fails conformance.popcount.rust_bool_result.compiles "candidate rust_bool_result: it returns bool"
fails conformance.lsb.rust_broken.compiles "scanproof: $bad/rust_does_not_compile.rs does not compile for this target"
echo "checked the Rust candidates' conformance tests"

# A probe's outcome is kept (scanproof_rust_probe_key) only for the same
# rustc, flags, std and sources: a file that stops compiling, and compiles
# again, is probed again each time (configure only).
kept="$work/kept" && mkdir -p "$kept"
probe() {  # probe EXPECT: configure with $kept/kept.rs; EXPECT: compiles | fails
  cmake -S "$src" -B "$work/reprobe" -DCMAKE_CXX_COMPILER="$cxx" -DSCANPROOF_CANDIDATES="$kept/kept.rs" \
    >"$work/reprobe.log" 2>&1 || { fail "reprobe configure failed:"; tail -20 "$work/reprobe.log"; return; }
  if tr '\n' ' ' <"$work/reprobe.log" | tr -s ' ' | grep -q "kept.rs does not compile"; then  # CMake wraps lines
    [ "$1" = fails ] || fail "kept.rs ($1) was judged by a kept probe of another text: see $work/reprobe.log"
  else
    [ "$1" = compiles ] || fail "kept.rs ($1) was not probed again: no 'does not compile' in $work/reprobe.log"
  fi
}
printf '// scanproof: candidate(rust_kept, lsb)\n#[no_mangle]\npub extern "C" fn rust_kept(b: u64) -> u32 { b.trailing_zeros() }\n' >"$kept/kept.rs"
probe compiles
sed 's/rust_broken/rust_kept/' "$bad/rust_does_not_compile.rs" >"$kept/kept.rs"
probe fails
printf '// scanproof: candidate(rust_kept, lsb)\n#[no_mangle]\npub extern "C" fn rust_kept(b: u64) -> u32 { b.trailing_zeros() }\n' >"$kept/kept.rs"
probe compiles
[ "$(find "$work/reprobe/scanproof-candidate-probes" -name 'rust-*.probe' | wc -l)" -ge 2 ] ||
  fail "no kept probe outcomes in $work/reprobe/scanproof-candidate-probes"
echo "checked that a Rust file is probed again when it changes"

if [ -x "$work/conformance/scanproof_prove" ]; then
  set +e
  "$work/conformance/scanproof" prove --impl rust_debruijn_good,rust_debruijn_wrong,rust_assert_lsb,rust_assert_ctz \
    --jobs 1 >"$work/prove.log" 2>&1
  set -e
  has "$work/prove.log" 'PASS proved +rust_debruijn_good' \
    'FAIL counterexample +rust_debruijn_wrong .* input 0x8000000000000000: must return 63, the IR returns 62' \
    'Rust files: rustc 1\.[0-9.]+ ' \
    'PASS proved +rust_assert_lsb' 'preconditions: Rust panic \(core::panicking::panic_fmt\): reached on no checked input' \
    'FAIL counterexample +rust_assert_ctz'
  ! grep -q 'not provable.*rust_assert' "$work/prove.log" || fail "a Rust assert's panic path was not provable"
  # The prover holds no candidate's code (proof/src/prover/main.cpp): it reads
  # each candidate's declaration from the scanproof command's file, and
  # replays a counterexample in `scanproof eval`'s process.
  ! grep -aq 'rust_debruijn_wrong' "$work/conformance/scanproof_prove" ||
    fail "scanproof_prove links a candidate: its start-up code would run where a proof's verdict is given"
  has "$work/prove.log" 'replayed: the built implementation returns 62, as the solver predicted' \
    'replayed: the built implementation stops too'
  echo "checked scanproof prove on rustc's bitcode"
else
  echo "not checked: scanproof prove is not built here (clang-19, llvm-19-dev, libz3-dev)"
fi
[ $failures = 0 ] || { echo "$failures failures"; exit 1; }
echo "rust candidates: all checks passed"
