#!/usr/bin/env bash
# unit.install_package: `cmake --install` of this build, then projects that
# find_package(scanproof) build and run their candidates' conformance tests:
#   examples/engine          its three scanners pass, and only they get tests
#   examples/typed_engine    its scanners of typed boards and results all pass
#   examples/c_engine        the same for a C engine's C scanners
#   examples/rust_engine     its three Rust scanners pass (needs Debian's rustc)
#   consumer/ + hostile/     built with ASan + UBSan: the out-of-bounds read and
#                            the shift by 64 fail their own tests as findings
#   consumer/ + a collision  the build stops naming the file
# usage: install_package_test.sh SRC BUILD WORK CXX
set -euo pipefail
src=$1 build=$2 work=$3 cxx=$4
export CMAKE_BUILD_PARALLEL_LEVEL=2  # generator: $CMAKE_GENERATOR (set by candidate_tests.cmake) or the default
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
show() { sed 's/^/    /' "$1" | tail -n "${2:-30}"; }

rm -rf "$work" && mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >"$work/install.log" 2>&1 || { show "$work/install.log"; exit 1; }
[ -f "$work/prefix/lib/cmake/scanproof/scanproofConfig.cmake" ] || { fail "no scanproofConfig.cmake installed"; exit 1; }

# project NAME SOURCE-DIR [cmake args...]: configure + build into $work/NAME.
project() {
  local name=$1 dir=$2
  shift 2
  cmake -S "$dir" -B "$work/$name" -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_PREFIX_PATH="$work/prefix" "$@" >"$work/$name.log" 2>&1 &&
    cmake --build "$work/$name" >>"$work/$name.log" 2>&1
}

# example NAME OP.CANDIDATE...: examples/NAME builds against the package and
# its conformance tests pass, among them each candidate's; sets names.
names=""
example() {
  local name=$1 c
  shift
  names=""
  if ! project "$name" "$src/examples/$name"; then
    fail "examples/$name did not build against the installed package"; show "$work/$name.log"; return 1
  fi
  ctest --test-dir "$work/$name" -L conformance --no-tests=error -j2 >"$work/$name-ctest.log" 2>&1 ||
    { fail "examples/$name: its conformance tests failed"; show "$work/$name-ctest.log"; }
  names=$(ctest --test-dir "$work/$name" -N -L conformance | sed -n 's/^ *Test *#[0-9]*: //p')
  for c in "$@"; do
    grep -q "^conformance\.$c\.single_bits$" <<<"$names" || fail "examples/$name: no test conformance.$c.single_bits"
  done
  echo "examples/$name: $(wc -l <<<"$names") conformance tests, all passed"
}

# 1. The example engine, as the README tells a user to build it.
if example engine lsb.engine_lsb msb.engine_msb popcount.engine_popcount lsb.engine_first_square \
    popcount32.engine_popcount32 popcount128.engine_shogi_popcount lsb128.engine_shogi_lsb \
    pop_lsb.engine_pop_lsb pop_lsb128.engine_shogi_pop; then
  others=$(grep -vc '\.engine_' <<<"$names" || true)
  [ "$others" = 0 ] || fail "examples/engine: $others tests of the catalogue registered (candidates only expected)"
fi
# 1a. The typed engine: an 8-byte board class, a Square class, enum and signed
# boards, a macro, a 128-bit board holding its high half first, a result read
# through its accessor; every one correct, so every test must pass.
example typed_engine lsb.typed_lsb msb.typed_msb lsb.typed_first_square pop_lsb.typed_pop_lowest \
  popcount.typed_count popcount.typed_piece_count ctz32.typed_lane_ctz lsb.typed_first_one \
  msb.typed_signed_msb lsb.typed_macro_lsb lsb128.typed_lsb128 msb128.typed_msb128 \
  pop_lsb128.typed_pop_lsb128 lsb.typed_lowest_cell popcount.typed_hardware_count || true
# 1b. The example Rust engine: its .rs scanners, registered by the generated C shim.
if [ -x /usr/bin/rustc ]; then
  example rust_engine lsb.rust_engine_lsb msb.rust_engine_msb popcount.rust_engine_popcount || true
else
  echo "examples/rust_engine: not checked: Debian's rustc is not installed (apt-get install rustc libstd-rust-dev)"
fi

# 1c. The C engine: C candidates through the package (scanproof/candidate.h).
example c_engine lsb.board_first_square popcount.board_count msb.board_last_square clz.board_leading_empty \
  pop_lsb.c_engine_poplsb lsb.c_engine_first_one || true

# 2. Hostile candidates under the sanitizers, through the package.
san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
if project hostile "$src/conformance/test/consumer" -DCANDIDATES="$src/conformance/test/hostile" \
    "-DCMAKE_CXX_FLAGS=$san" "-DCMAKE_EXE_LINKER_FLAGS=$san"; then
  set +e
  ctest --test-dir "$work/hostile" -R 'hostile_(out_of_bounds|undefined_shift|lsb_64)\.(known_answers|single_bits)$' \
    -j2 --output-on-failure >"$work/hostile-ctest.log" 2>&1
  status=$?
  set -e
  [ "$status" != 0 ] || fail "hostile candidates under the sanitizers: ctest passed"
  grep -q '6 tests failed out of 6' "$work/hostile-ctest.log" || fail "hostile: expected 6 of 6 to fail"
  grep -Eq 'index 64 out of bounds for type|global-buffer-overflow' "$work/hostile-ctest.log" ||
    fail "hostile_out_of_bounds: no sanitizer finding"
  grep -q 'runtime error: shift exponent 64 is too large' "$work/hostile-ctest.log" ||
    fail "hostile_undefined_shift: no sanitizer finding"
  grep -q 'smallest failing input: lsb(0x8000000000000000) expected 63, got 64' "$work/hostile-ctest.log" ||
    fail "hostile_lsb_64: no wrong-value report"
  [ "$failures" = 0 ] || show "$work/hostile-ctest.log" 60
  echo "hostile candidates through the package, sanitized: findings reported"
else
  fail "consumer with hostile/ did not build"; show "$work/hostile.log"
fi

# 3. The registry check runs in the consumer's build too.
bad="$src/conformance/test/bad_candidates/collides_with_catalogue.cpp"
if project collision "$src/conformance/test/consumer" -DCANDIDATES="$bad"; then
  fail "a candidate named like a catalogue entry built"
else
  grep -q "scanproof: error: $bad:5: a candidate and a catalogue entry are both named 'debruijn_walisch'" \
    "$work/collision.log" || { fail "collision: no error naming the file"; show "$work/collision.log"; }
  echo "collision with the catalogue: build stopped naming the file"
fi
[ "$failures" = 0 ] || { echo "$failures failure(s)"; exit 1; }
