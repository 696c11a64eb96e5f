#!/bin/sh
# unit.candidates.pop_signature_errors: a pop op registered with a by-value
# scanner or a const member function, and a by-reference scanner registered as
# another op, each fail the build with candidate.hpp's one line saying what is
# wrong (compiled alone, -fsyntax-only: no nested build needed).
#   pop_signature_errors_test.sh CXX CC INCLUDE_DIR
set -u
cxx=$1 cc=$2 include=$3
here=$(dirname "$0")/bad_candidates
failures=0
expect() {  # FILE PATTERN
  case $1 in
    *.c) compile="$cc -std=c11" ;;
    *) compile="$cxx -std=c++20" ;;
  esac
  # shellcheck disable=SC2086 # the compiler and its -std flag
  if out=$($compile -fsyntax-only -I"$include" "$1" 2>&1); then
    echo "FAIL: $1 compiled"; failures=$((failures + 1)); return
  fi
  if ! printf '%s\n' "$out" | grep -Eq "$2"; then
    echo "FAIL: $1: no line matching: $2"; printf '%s\n' "$out" | grep -E "error" | head -5
    failures=$((failures + 1)); return
  fi
  echo "ok: $1"
}
expect "$here/pop_by_value.cpp" \
  "a pop scanner takes one board by non-const reference or by pointer"
expect "$here/pop_const_member.cpp" \
  "or is a non-const member function of the board taking nothing \\(Square Bitboard::pop\\(\\)\\), and clears the square it returns"
expect "$here/pop_as_lsb.cpp" \
  "takes its board by non-const reference or pointer, so it is a pop scanner .*register it as scanproof::op::pop_lsb or scanproof::op::pop_msb"
expect "$here/pop_by_value.c" \
  "SCANPROOF_POP_LSB/MSB\): a pop scanner takes one board by pointer"
expect "$here/pop_wrong_op.c" \
  "takes its board by pointer, so it is a pop scanner .*register it as SCANPROOF_POP_LSB or SCANPROOF_POP_MSB"
[ "$failures" = 0 ]
