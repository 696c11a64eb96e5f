// Registers `duplicate_lsb`; duplicate_b.cpp registers the same name.
#include <scanproof/candidate.hpp>

static int duplicate_lsb(std::uint64_t b) { return __builtin_ctzll(b); }
SCANPROOF_CANDIDATE(duplicate_lsb, scanproof::op::lsb);
