#!/bin/bash -eu
# Builds the fuzz targets for ClusterFuzzLite/OSS-Fuzz into $OUT, honouring
# $CXX, $CXXFLAGS (sanitizers + coverage) and $LIB_FUZZING_ENGINE (link flags),
# with each target's dictionary, options (value profile on) and seed corpus
# (fuzz/corpus/<target>/ plus fuzz/regressions/). Run from the repository root.
# Locally, without docker:
#   LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=/tmp/cflite-out CXX=clang++ .clusterfuzzlite/build.sh
root=$PWD
[ -f "$root/fuzz/CMakeLists.txt" ] || { echo "build.sh: run from the scanproof repository root" >&2; exit 2; }
: "${OUT:?set OUT to the directory that receives the fuzzers}"
: "${LIB_FUZZING_ENGINE:?set LIB_FUZZING_ENGINE, e.g. -fsanitize=fuzzer}"
CXX=${CXX:-clang++}
# Outside OSS-Fuzz's image nobody sets the coverage flags: without them
# libFuzzer would run blind.
CXXFLAGS=${CXXFLAGS:--O1 -gline-tables-only -fno-omit-frame-pointer -fsanitize=address,undefined,fuzzer-no-link}
build=${WORK:-$(mktemp -d)}/scanproof-fuzz-build
targets=$(cat "$root/fuzz/targets.txt")  # the one list of fuzz targets

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=None \
  -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_CXX_FLAGS="$CXXFLAGS" \
  -DSCANPROOF_FUZZ=ON -DSCANPROOF_FUZZ_ENGINE="$LIB_FUZZING_ENGINE"
cmake --build "$build" --target fuzzers  # every target in fuzz/targets.txt

mkdir -p "$OUT"
for t in $targets; do
  cp "$build/fuzz/$t" "$OUT/$t"
  cp "$root/fuzz/scanproof.dict" "$OUT/$t.dict"
  # The same flags ci/fuzz uses: value profile (branch-free scanners give
  # little edge coverage to climb), inputs of at most 8 words.
  printf '[libfuzzer]\nuse_value_profile = 1\nmax_len = 64\n' >"$OUT/$t.options"
  rm -f "$OUT/${t}_seed_corpus.zip"
  zip -q -j "$OUT/${t}_seed_corpus.zip" "$root/fuzz/corpus/$t"/* "$root/fuzz/regressions"/*
done
echo "build.sh: $(echo "$targets" | paste -sd' ') in $OUT"
