#!/usr/bin/env bash
# unit.launcher.batch: batch mode (cmake/scanproof-launch --batch/--from,
# impl/core/include/scanproof/supervise_batch.hpp) gives each test the verdict
# it gets as a process of its own: the driver (launcher_batch_driver.cpp) runs
# its tests in one process that forks per test; a test whose check
# exits, crashes or hangs fails alone, its neighbours pass, a forged
# completion without outputs fails by the judge, and a test the batch did not
# run fails naming why. With SCANPROOF_BATCH_SELECTION the batch runs only
# the tests it names. The batch process loads the input sets before it forks
# (into memory of its own): a child that overwrites a cache file changes
# nothing a later child reads, and no child reads the file again. It also
# runs the driver's own preparation (set_batch_preparation) before it forks,
# and each child finds what it made; a small batch runs none. The batch
# process alone writes each test's files, once every child ended: a child that
# writes other tests' status, flight and outputs files changes no verdict; a
# child killed by a signal while others ran (a sibling can kill it) runs
# again alone, and that run is its verdict. Where the kernel scopes signals
# (Landlock ABI 6+, the kernel's, whatever SCANPROOF_SANDBOX says: the
# child's layer is the driver's own), a batch's child is
# confined (process_front_fork.cpp): its kill is refused, and nothing needs
# to run again; with any Landlock it also writes no file by name but its
# implementation's results JSON: no input file, no other one's results.
#   launcher_batch_test.sh LAUNCHER DRIVER [SANDBOX_TOOL]
set -uo pipefail
launcher=$1 driver=$2 tool=${3:-}
abi=0
if [ -n "$tool" ]; then
  abi=$("$tool" --probe 2>/dev/null || echo 0)
elif command -v python3 >/dev/null; then  # landlock_create_ruleset(NULL, 0, VERSION), as the driver asks
  abi=$(python3 -c 'import ctypes; print(max(0, ctypes.CDLL(None).syscall(444, None, 0, 1)))')
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/launcher-batch.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
impls=(good exits crashes hangs wrong forges neighbour neighbour{2..9} overwrites_inputs reads_inputs sees_preparation spoils_others spoils_results slow_neighbour kills_siblings)
batch=$work/batch
mkdir -p "$batch"
for i in "${impls[@]}"; do
  printf 'conformance.lsb.%s.all_checks\tlsb.%s.all_checks\n' "$i" "$i"
  echo "$i known_answers pass 28 0x1111111111111111" >>"$work/table"
done >"$batch/tests"

# shellcheck source=SCRIPTDIR/expect_status.sh
. "$(dirname "$0")/expect_status.sh"
from() {  # from IMPL: the per-test command, as scanproof-discover.cmake writes it
  "$launcher" --judge "$work/table" --from "$batch/conformance.lsb.$1.all_checks" "$driver" "--gtest_filter=lsb.$1.all_checks"
}

export SCANPROOF_TEST_TIMEOUT=3 SCANPROOF_INPUTS_DIR=$work/inputs SCANPROOF_RESULTS_DIR=$work/results
mkdir -p "$SCANPROOF_INPUTS_DIR" "$SCANPROOF_RESULTS_DIR"
if [ "$abi" -ge 6 ]; then
  expect "the batch runs every test to a status" 0 "" "$launcher" --batch "$batch" "$driver"
  if grep -q "run again alone" "$work/out"; then
    echo "FAIL: a confined child killed a sibling: $(cat "$work/out")"; failures=$((failures + 1))
  fi
  expect "a confined child cannot signal its siblings" 0 "kills_siblings: kill refused" from kills_siblings
else
  expect "the batch runs every test to a status" 0 \
    "ended by a signal while other tests ran: run again alone" \
    "$launcher" --batch "$batch" "$driver"
  expect "the child that killed it is judged on its own outputs" 0 "" from kills_siblings
fi
if [ "$abi" -ge 1 ]; then  # its own results JSON alone: another's is refused, and not left made
  expect "a confined child cannot write another implementation's results" 0 "spoils_results: write refused" \
    from spoils_results
  if [ -e "$SCANPROOF_RESULTS_DIR/good.json" ] || [ "$(cat "$SCANPROOF_RESULTS_DIR/spoils_results.json")" != "{}" ]; then
    echo "FAIL: results: $(ls "$SCANPROOF_RESULTS_DIR")"; failures=$((failures + 1))
  fi
fi
if [ -n "$tool" ] && [ "$abi" -ge 1 ]; then
  # The launcher as a build configures it (ScanproofLaunch.cmake): in its
  # sandbox a batch process reaches no other batch of the build (a
  # candidate's start-up code runs there), only its own run directory.
  b=$work/build batches=$work/build/scanproof-batches
  mkdir -p "$b/scanproof-judge" "$batches/mine" "$batches/other/run"
  sed -e "s|@SCANPROOF_SANDBOX_TOOL@|$tool|" -e "s|@SCANPROOF_JUDGE_DIR@|$b/scanproof-judge|" \
    -e "s|@SCANPROOF_INPUTS_DIR@|$b/scanproof-inputs|" "$launcher" >"$b/scanproof-launch"
  chmod +x "$b/scanproof-launch"
  cp "$batch/tests" "$batches/mine/tests"
  echo conformance.lsb.good.all_checks >"$work/selection"
  for to in other mine; do
    if [ $to = other ]; then want="plant: Permission denied"; else want="plant: written"; fi
    expect "a batch process writes its own run directory, no other batch's ($to)" 0 "$want" \
      env SCANPROOF_BATCH_SELECTION="$work/selection" SCANPROOF_TEST_PLANT="$batches/$to/run/planted" \
      "$b/scanproof-launch" --batch "$batches/mine" "$driver"
  done
fi
expect "a sibling killed by another test's child keeps its verdict" 0 "\[  PASSED  \] 1 test" from slow_neighbour
for i in good neighbour neighbour9 reads_inputs; do
  expect "a child that writes other tests' files changes no verdict ($i)" 0 "\[  PASSED  \] 1 test" from "$i"
done
expect "a passing test passes" 0 "\[  PASSED  \] 1 test" from good
expect "its neighbour passes" 0 "" from neighbour
expect "a child finds what the driver's preparation made before the fork" 0 "\[  PASSED  \] 1 test" \
  from sees_preparation
expect "a check that exits fails, naming it" 1 \
  "conformance.lsb.exits.known_answers: the process ended during the check \(exit status 0\).*" from exits
expect "a check that crashes fails as a crash" 139 \
  "conformance.lsb.crashes.known_answers: the process ended during the check \(killed by signal 11" from crashes
expect "a check that hangs is stopped at the limit" 1 "conformance.lsb.hangs.known_answers: no end after 3 s" from hangs
expect "wrong outputs fail by the judge" 1 "judged from its outputs: FAIL: check known_answers: outputs 0x5555555555555555" from wrong
expect "a forged completion without outputs fails by the judge" 1 \
  "judged from its outputs: FAIL: check known_answers reported no outputs" from forges
expect "a test the batch did not list fails" 1 "no batch ran this test" \
  "$launcher" --from "$batch/conformance.lsb.absent.all_checks" "$driver" --gtest_filter=lsb.absent.all_checks
rm "$batch/run/conformance.lsb.good.all_checks.status"
expect "a test without its status fails" 1 "the batch process ended before this test ran" from good
expect "a batch that ends before its tests fails, naming how many" 1 "22 of 22 tests have no status" \
  "$launcher" --batch "$batch" /bin/false
expect "then each test fails" 1 "the batch process ended before this test ran" from neighbour
# A run of a few tests (ctest -R, as ci/matrix --candidates makes): the batch
# runs those alone, and a test it did not run fails naming why.
printf 'conformance.lsb.good.all_checks\nconformance.lsb.crashes.all_checks\nconformance.lsb.other.all_checks\n' >"$work/selection"
expect "a selection runs only the selected tests" 0 "2 tests of this batch are selected" \
  env SCANPROOF_BATCH_SELECTION="$work/selection" "$launcher" --batch "$batch" "$driver"
expect "a selected test passes" 0 "\[  PASSED  \] 1 test" from good
expect "a selected crash is still a crash" 139 "killed by signal 11" from crashes
expect "a test outside the selection is not judged from the batch" 1 "no batch ran this test" from hangs
echo conformance.lsb.other.all_checks >"$work/selection"
expect "a selection naming none of its tests runs nothing" 0 "the batch runs nothing" \
  env SCANPROOF_BATCH_SELECTION="$work/selection" "$launcher" --batch "$batch" "$driver"
expect "and then none of its tests passes" 1 "no batch ran this test" from good
expect "an unreadable selection is an error" 2 "SCANPROOF_BATCH_SELECTION: cannot read" \
  env SCANPROOF_BATCH_SELECTION="$work/absent" "$launcher" --batch "$batch" "$driver"
# A hostile child overwrites an input cache file in place. In a batch of 16
# tests or more the batch process loaded the sets before it forked: the next
# child (one worker: in this order) still holds the pinned values and does not
# read the file (which would say it is corrupt).
expect "a child overwrites an input file" 0 "" env SCANPROOF_BATCH_JOBS=1 "$launcher" --batch "$batch" "$driver"
if [ "$abi" -ge 1 ]; then  # a confined child writes no file by name
  expect "a confined child cannot overwrite an input file" 0 "overwrites_inputs: write refused" from overwrites_inputs
else
  expect "the child that overwrote it passes" 0 "" from overwrites_inputs
fi
expect "a later child still reads the pinned inputs" 0 "\[  PASSED  \] 1 test" from reads_inputs
if grep -q "stale or corrupt" "$work/out"; then
  echo "FAIL: the later child read the input file itself: $(cat "$work/out")"; failures=$((failures + 1))
fi
# A small batch (a candidate's few tests) loads nothing before it forks: each
# child reads and checks its inputs itself, and finds the overwritten file.
printf 'conformance.lsb.overwrites_inputs.all_checks\nconformance.lsb.reads_inputs.all_checks\n' >"$work/selection"
expect "in a small batch a child overwrites the file" 0 "" \
  env SCANPROOF_BATCH_SELECTION="$work/selection" SCANPROOF_BATCH_JOBS=1 "$launcher" --batch "$batch" "$driver"
if [ "$abi" -ge 1 ]; then
  expect "and the next child finds the file as the build wrote it" 0 "\[  PASSED  \] 1 test" from reads_inputs
  if grep -q "stale or corrupt" "$work/out"; then
    echo "FAIL: a confined child changed an input file: $(cat "$work/out")"; failures=$((failures + 1))
  fi
else
  expect "and the next child finds it corrupt itself and passes on the pinned inputs" 0 \
    "input cache .*single_bits-64.u64 is stale or corrupt" from reads_inputs
fi
echo conformance.lsb.sees_preparation.all_checks >"$work/selection"
expect "a small batch runs no preparation" 0 "" \
  env SCANPROOF_BATCH_SELECTION="$work/selection" "$launcher" --batch "$batch" "$driver"
expect "so its child finds none (a property test then makes its own samples)" 1 \
  "judged from its outputs: FAIL: check known_answers: outputs 0x5555555555555555" from sees_preparation
expect "the driver refuses batch mode without a forking supervisor" 2 "SCANPROOF_NO_SUPERVISOR is set: batch mode forks" \
  env SCANPROOF_NO_SUPERVISOR=1 "$driver" --scanproof-batch "$batch/run"
export SCANPROOF_NO_SUPERVISOR=1
expect "without a forking supervisor the batch runs nothing" 0 "no batch; each test runs in its own process" \
  "$launcher" --batch "$batch" "$driver"
expect "and each test runs in its own process" 0 "\[  PASSED  \] 1 test" from good
expect "where a crash is still a crash" 139 "conformance.lsb.crashes.known_answers: the process ended during the check" from crashes
echo "$failures failed"
[ "$failures" = 0 ]
