// The engine's scanners, registered with scanproof under their own names.
#include <scanproof/candidate.hpp>

#include "bits.hpp"

// Small wrappers so each candidate's name says whose scanner it is.
static int engine_lsb(engine::U64 b) { return engine::lsb(b); }
static int engine_msb(engine::U64 b) { return engine::msb(b); }
static int engine_popcount(engine::U64 b) { return engine::popcount(b); }

SCANPROOF_CANDIDATE(engine_lsb, scanproof::op::lsb);
SCANPROOF_CANDIDATE(engine_msb, scanproof::op::msb);
SCANPROOF_CANDIDATE(engine_popcount, scanproof::op::popcount);
