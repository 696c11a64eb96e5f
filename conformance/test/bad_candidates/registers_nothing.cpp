// Defines a scanner but forgets SCANPROOF_CANDIDATE: the build must say so.
#include <scanproof/candidate.hpp>

int forgotten_lsb(std::uint64_t b) { return __builtin_ctzll(b); }
