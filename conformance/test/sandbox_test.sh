#!/usr/bin/env bash
# unit.launcher.sandbox: what a launched command (a driver with a candidate's
# start-up code in it) can reach through this build's launcher
# (ScanproofLaunch.cmake, cmake/sandbox/scanproof-sandbox.c): not the judge's
# tables, not the input files the build wrote, not ci/matrix's verdict store,
# not another running test's run directory, no process outside it. The
# command here is a script that tries each and records its completion only if
# every try was refused; the same tries outside the launcher succeed (so the
# test can fail: a launcher that sandboxes nothing fails it).
#   sandbox_test.sh LAUNCHER JUDGE_DIR INPUTS_DIR SANDBOX_TOOL
set -uo pipefail
launcher=$1 judge_dir=$2 inputs_dir=$3 tool=$4
if [ -z "$tool" ]; then
  echo "not sandboxed here (the configure step said why: SCANPROOF_SANDBOX, ScanproofLaunch.cmake)"
  exit 77
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/sandbox-test.XXXXXX")
store=${judge_dir%/*}/matrix-verdicts  # as ci/matrix makes it before its tests
made_store=""
[ -d "$store" ] || { mkdir "$store" && made_store=1; }
other=${judge_dir%/*}/scanproof-runs/scanproof-launch.sandbox-test  # as another test's run directory
mkdir -p "$other" && : >"$other/outputs"
trap 'rm -rf "$work" "$other" "$judge_dir/sandbox-test.secret" "$store/sandbox-test.planted"; [ -n "$made_store" ] && rmdir "$store"' EXIT
echo "the oracle's outputs" >"$judge_dir/sandbox-test.secret"
[ -e "$inputs_dir/written-by-oracle-table.stamp" ] || { echo "FAIL: the build wrote no input files ($inputs_dir)"; exit 1; }
input=$(find "$inputs_dir" -name "*.u64" | head -n 1)
cat >"$work/attacker" <<'A'
#!/usr/bin/env bash
# $1 judge dir, $2 an input file, $3 a process outside, $4 the verdict store, $5 another run's
# outputs file. Prints each reach that worked.
reached=0
if cat "$1/sandbox-test.secret" >/dev/null 2>&1; then echo "read the judge's table"; reached=1; fi
if : >>"$2" 2>/dev/null; then echo "opened an input file for writing"; reached=1; fi
if touch "$(dirname "$2")/planted.u64" 2>/dev/null; then echo "made a file among the inputs"; rm -f "$(dirname "$2")/planted.u64"; reached=1; fi
if kill -0 "$3" 2>/dev/null; then echo "signalled a process outside"; reached=1; fi
if touch "$4/sandbox-test.planted" 2>/dev/null; then echo "planted a verdict record"; rm -f "$4/sandbox-test.planted"; reached=1; fi
if : >>"$5" 2>/dev/null; then echo "opened another test's outputs for writing"; reached=1; fi
[ -n "${SCANPROOF_FLIGHT_FILE:-}" ] && [ "$reached" = 0 ] && printf 'done %s 0\n' "$SCANPROOF_NONCE" >"$SCANPROOF_FLIGHT_FILE"
exit "$reached"
A
chmod +x "$work/attacker"
sleep 600 &
outside=$!
failures=0
if ! "$launcher" "$work/attacker" "$judge_dir" "$input" "$outside" "$store" "$other/outputs"; then
  echo "FAIL: through the launcher, the command reached what the judge trusts (above)"
  failures=1
fi
# The control: outside the launcher every reach works (else the test above proves nothing).
reached=$("$work/attacker" "$judge_dir" "$input" "$outside" "$store" "$other/outputs" | wc -l)
if [ "$reached" != 6 ]; then
  echo "FAIL: outside the launcher the command reached $reached of 6 (want 6): the test cannot tell"
  failures=1
fi
kill "$outside" 2>/dev/null
[ "$failures" = 0 ] && echo "the launched command reached none of the judge's table, the input files, a process outside, the verdict store, another test's run directory"
exit "$failures"
