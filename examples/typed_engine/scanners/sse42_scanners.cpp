// The typed engine's hardware popcount, built as the engine builds it: with
// -msse4.2 on x86-64 and nowhere else (the option line), so the suite checks
// the code the engine ships. On an x86-64 CPU without SSE4.2 (x86_64-core2)
// the engine built so would run SIGILL: that is this candidate's finding there,
// named after the option ("built with -msse4.2 ... runs SIGILL").
// scanproof: include ../src
// scanproof: std c++17
// scanproof: option x86_64 -msse4.2
#include <scanproof/candidate.hpp>

#include "typed_board.hpp"

SCANPROOF_CANDIDATE_NAMED(typed_hardware_count, typed::hardware_count, scanproof::op::popcount);
