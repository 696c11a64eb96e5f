#!/usr/bin/env bash
# unit.candidates.signature_errors: every file of bad_candidates/ that starts
# with an `expect:` line is a registration the compiler must refuse, with that
# message (grep -E, on the compiler's output with its lines joined). Compiled
# alone, -fsyntax-only, in C++17 (the oldest dialect candidate.hpp takes) or
# C11, plus the file's `expect-flags:`. Files without `expect:` are the
# nested build's (candidates_in_tree_test.sh errors).
# usage: bad_candidates_test.sh SRC CXX CC
set -uo pipefail
src=$1 cxx=$2 cc=$3
failures=0 checked=0
for f in "$src"/conformance/test/bad_candidates/*.cpp "$src"/conformance/test/bad_candidates/*.c; do
  expect=$(sed -n '1,3s/^\(\/\/\|\/\*\) expect: \(.*\)$/\2/p' "$f" | sed 's/ \*\/$//')
  [ -n "$expect" ] || continue
  read -ra flags <<<"$(sed -n '1,3s/^\/\/ expect-flags: //p' "$f")"
  case $f in
  *.c) out=$("$cc" -std=gnu11 "${flags[@]}" -fsyntax-only -I"$src/impl/core/include" "$f" 2>&1) ;;
  *) out=$("$cxx" -std=c++17 "${flags[@]}" -fsyntax-only -I"$src/impl/core/include" "$f" 2>&1) ;;
  esac
  rc=$?
  checked=$((checked + 1))
  if [ "$rc" = 0 ]; then
    echo "FAIL: $f compiled; expected: $expect"
    failures=$((failures + 1))
  elif ! tr '\n' ' ' <<<"$out" | grep -Eq -- "$expect"; then
    echo "FAIL: $f: no '$expect' in:"
    head -20 <<<"$out" | while IFS= read -r line; do echo "    $line"; done
    failures=$((failures + 1))
  else
    echo "ok: $(basename "$f"): $(grep -m1 -E 'error' <<<"$out" | cut -c1-200)"
  fi
done
[ "$checked" -gt 0 ] || { echo "FAIL: no bad_candidates file with an expect: line"; exit 1; }
[ "$failures" = 0 ] || { echo "$failures of $checked failed"; exit 1; }
echo "$checked refused registrations, each with its message"
