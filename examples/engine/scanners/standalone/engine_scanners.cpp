// The engine's scanners as one self-contained candidate file, for ci/matrix
// and the reusable workflow (docs/ci.md): they build each candidate file
// alone for every target, with no engine library to link, so the engine's
// own bits.cpp is compiled in here. (scanners/engine_scanners.cpp is the
// CMake example's, linked with the engine's library instead.)
#include <scanproof/candidate.hpp>

#include "../../src/bits.cpp"

static int engine_lsb(engine::U64 b) { return engine::lsb(b); }
static int engine_msb(engine::U64 b) { return engine::msb(b); }
static int engine_popcount(engine::U64 b) { return engine::popcount(b); }

SCANPROOF_CANDIDATE(engine_lsb, scanproof::op::lsb);
SCANPROOF_CANDIDATE(engine_msb, scanproof::op::msb);
SCANPROOF_CANDIDATE(engine_popcount, scanproof::op::popcount);
