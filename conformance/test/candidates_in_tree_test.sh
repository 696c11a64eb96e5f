#!/usr/bin/env bash
# Tests of -DSCANPROOF_CANDIDATES on a nested build of this project (only the
# conformance_test target is built), driven by conformance/test/candidate_tests.cmake:
#
#   candidates_in_tree_test.sh build  SRC WORK CXX SANITIZE   configure + build with hostile/ and shapes/
#   candidates_in_tree_test.sh hostile SRC WORK CXX SANITIZE  every hostile candidate fails
#                                      only its own tests, with the message of its kind
#   candidates_in_tree_test.sh shapes SRC WORK CXX SANITIZE   shapes/: C candidates of 32 bits, two
#                                      halves (63 layout) and a declared domain conform; a wrong
#                                      two-half offset fails with its input as two halves, and a
#                                      scanner wrong on a domain square fails
#   candidates_in_tree_test.sh errors SRC WORK CXX SANITIZE   bad_candidates/: configure and
#                                      build errors naming the file
set -euo pipefail
step=$1 src=$2 work=$3 cxx=$4 sanitize=$5
here="$src/conformance/test"
export CMAKE_BUILD_PARALLEL_LEVEL=2  # generator: $CMAKE_GENERATOR (set by candidate_tests.cmake) or the default
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

configure() {  # configure CANDIDATES -> output in $work/configure.log, status returned
  cmake -S "$src" -B "$work" -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DSCANPROOF_SANITIZE="$sanitize" -DSCANPROOF_TEST_TIMEOUT=5 -DSCANPROOF_CANDIDATES="$1" \
    >"$work/configure.log" 2>&1
}
# The catalogue's own driver exists only in a build with candidates (conformance/CMakeLists.txt).
build() {
  local catalogue=() targets
  targets=$(cmake --build "$work" --target help 2>/dev/null || true)
  # Ninja lists "name: phony", Makefiles "... name".
  case $targets in *[$' \n']conformance_catalogue_test[:$'\n']*) catalogue=(conformance_catalogue_test) ;; esac
  cmake --build "$work" --target conformance_test "${catalogue[@]}" scanproof >"$work/build.log" 2>&1
}

# expect_error WHAT LOG PATTERN...: every pattern (grep -E) is in LOG.
expect_error() {
  local what=$1 log=$2 p
  shift 2
  for p in "$@"; do  # CMake wraps its messages: compare with the lines joined
    tr '\n' ' ' <"$log" | tr -s ' ' | grep -Eq -- "$p" ||
      { fail "$what: no '$p' in the output:"; sed 's/^/    /' "$log" | tail -25; }
  done
}

case $step in
build)
  rm -rf "$work" && mkdir -p "$work"
  configure "$here/hostile;$here/shapes;$src/examples/engine/scanners/standalone" || { cat "$work/configure.log"; exit 1; }
  build || { cat "$work/build.log"; exit 1; }
  echo "built conformance_test with $here/hostile, $here/shapes and examples/engine (sanitize=$sanitize)"
  ;;

hostile)
  # The hostile candidates and two catalogue entries in one run; of the hung
  # and the slow candidate only known_answers (their big checks would each
  # wait for the timeout).
  # junit_tsv JUNIT OUT: one line per test: name TAB status TAB output
  # (newlines as \n), from the JUnit file.
  junit_tsv() {
    awk 'BEGIN { RS = "<testcase " } NR > 1 {
           match($0, /name="[^"]*"/); name = substr($0, RSTART + 6, RLENGTH - 7)
           match($0, /status="[^"]*"/); status = substr($0, RSTART + 8, RLENGTH - 9)
           out = $0; gsub(/\n/, "\\n", out); print name "\t" status "\t" out }' "$1" >"$2"
  }
  junit="$work/hostile.xml"
  set +e
  # TMPDIR: the launcher's files of a test ctest kills at its timeout
  # (hostile_never_returns: the launcher gets no chance to remove them) stay
  # in this build, not in /tmp.
  TMPDIR="$work" ctest --test-dir "$work" -j2 --output-junit "$junit" \
    -R '^conformance\.[a-z]+\.(hostile_[a-z0-9_]+|debruijn_walisch|std_popcount)\.' \
    -E 'hostile_(never_returns|slow_lsb)\.[^k]' >"$work/ctest.log" 2>&1
  set -e
  junit_tsv "$junit" "$work/results.tsv"
  [ -s "$work/results.tsv" ] || { cat "$work/ctest.log"; fail "no results"; exit 1; }

  # expect IMPL VERDICT [PATTERN]: every test of IMPL that ran has VERDICT
  # (fail/run) and, for failures, PATTERN (grep -E) in its output.
  # $label: the tests' label (conformance, or properties below).
  label=conformance
  expect() {
    local impl=$1 want=$2 pattern=${3:-} n=0 name status out
    while IFS=$'\t' read -r name status out; do
      [[ $name == "$label".*."$impl".* ]] || continue
      [ "$status" = notrun ] && continue  # skipped (zero is outside lsb/msb's domain)
      n=$((n + 1))
      if [ "$status" != "$want" ]; then fail "$name: $status, expected $want"
      elif [ -n "$pattern" ] && ! grep -Eq -- "$pattern" <<<"$out"; then
        fail "$name: output lacks '$pattern': $(printf '%b' "$out" | tail -5)"
      fi
    done <"$work/results.tsv"
    [ "$n" -gt 0 ] || fail "$impl: no test ran"
    echo "checked $impl: $n tests, $want${pattern:+ with /$pattern/}"
  }
  if [ "$sanitize" = ON ]; then
    # The sanitizer reports memory faults itself; signal_report names the check.
    segv='AddressSanitizer: (SEGV|stack-overflow)'
    expect hostile_sigsegv fail "$segv.*stopped by the sanitizer finding"
    expect hostile_stack_overflow fail "$segv.*stopped by the sanitizer finding"
    expect hostile_sigfpe fail 'AddressSanitizer: FPE'
    expect hostile_sigbus fail 'AddressSanitizer: BUS'
    # UBSan's bounds check (gcc) or ASan (clang) sees the read of table[64].
    expect hostile_out_of_bounds fail 'index 64 out of bounds for type|global-buffer-overflow'
    expect hostile_undefined_shift fail 'memory_errors.cpp:[0-9:]+ runtime error: shift exponent 64 is too large'
  else
    expect hostile_sigsegv fail 'killed by SIGSEGV \(segmentation fault'
    expect hostile_stack_overflow fail 'killed by SIGSEGV'
    expect hostile_sigfpe fail 'killed by SIGFPE'
    expect hostile_sigbus fail 'killed by SIGBUS'
    expect hostile_out_of_bounds fail 'smallest failing input: lsb\(0x8'
    # Undefined but harmless on this compiler and CPU: only the sanitize preset sees it.
  fi
  expect hostile_sigill fail 'killed by SIGILL'
  expect hostile_abort fail 'killed by SIGABRT'
  expect hostile_throws fail 'C\+\+ exception with description "hostile_throws: odd input"'
  expect hostile_lsb_64 fail 'smallest failing input: lsb\(0x8000000000000000\) expected 63, got 64'
  expect hostile_lsb_minus_1023 fail 'expected 0, got -1023'
  expect hostile_lsb_200 fail 'expected 0, got 200'
  expect hostile_never_returns fail ''
  # Ending the process with status 0 is not passing: the check did not run to its end.
  ended='the process ended during the check \(exit status 0\): a check passes only if it ran to its end.*input in flight: 0x'
  expect hostile_exit_zero fail "$ended"
  expect hostile_quick_exit fail "$ended"
  # Start-up code that ends the process: the file's own failing test, nothing hidden.
  grep -P '^conformance\.popcount\.hostile_startup_exit\.starts_up\tfail\t.*startup_exit\.cpp: its start-up code \(a static initialiser\) ended the process before main\(\) \(exit status 0\)' \
    "$work/results.tsv" >/dev/null || fail "hostile_startup_exit: no failing starts_up test naming its file"
  # Printing the suite's own completion, skip and proof lines changes nothing.
  expect hostile_forges_completion fail "$ended"
  expect hostile_c_exit_zero fail "$ended"  # C candidates: the same launcher, the same words
  expect hostile_c_ctz run
  expect hostile_c_popcount_ul run  # 64-bit long here; i686 fails it (ci/tests/hostile-matrix)
  expect hostile_forges_skip fail 'expected [0-9]+, got 99'
  # Steals the nonce and the files' paths at start-up, forges the completion
  # record and "pass" outputs, exits 0: here the supervisor sees the exit...
  expect hostile_forges_record fail "$ended"
  expect hostile_slow_lsb run  # right, and known_answers is small
  # Start-up code that changes what the registry says the source declared
  # (hostile/changes_declaration.cpp): judged by the declaration in the
  # driver's file, each fails naming the change.
  expect hostile_narrows_domain fail "the declaration in its source is not what runs: its process declares 'hostile_narrows_domain known_answers pass lsb 64 integer 64 0 281474976710655 0 1 -' at run time"
  expect hostile_claims_unbuilt fail "the declaration in its source is not what runs: its process declares 'hostile_claims_unbuilt known_answers skip "
  grep -P '^conformance\.lsb\.hostile_renames\.declared\tfail\t.*the running driver lists no test of its checks known_answers' \
    "$work/results.tsv" >/dev/null || fail "hostile_renames: no failing declared test naming its missing checks"
  if grep -P '^conformance\.lsb\.hostile_forges_skip\.(?!zero\t)[a-z0-9_]+\tnotrun' "$work/results.tsv"; then
    fail "hostile_forges_skip: a check was skipped because the scanner printed a skip line"
  fi
  # Wrong once in a million calls: the check fails, and says the failure does not replay.
  grep -P '^conformance\.popcount\.hostile_stateful_popcount\.random_uniform\tfail\t.*DOES NOT REPRODUCE: replayed alone it returns' \
    "$work/results.tsv" >/dev/null || fail "hostile_stateful_popcount.random_uniform: not reported as not reproducing"
  expect hostile_rounding_mode run
  expect hostile_x86_only_bsf run  # x86 asm: compiles and conforms here (NOCOMPILE elsewhere: ci/tests/hostile-matrix)
  grep -Eq 'hostile_never_returns\.known_answers \.+\*\*\*Timeout' "$work/ctest.log" ||
    fail "hostile_never_returns.known_answers: not reported as ***Timeout by ctest"
  # The zero contract fails alone; its other checks conform.
  grep -P '^conformance\.ctz\.hostile_ctz_zero\.zero\tfail\t.*zero contract violated: op=ctz impl=hostile_ctz_zero.*ctz\(0x0000000000000000\) expected 64, got 0' \
    "$work/results.tsv" >/dev/null || fail "hostile_ctz_zero.zero: not a zero-contract failure"
  [ "$(grep -c '^conformance\.ctz\.hostile_ctz_zero\.[a-z0-9_]*	run	' "$work/results.tsv")" -ge 10 ] ||
    fail "hostile_ctz_zero: its nonzero checks should pass"
  # The catalogue, in the same run, is untouched: its tests run in
  # conformance_catalogue_test, where no candidate's start-up code runs
  # (hostile/spoils_catalogue.cpp swaps std_popcount's kernel in the other).
  expect debruijn_walisch run
  expect std_popcount run
  expect hostile_spoiler_popcount run
  # ...and so is the candidate it spoils (hostile_c_popcount_ul, expected to
  # run above): each driver puts a candidate's registered kernels back before
  # its work, and says so (restore_kernels, registry.hpp).
  "$work/conformance/conformance_test" --gtest_filter='popcount.hostile_c_popcount_ul.known_answers' \
    >"$work/victim.log" 2>&1 || true
  grep -q "candidate 'hostile_c_popcount_ul': start-up code in this process (this candidate's or another's) changed its kernels" \
    "$work/victim.log" || fail "hostile_c_popcount_ul: its swapped kernels were not put back, or not said: $(cat "$work/victim.log")"
  # So are the catalogue's fuzz regressions: popcount_fuzzer_catalogue replays
  # them (keeping the names fuzz-regression.popcount_fuzzer.*), and the
  # candidates' own replay is fuzz-regression.popcount_fuzzer.candidates.*.
  if cmake --build "$work" --target popcount_fuzzer popcount_fuzzer_catalogue >"$work/fuzz-build.log" 2>&1; then
    set +e
    ctest --test-dir "$work" -R '^fuzz-regression\.popcount_fuzzer\.' >"$work/fuzz.log" 2>&1
    set -e
    grep -Eq 'fuzz-regression\.popcount_fuzzer\.corpus \.+ +Passed' "$work/fuzz.log" ||
      fail "the catalogue's popcount fuzz regressions did not pass where no candidate runs: $(tail -20 "$work/fuzz.log")"
    grep -Eq 'fuzz-regression\.popcount_fuzzer\.candidates\.corpus \.+' "$work/fuzz.log" ||
      fail "no candidates' popcount fuzz regression ran: $(tail -20 "$work/fuzz.log")"
  else
    fail "the fuzz replays did not build: $(tail -20 "$work/fuzz-build.log")"
  fi

  # ...and where nothing forks the record is the forger's: the launcher's
  # judge fails it on its outputs, blamed on the scanner.
  set +e
  SCANPROOF_NO_SUPERVISOR=1 ctest --test-dir "$work" -j2 --output-junit "$work/forged.xml" \
    -R '^conformance\.lsb\.(hostile_forges_record|debruijn_walisch)\.' >"$work/forged.log" 2>&1
  set -e
  junit_tsv "$work/forged.xml" "$work/results.tsv"
  expect hostile_forges_record fail 'judged from its outputs: FAIL: check [a-z0-9_]+ reported 0 inputs; it has [0-9]+'
  expect debruijn_walisch run
  # So are its property tests, in both drivers: the properties are judged on
  # the implementation's calls (properties/include/scanproof/property_judge.hpp).
  if cmake --build "$work" --target properties_canonical properties_canonical_catalogue \
       properties_rapidcheck properties_rapidcheck_catalogue >"$work/properties-build.log" 2>&1; then
    set +e
    SCANPROOF_NO_SUPERVISOR=1 ctest --test-dir "$work" -j2 --output-junit "$work/forged-properties.xml" \
      -R '^properties\.lsb\.(hostile_forges_record|hostile_narrows_domain|debruijn_walisch)\.(canonical|serialization\.rapidcheck)$' \
      >"$work/forged-properties.log" 2>&1
    set -e
    junit_tsv "$work/forged-properties.xml" "$work/results.tsv"
    label=properties
    expect hostile_forges_record fail 'properties\.lsb\.hostile_forges_record\.[a-z_.]+: judged from its outputs: FAIL: check (canonical reported 0 inputs; it has [0-9]+|serialization\.rapidcheck reported no outputs)'
    expect hostile_narrows_domain fail "the declaration in its source is not what runs: its process declares 'hostile_narrows_domain [a-z_.]+ pass lsb 64 integer 64 0 281474976710655 0 1 - [0-9]+' at run time"
    expect debruijn_walisch run
    label=conformance
  else
    fail "the property drivers did not build: $(tail -20 "$work/properties-build.log")"
  fi

  # `scanproof check`, run by hand, judges a candidate as its source declares
  # (the record), and a catalogue entry as registered, whatever start-up code
  # made of the registry's copy (hostile/spoils_catalogue.cpp swaps
  # std_popcount's kernel).
  set +e
  "$work/conformance/scanproof" check --impl hostile_narrows_domain,hostile_claims_unbuilt,hostile_renames,std_popcount \
    >"$work/declared.log" 2>&1
  set -e
  for want in "^fail +lsb +hostile_narrows_domain .*lsb\(0x0010000000000000\) expected 52" \
              "^fail +lsb +hostile_claims_unbuilt " "^pass +lsb +hostile_renames " \
              "changes_declaration.cpp:14: 'hostile_narrows_domain': its start-up code changed its domain" \
              "changes_declaration.cpp:20: 'hostile_renames': its start-up code changed its name \(to 'hostile_renamed'\)" \
              "^pass +popcount +std_popcount " \
              "catalogue entry 'std_popcount': start-up code in this process \(a candidate's\) changed its kernels; judged as registered"; do
    grep -Eq -- "$want" "$work/declared.log" || fail "scanproof check: no /$want/ in: $(cat "$work/declared.log")"
  done

  # One process, many implementations (`scanproof check`). Without the
  # per-implementation fork, the rounding mode the hostile lsb candidate leaves
  # behind must not reach the msb double-conversion entries run after it
  # (round-toward-zero would make the unguarded one conform: an XPASS).
  scanproof="$work/conformance/scanproof"
  SCANPROOF_NO_SUPERVISOR=1 "$scanproof" check \
    --impl hostile_rounding_mode,double_conversion_guarded,double_conversion_unguarded >"$work/one_process.log" 2>&1 ||
    fail "scanproof check with the rounding-mode changer failed: $(cat "$work/one_process.log")"
  if ! grep -Eq '^pass +msb +double_conversion_guarded ' "$work/one_process.log" ||
     ! grep -Eq '^xfail +msb +double_conversion_unguarded ' "$work/one_process.log"; then
    fail "double conversion verdicts changed after hostile_rounding_mode: $(cat "$work/one_process.log")"
  fi
  # With the fork: scanners that exit or crash lose only their own row.
  set +e
  "$scanproof" check --impl hostile_exit_zero,hostile_quick_exit,hostile_sigsegv,debruijn_walisch \
    --json "$work/check.json" >"$work/check.log" 2>&1
  rc=$?
  set -e
  [ "$rc" = 1 ] || fail "scanproof check with exiting scanners: exit $rc, expected 1"
  for impl in hostile_exit_zero hostile_quick_exit hostile_sigsegv; do
    grep -Eq "^fail +lsb +$impl +scanproof: conformance\.lsb\.$impl\.known_answers: the process ended during the check" "$work/check.log" ||
      fail "scanproof check: $impl not reported as ending the process: $(cat "$work/check.log")"
  done
  grep -Eq '^pass +lsb +debruijn_walisch ' "$work/check.log" || fail "scanproof check: debruijn_walisch lost its row"
  grep -q '"ran_to_end": false' "$work/check.json" || fail "scanproof check --json: no ran_to_end=false row"
  echo "checked scanproof check: isolation and per-implementation rows"
  # A hung and a slow candidate cost one per-check limit each (this tree's
  # SCANPROOF_TEST_TIMEOUT, 5 s, the default of --timeout), each named with
  # its check, and the run goes on to the implementations after them.
  set +e
  "$scanproof" check --impl hostile_never_returns,hostile_slow_lsb,hostile_forges_record,debruijn_walisch \
    >"$work/bounded.log" 2>&1
  rc=$?
  set -e
  [ "$rc" = 1 ] || fail "scanproof check over hung and slow scanners: exit $rc, expected 1"
  limit='the process ended during the check \(hung or too slow: the check gave no result within 5 s, the limit per check\)'
  grep -Eq "^fail +lsb +hostile_never_returns +scanproof: conformance\.lsb\.hostile_never_returns\.known_answers: $limit" \
    "$work/bounded.log" || fail "scanproof check: the hung scanner not named with its check: $(cat "$work/bounded.log")"
  grep -Eq "^fail +lsb +hostile_slow_lsb +scanproof: conformance\.lsb\.hostile_slow_lsb\.[a-z0-9_]+: $limit" \
    "$work/bounded.log" || fail "scanproof check: the slow scanner not named with its check: $(cat "$work/bounded.log")"
  grep -Eq "^fail +lsb +hostile_forges_record +scanproof: conformance\.lsb\.hostile_forges_record\.known_answers: the process ended during the check \(exit status 0\)" \
    "$work/bounded.log" || fail "scanproof check: the forger not named: $(cat "$work/bounded.log")"
  grep -Eq '^pass +lsb +debruijn_walisch ' "$work/bounded.log" || fail "scanproof check: the run did not go on after them"
  grep -q '^4 implementations checked, 3 failed$' "$work/bounded.log" || fail "scanproof check: no summary line"
  echo "checked scanproof check: a per-check limit, each hung or slow scanner named, the run goes on"
  ;;

shapes)
  set +e
  ctest --test-dir "$work" -j2 -R '^conformance\.[a-z_]+(8|16|32|128)?\.(c_shape|engine)_[a-z0-9_]+\.' \
    --output-on-failure >"$work/shapes.log" 2>&1
  set -e
  # passes IMPL LABEL: known_answers passed under the width's label, and no check failed.
  passes() {
    grep -Eq "conformance\.$2\.$1\.known_answers \.+ +Passed" "$work/shapes.log" ||
      fail "$1: conformance.$2.$1.known_answers did not pass"
    ! grep -Eq "conformance\.[a-z0-9]+\.$1\.[a-z0-9_]+ \.+\*\*\*(Failed|Timeout|Exception)" "$work/shapes.log" ||
      fail "$1: a check failed: $(grep -E "$1\.[a-z0-9_]+ \.+\*\*\*" "$work/shapes.log")"
    echo "checked $1: conforms as $2"
  }
  passes c_shape_lsb32 lsb32
  grep -Eq "conformance\.lsb32\.c_shape_lsb32\.single_bits \.+ +Passed" "$work/shapes.log" ||
    fail "c_shape_lsb32: conformance.lsb32.c_shape_lsb32.single_bits did not pass"
  passes c_shape_shogi_lsb lsb128
  passes c_shape_draughts_lsb lsb  # 64 bits: today's label; the domain keeps it inside its 50 squares
  passes c_shape_option_define_lsb lsb  # an option line's quoted define: the manifest still compiles
  passes c_shape_poplsb pop_lsb  # a C pop scanner: the board by pointer
  grep -Eq "conformance\.lsb128\.c_shape_shogi_wrong\.single_bits \.+\*\*\*Failed" "$work/shapes.log" ||
    fail "c_shape_shogi_wrong: conformance.lsb128.c_shape_shogi_wrong.single_bits did not fail"
  expect_error "c_shape_shogi_wrong" "$work/shapes.log" \
    'smallest failing input: lsb128\(\{lo=0x0000000000000000, hi=0x0000000000000001\}\) expected 63, got 64'
  grep -Eq "conformance\.lsb\.c_shape_draughts_wrong\.single_bits \.+\*\*\*Failed" "$work/shapes.log" ||
    fail "c_shape_draughts_wrong: wrong on a domain square, but conformance.lsb.c_shape_draughts_wrong.single_bits did not fail"
  expect_error "c_shape_draughts_wrong" "$work/shapes.log" 'smallest failing input: lsb\(0x0000000000000040\) expected 6, got 7'
  # Macros (SCANPROOF_CANDIDATE_EXPR) and declared zero contracts.
  passes c_shape_macro_msb msb
  passes c_shape_first_or_64 lsb
  grep -Eq "conformance\.lsb\.c_shape_first_or_64\.zero \.+ +Passed" "$work/shapes.log" ||
    fail "c_shape_first_or_64: its declared zero result was not checked (conformance.lsb.c_shape_first_or_64.zero)"
  grep -Eq "conformance\.lsb\.c_shape_first_or_wrong\.zero \.+\*\*\*Failed" "$work/shapes.log" ||
    fail "c_shape_first_or_wrong: returns -1 for 0 after declaring 64, but its zero check did not fail"
  expect_error "c_shape_first_or_wrong" "$work/shapes.log" 'lsb\(0x0000000000000000\) expected 64, got -1 \(declared: declared by the candidate\)'
  grep -Eq "conformance\.clz\.c_shape_clz_undefined\.zero \.+ *\**Skipped" "$work/shapes.log" ||
    fail "c_shape_clz_undefined: its zero check is not a skip"
  ctest --test-dir "$work" -V -R '^conformance\.clz\.c_shape_clz_undefined\.zero$' >"$work/zero_skip.log" 2>&1 || true
  expect_error "c_shape_clz_undefined" "$work/zero_skip.log" 'zero result declared undefined \(declared by the candidate\); observed'
  grep -Eq "conformance\.clz\.c_shape_clz_undefined\.single_bits \.+ +Passed" "$work/shapes.log" ||
    fail "c_shape_clz_undefined: its nonzero checks did not run and pass"
  # examples/engine: an engine-style C++17 header, one line per function, no
  # wrapper: an enum result, a template-id, a member function of a SIMD
  # union board, a declared zero (SQ_NONE), the file's own directives, a pop
  # by reference and a pop member function of the union board.
  for c in lsb.engine_lsb msb.engine_msb lsb.engine_first_square popcount.engine_popcount \
      popcount32.engine_popcount32 popcount128.engine_shogi_popcount lsb128.engine_shogi_lsb \
      pop_lsb.engine_pop_lsb pop_lsb128.engine_shogi_pop; do
    passes "${c#*.}" "${c%%.*}"
  done
  grep -Eq "conformance\.lsb\.engine_first_square\.zero \.+ +Passed" "$work/shapes.log" ||
    fail "engine_first_square: its declared zero result (SQ_NONE) was not checked"
  # The registry reads the shape from the C function's parameters and the options.
  "$work/conformance/scanproof" list >"$work/shapes_list.log" 2>&1 || fail "scanproof list failed"
  expect_error "scanproof list" "$work/shapes_list.log" \
    'c_shape_lsb32 .{0,240}shape: 32-bit' 'c_shape_shogi_lsb .{0,240}shape: 128-bit two halves \(lo, hi\), high half from square 63' \
    'c_shape_draughts_lsb .{0,240}shape: 64-bit, domain 0x7df3ef9f7cfbe7df \(50 squares\)'
  echo "checked the C shapes"
  ;;

errors)
  bad="$here/bad_candidates"
  configure "$bad/no_such_file.cpp" && fail "a missing path configured"
  expect_error "missing path" "$work/configure.log" "candidate path '$bad/no_such_file.cpp' does not exist"
  configure "no_such_relative.cpp" && fail "a relative path configured"
  expect_error "relative path" "$work/configure.log" "'no_such_relative.cpp' is a relative path"
  # A candidate file's own mistake that the probe sees (it registers nothing,
  # or a name another file registered first) leaves that file out, says so at
  # configure time (file, line, reason) and fails a test named after the file;
  # the build and every other candidate go on.
  refused() {  # WHAT FILE PATTERN: the configure warning and the file's failing test
    local what=$1 file=$2 pattern=$3 stem
    expect_error "$what: configure" "$work/configure.log" "$pattern"
    build || { fail "$what: the build failed although the probe left the file out"; tail -20 "$work/build.log"; }
    stem=$(basename "$file" .cpp)
    set +e
    ctest --test-dir "$work" -R "^conformance\.file\.${stem}_[0-9a-f]+\.builds\$" --output-on-failure \
      >"$work/refused.log" 2>&1
    set -e
    expect_error "$what: its test" "$work/refused.log" "conformance\.file\.${stem}_[0-9a-f]+\.builds \.+\*\*\*Failed" "$pattern"
  }
  configure "$bad/registers_nothing.cpp" || { cat "$work/configure.log"; exit 1; }
  refused "registers nothing" "$bad/registers_nothing.cpp" "$bad/registers_nothing.cpp: registers no candidate"
  configure "$bad/duplicate_a.cpp;$bad/duplicate_b.cpp" || { cat "$work/configure.log"; exit 1; }
  refused "duplicates" "$bad/duplicate_b.cpp" \
    "$bad/duplicate_b.cpp:[0-9]+: candidate 'duplicate_lsb' is already registered by $bad/duplicate_a.cpp:[0-9]+"
  # Not a source file at all: the probe does not build it, the registry refuses it.
  configure "$here/hostile/README.md" || { cat "$work/configure.log"; exit 1; }
  build && fail "a file that registers nothing built"
  expect_error "registers nothing" "$work/build.log" \
    "scanproof: error: $here/hostile/README.md: registers no candidate"
  configure "$bad/collides_with_catalogue.cpp" || { cat "$work/configure.log"; exit 1; }
  build && fail "a name taken by the catalogue built"
  expect_error "collision" "$work/build.log" \
    "scanproof: error: $bad/collides_with_catalogue.cpp:5: a candidate and a catalogue entry are both named 'debruijn_walisch'"
  # A file that does not compile sinks only its own candidates: configure
  # warns, the build goes on, and each of its candidates has a failing test
  # naming the file and the compiler's first error (one candidate file cannot
  # sink a whole target). A good file listed with it still builds and passes.
  compiles_alone() {  # FILE NAME PATTERN...
    local file=$1 name=$2
    shift 2
    configure "$file;$here/hostile/exits.cpp" || { cat "$work/configure.log"; exit 1; }
    expect_error "$name: configure" "$work/configure.log" "$file does not (compile|link) for this target" "$@"
    build || { fail "$name: the build failed with a file the probe left out"; sed 's/^/    /' "$work/build.log" | tail -20; }
    set +e
    ctest --test-dir "$work" -R "^conformance\.lsb\.($name\.compiles|hostile_exit_zero\.known_answers)\$" \
      --output-on-failure >"$work/ctest.log" 2>&1
    set -e
    expect_error "$name: its test" "$work/ctest.log" "conformance\.lsb\.$name\.compiles \.+\*\*\*Failed" \
      "scanproof: $file does not (compile|link) for this target" "$@"
    grep -Eq "hostile_exit_zero\.known_answers \.+\*\*\*Failed" "$work/ctest.log" ||
      fail "$name: the other file's candidate did not run"
  }
  compiles_alone "$bad/does_not_compile.cpp" broken_lsb "does_not_compile.cpp:4:[0-9]+: error: expected [^ ]*;"
  compiles_alone "$bad/wrong_signature.cpp" float_lsb \
    "SCANPROOF_CANDIDATE: this function.s parameter is not a board \(an integer or enumeration of 8 to 128 bits"
  compiles_alone "$bad/wrong_signature.c" c_float_lsb \
    "SCANPROOF_CANDIDATE\(function, op\): the function must take one integer \(8 to 64 bits, signed or not, or __int128\), two uint64_t \(lo, hi\) or a scanproof_word"
  # Compiled, did not link: every symbol it needed, the scanner's own among them.
  compiles_alone "$bad/does_not_link.cpp" unlinked_lsb \
    "does not link for this target: undefined reference to .*engine_lsb_defined_elsewhere"
  # The probe's outcome is kept per content of the file and of what it
  # includes: an engine header fixed under an unchanged candidate file (as
  # scanproof discover writes them) is probed again, not refused as before.
  inc="$work/included"
  mkdir -p "$inc"
  printf '#include <scanproof/candidate.hpp>\n#include "engine_bits.h"\nSCANPROOF_CANDIDATE(included_lsb, scanproof::op::lsb);\n' \
    >"$inc/included.cpp"
  printf 'static int included_lsb(std::uint64_t b) { return __builtin_ctzll(b) }\n' >"$inc/engine_bits.h"
  configure "$inc/included.cpp" || { cat "$work/configure.log"; exit 1; }
  expect_error "a broken included header: configure" "$work/configure.log" "$inc/included.cpp does not compile for this target"
  printf 'static int included_lsb(std::uint64_t b) { return __builtin_ctzll(b); }\n' >"$inc/engine_bits.h"
  configure "$inc/included.cpp" || { cat "$work/configure.log"; exit 1; }
  if grep -q "does not compile" "$work/configure.log"; then
    fail "the probe kept its outcome for a file whose included header was fixed"
  fi
  echo "build errors: checked 10 kinds"
  ;;
*) echo "unknown step '$step'" >&2; exit 2 ;;
esac
[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
