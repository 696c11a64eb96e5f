# shellcheck shell=bash disable=SC2154  # work: set by the sourcing script
# Sourced by the launcher tests (launcher_judge_test.sh, launcher_batch_test.sh):
#   expect NAME WANT-STATUS PATTERN COMMAND...
# runs COMMAND, output in $work/out, and counts a failure in $failures unless
# it exits with WANT-STATUS and (if PATTERN is not empty) its output matches
# the extended regex PATTERN. The caller sets work and failures.
expect() {
  local name=$1 want=$2 pattern=$3 rc=0
  shift 3
  "$@" >"$work/out" 2>&1 || rc=$?
  if [ "$rc" != "$want" ]; then
    echo "FAIL: $name: exit $rc, expected $want: $(cat "$work/out")"; failures=$((failures + 1))
  elif [ -n "$pattern" ] && ! grep -Eq -- "$pattern" "$work/out"; then
    echo "FAIL: $name: no /$pattern/ in: $(cat "$work/out")"; failures=$((failures + 1))
  else
    echo "ok: $name"
  fi
}
