// Registers `duplicate_lsb`, already registered by duplicate_a.cpp.
#include <scanproof/candidate.hpp>

static int duplicate_lsb(std::uint64_t b) { return 63 - __builtin_clzll(b & -b); }
SCANPROOF_CANDIDATE(duplicate_lsb, scanproof::op::lsb);
