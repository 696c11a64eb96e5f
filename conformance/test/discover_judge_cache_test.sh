#!/usr/bin/env bash
# unit.discover.judge_table_cache: cmake/scanproof-discover.cmake asks the
# oracle only for the manifest lines that no earlier table of the same oracle
# program answered (JUDGE_TABLE.known), and writes every line's table entry
# with its own implementation and allowed verdicts. The driver and the oracle
# here are fakes: the oracle logs each line it is asked.
#   discover_judge_cache_test.sh DISCOVER_SCRIPT
set -euo pipefail
discover=$1
work=$(mktemp -d "${TMPDIR:-/tmp}/discover-cache.XXXXXX")
trap 'rm -rf "$work"' EXIT
cat >"$work/driver" <<'D'
#!/bin/sh
case $1 in
  --gtest_list_tests) printf 'lsb.\n  a.all_checks\n' ;;
  --scanproof-judge-manifest) cat "$(dirname "$0")/manifest" ;;
esac
D
# Answers "<impl> <check> <allowed> 1 0x<cksum of the rest of the line>".
cat >"$work/oracle" <<'O'
#!/bin/sh
n=0
while read -r impl check allowed rest; do
  printf '%s %s\n' "$check" "$rest" >>"$(dirname "$0")/asked"
  echo "$impl $check $allowed 1 0x$(printf '%s %s' "$check" "$rest" | cksum | cut -d' ' -f1)"
  n=$((n + 1))
done
echo "# end $n"
O
chmod +x "$work/driver" "$work/oracle"
cat >"$work/settings.cmake" <<S
set(COMMAND "$work/driver")
set(EXTRA_ARGS)
set(PROPERTIES LABELS x)
set(PREFIX "conformance.")
set(OUTPUT "$work/tests.cmake")
set(JUDGE_TABLE "$work/table")
set(ORACLE "$work/oracle")
S
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
run() { cmake -DSETTINGS="$work/settings.cmake" -P "$discover" >/dev/null || fail "discovery failed"; }
asked() { if [ -f "$work/asked" ]; then wc -l <"$work/asked" | tr -d ' '; else echo 0; fi; }
# sed reads to the end: head would close the pipe before the oracle writes its
# "# end" line, and that SIGPIPE (pipefail, set -e) ended this script silently.
entry() { "$work/oracle" <<<"$1" | sed -n 1p; }

# a and b declare the same check alike (another name, other allowed verdicts): one question.
line_a="a known_answers pass lsb 64 integer 64 0 18446744073709551615 0 0 63"
line_b="b known_answers pass,xfail lsb 64 integer 64 0 18446744073709551615 0 0 63"
line_c="c known_answers pass lsb 32 integer 32 0 4294967295 0 0 31"
printf '%s\n' "$line_a" "$line_b" "$line_c" >"$work/manifest"
run
[ "$(asked)" = 2 ] || fail "first table: asked $(asked) lines, want 2 (a and b alike)"
want=$(rm -f "$work/asked"; for l in "$line_a" "$line_b" "$line_c"; do entry "$l"; done)
rm -f "$work/asked"
[ "$(cat "$work/table")" = "$want" ] || fail "table: got '$(cat "$work/table")', want '$want'"

run
[ "$(asked)" = 0 ] || fail "the same manifest again: asked $(asked) lines, want 0"
[ "$(cat "$work/table")" = "$want" ] || fail "table from .known differs: '$(cat "$work/table")'"

line_d="d zero pass lsb 64 integer 64 0 18446744073709551615 0 0 64"
printf '%s\n' "$line_d" >>"$work/manifest"
run
[ "$(asked)" = 1 ] || fail "one new line: asked $(asked) lines, want 1"
tail -1 "$work/table" | grep -qx "$(entry "$line_d")" || fail "new line's entry: '$(tail -1 "$work/table")'"
rm -f "$work/asked"

echo "# another oracle" >>"$work/oracle"  # another program: nothing known is reused
run
[ "$(asked)" = 3 ] || fail "another oracle: asked $(asked) lines, want 3"

# An answer for another line than the one asked is an error, never a table entry.
# shellcheck disable=SC2016 # $impl is the fake oracle's own variable
sed -i 's/^  echo "\$impl /  echo "someone_else /' "$work/oracle"
rm -f "$work/table.known"
if cmake -DSETTINGS="$work/settings.cmake" -P "$discover" >/dev/null 2>&1; then
  fail "an oracle that answers for another implementation was accepted"
fi

[ "$failures" = 0 ] && echo "ok: the oracle was asked only for lines not already answered"
exit $((failures > 0))
