#!/usr/bin/env bash
# unit.launcher.judge: cmake/scanproof-launch --judge TABLE passes a test only
# on outputs that agree with TABLE, whatever the process recorded. The
# "driver" here is this script's fake (it reads the launcher's environment as
# a hostile scanner would, writes "done <nonce> <status>" and the outputs
# lines it is given, and exits): every case has the process claiming success.
#   launcher_judge_test.sh LAUNCHER
set -euo pipefail
launcher=$1
work=$(mktemp -d "${TMPDIR:-/tmp}/launcher-judge.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
# impl check allowed inputs outputs
cat >"$work/table" <<'T'
good known_answers pass 28 0x1111111111111111
good single_bits pass,xfail 64 0x2222222222222222
good zero pass 1 64
good expected_failure xfail 9000 0x3333333333333333
other known_answers skip 28 0x1111111111111111
T
cat >"$work/fake" <<'F'
#!/bin/sh
# fake STATUS LINE...: forges the record and reports LINEs as its outputs.
status=$1; shift
printf 'done %s %s\n' "$SCANPROOF_NONCE" "$status" >"$SCANPROOF_FLIGHT_FILE"
for line in "$@"; do case $line in --gtest_filter=*) ;; *) printf '%s\n' "$line" >>"$SCANPROOF_OUTPUTS_FILE" ;; esac; done
exit "$status"
F
chmod +x "$work/fake"

# shellcheck source=SCRIPTDIR/expect_status.sh
. "$(dirname "$0")/expect_status.sh"
# case NAME WANT-STATUS PATTERN FILTER STATUS LINE...: the fake, claiming
# success with STATUS, reporting LINEs as its outputs.
case_() {
  local name=$1 want=$2 pattern=$3 filter=$4 status=$5
  shift 5
  expect "$name" "$want" "$pattern" "$launcher" --judge "$work/table" "$work/fake" "$status" "$@" "--gtest_filter=$filter"
}
all="lsb.good.all_checks"
right=("good known_answers pass 28 0x1111111111111111" "good single_bits pass 64 0x2222222222222222"
       "good zero pass 1 64" "good expected_failure xfail 9000 0x4444444444444444")
case_ "the oracle's outputs pass" 0 "" "$all" 0 "${right[@]}"
case_ "one check alone" 0 "" "lsb.good.single_bits" 0 "${right[1]}"
case_ "a wrong digest fails" 1 "judged from its outputs: FAIL: check single_bits: outputs 0x5555555555555555 are not the oracle's" \
  "$all" 0 "${right[0]}" "good single_bits pass 64 0x5555555555555555" "${right[2]}" "${right[3]}"
case_ "a missing check fails" 1 "check zero reported no outputs: it did not run to its end" \
  "$all" 0 "${right[0]}" "${right[1]}" "${right[3]}"
case_ "no outputs at all fail" 1 "check known_answers reported no outputs" "lsb.good.known_answers" 0
case_ "fewer inputs fail" 1 "check known_answers reported 27 inputs; it has 28" \
  "lsb.good.known_answers" 0 "good known_answers pass 27 0x1111111111111111"
case_ "a wrong zero result fails" 1 "check zero: outputs 0 are not the oracle's 64" "lsb.good.zero" 0 "good zero pass 1 0"
case_ "an xfail with the oracle's outputs fails" 1 "check single_bits: reported xfail, but its outputs are the oracle's" \
  "lsb.good.single_bits" 0 "good single_bits xfail 64 0x2222222222222222"
case_ "an xfail with other outputs passes" 0 "" "lsb.good.single_bits" 0 "good single_bits xfail 64 0x6666666666666666"
case_ "an undeclared xfail fails" 1 "check known_answers reported xfail, which its declaration does not allow here \\(pass\\)" \
  "lsb.good.known_answers" 0 "good known_answers xfail 28 0x7777777777777777"
case_ "an undeclared skip fails" 1 "check known_answers reported skip, which its declaration does not allow" \
  "lsb.good.known_answers" 77 "good known_answers skip 0 -"
case_ "a declared skip skips" 77 "" "lsb.other.known_answers" 77 "other known_answers skip 0 -"
case_ "a check twice fails" 1 "reported check single_bits twice" "lsb.good.single_bits" 0 "${right[1]}" "${right[1]}"
case_ "another implementation's check fails" 1 "reported a check this test does not run: other known_answers" \
  "lsb.good.single_bits" 0 "${right[1]}" "other known_answers skip 0 -"
case_ "a claimed failure with status 0 fails" 1 "check single_bits reported fail but the process exited 0" \
  "lsb.good.single_bits" 0 "good single_bits fail 64 0x2222222222222222"
case_ "a test not in the table fails" 1 "the judge's table has no check known_answers of stranger" \
  "lsb.stranger.known_answers" 0 "stranger known_answers pass 28 0x1111111111111111"
case_ "a real failure stays a failure" 1 "exit status 1: a check failed" "lsb.good.single_bits" 1 \
  "good single_bits fail 64 0x5555555555555555"
# A property driver's table (properties_*: property_judge.hpp): the same rules,
# except that an entry declared to fail here may pass a law with outputs that
# are not the oracle's; and RapidCheck's is not consulted under RC_PARAMS.
for driver in canonical rapidcheck; do cp "$work/table" "$work/properties_${driver}_judge_table.txt"; done
laws() {  # laws NAME WANT-STATUS PATTERN DRIVER FILTER STATUS LINE...
  local name=$1 want=$2 pattern=$3 driver=$4 filter=$5 status=$6
  shift 6
  expect "$name" "$want" "$pattern" "$launcher" --judge "$work/properties_${driver}_judge_table.txt" \
    "$work/fake" "$status" "$@" "--gtest_filter=$filter"
}
laws "a law passed with other outputs by an entry declared to fail passes" 0 "" canonical \
  "lsb.good.single_bits" 0 "good single_bits pass 64 0x5555555555555555"
laws "a law passed with other outputs by any other fails" 1 \
  "properties.lsb.good.known_answers: judged from its outputs: FAIL: check known_answers: outputs 0x5555555555555555 are not the oracle's" \
  canonical "lsb.good.known_answers" 0 "good known_answers pass 28 0x5555555555555555"
RC_PARAMS=seed=1 laws "RapidCheck under RC_PARAMS: judged on the record alone, and says so" 0 \
  "RC_PARAMS is set, so RapidCheck's cases are not the judge's" rapidcheck \
  "lsb.good.known_answers" 0 "good known_answers pass 28 0x5555555555555555"
RC_PARAMS=seed=1 laws "the canonical driver under RC_PARAMS: judged" 1 "outputs 0x5555555555555555 are not the oracle's" \
  canonical "lsb.good.known_answers" 0 "good known_answers pass 28 0x5555555555555555"
# A fuzz replay's table (fuzz-regression.*: fuzz/differential.hpp) is judged
# whole: every implementation's line, whichever the test.
cat >"$work/fuzz-regression.t.corpus_judge_table.txt" <<'T'
good bitscan_fuzzer pass 549 0x1111111111111111
other bitscan_fuzzer skip 0 -
T
whole() {  # whole NAME WANT-STATUS PATTERN STATUS LINE...
  local name=$1 want=$2 pattern=$3 status=$4
  shift 4
  expect "$name" "$want" "$pattern" "$launcher" --judge "$work/fuzz-regression.t.corpus_judge_table.txt" \
    "$work/fake" "$status" "$@"
}
replay=("good bitscan_fuzzer pass 549 0x1111111111111111" "other bitscan_fuzzer skip 0 -")
whole "a replay with every line passes" 0 "" 0 "${replay[@]}"
whole "a replay missing one line fails, naming it" 1 \
  "fuzz-regression.t.corpus: judged from its outputs: FAIL: check other's replay reported no outputs" 0 "${replay[0]}"
whole "a replay with no line fails as a replay cut short" 1 \
  "FAIL: no implementation reported its calls \\(2 expected\\): the replay did not run to its end" 0
whole "a replay's wrong digest fails" 1 "check good's replay: outputs 0x2222222222222222 are not the oracle's" 0 \
  "good bitscan_fuzzer pass 549 0x2222222222222222" "${replay[1]}"
printf '' >"$work/fuzz-regression.empty.corpus_judge_table.txt"
expect "an empty replay table skips with the replay" 77 "" "$launcher" \
  --judge "$work/fuzz-regression.empty.corpus_judge_table.txt" "$work/fake" 77
rc=0
"$launcher" --judge "$work/no-such-table" "$work/fake" 0 >"$work/out" 2>&1 || rc=$?
if [ "$rc" = 2 ] && grep -q -- "--judge needs a readable table, and there is none at $work/no-such-table: the build writes it when it links the test's program" "$work/out"; then
  echo "ok: a missing table is an error that says to build the program"
else echo "FAIL: a missing table: exit $rc: $(cat "$work/out")"; failures=$((failures + 1)); fi
echo "$failures failed"
[ "$failures" = 0 ]
