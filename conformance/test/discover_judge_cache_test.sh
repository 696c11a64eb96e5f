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
# Asked as the discovery asks (`--gtest_list_tests --scanproof-judge-manifest`,
# one run): the manifest, its end line (judge.hpp), the listing.
cat >"$work/driver" <<'D'
#!/bin/sh
[ "$*" = "--gtest_list_tests --scanproof-judge-manifest" ] || { echo "driver asked: $*" >&2; exit 2; }
cat "$(dirname "$0")/manifest"
echo "# scanproof: end of the judge manifest"
printf 'lsb.\n  a.all_checks\n'
D
# Answers "<impl> <check> <allowed> 1 0x<cksum of the rest of the line>" for
# each line of stdin or of --manifest FILE;
# with --declared-manifest, the file `declared` (what the driver's file declares).
cat >"$work/oracle" <<'O'
#!/bin/sh
if [ "$1" = --declared-manifest ]; then
  d="$(dirname "$0")/declared"
  [ -f "$d" ] && cat "$d"
  echo "# end $(if [ -f "$d" ]; then wc -l <"$d"; else echo 0; fi | tr -d ' ')"
  exit 0
fi
[ "$1" = --manifest ] && exec <"$2"  # the manifest as a file, as scanproof-discover.cmake passes it
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

# A candidate's lines come from its file's declaration (the oracle program's
# --declared-manifest), not from what its running process says: the same
# lines pass unremarked; other ones are judged by the file's and fail each
# of its tests naming the change; checks the driver does not list get a
# failing <label>.<name>.declared test.
# shellcheck disable=SC2016 # $impl is the fake oracle's own variable
sed -i 's/^  echo "someone_else /  echo "$impl /' "$work/oracle"
printf '%s\n' "$line_a" >"$work/manifest"
printf 'test a conformance.lsb.a\n%s\n' "$line_a" >"$work/declared"
run
grep -q '!declaration' "$work/table" && fail "the same declaration in file and process: '$(cat "$work/table")'"
grep -q 'declared' "$work/tests.cmake" && fail "a listed candidate got a declared test"
narrowed="a known_answers pass lsb 64 integer 64 0 281474976710655 0 1 63"
printf '%s\n' "$narrowed" >"$work/manifest"
run
grep -qx "$(entry "$line_a")" "$work/table" || fail "the judge's line is not the file's: '$(cat "$work/table")'"
rm -f "$work/asked"
grep -qx "a !declaration the declaration in its source is not what runs: its process declares '$narrowed' at run time where its file declares '$line_a' (code in the process changed it; judged by its source's)" \
  "$work/table" || fail "no !declaration line naming the change: '$(cat "$work/table")'"
printf 'test z conformance.lsb.z\n%s\n' "${line_a/#a /z }" >>"$work/declared"
run
grep -q 'conformance.lsb.z.declared.*lists no test of its checks known_answers' "$work/tests.cmake" ||
  fail "a declared candidate the driver does not list got no failing test: $(cat "$work/tests.cmake")"
grep -qx "z !declaration the declaration in its source is not what runs: its process does not declare it at run time (code in the process changed it; judged by its source's)" \
  "$work/table" || fail "no !declaration line for a candidate the process does not declare: '$(cat "$work/table")'"

# A run that printed no end of its manifest (the program ended before its
# listing, or printed another protocol) is an error naming the line, not a
# listing of whatever came out.
sed -i '/end of the judge manifest/d' "$work/driver"
if out=$(cmake -DSETTINGS="$work/settings.cmake" -P "$discover" 2>&1); then
  fail "a driver that printed no end of its manifest was listed"
elif ! tr -s ' \n' ' ' <<<"$out" | grep -q "printed no '# scanproof: end of the judge manifest' line"; then
  fail "no end line: the error does not name it: $out"
fi

[ "$failures" = 0 ] && echo "ok: the oracle was asked only for lines not already answered; candidates judged by their file"
exit $((failures > 0))
