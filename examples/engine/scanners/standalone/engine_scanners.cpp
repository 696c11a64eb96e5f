// The engine's scanners as one self-contained candidate file, for ci/matrix,
// the reusable workflow (docs/ci.md) and -DSCANPROOF_CANDIDATES, which build
// each candidate file alone for every target with no engine library: this
// file names the engine's header directory, the define that engine_bits
// gives in the CMake example (ENGINE_SHOGI) and the engine's dialect itself,
// then registers what the CMake example's file registers. With no engine
// library to link, it includes the one engine source the scanners need (the
// shogi board's constructor, which the CMake example gets from engine_bits).
// scanproof: include ../../src
// scanproof: define ENGINE_SHOGI
// scanproof: std c++17
#include "../engine_scanners.cpp"
#include "bitboard.cpp"
