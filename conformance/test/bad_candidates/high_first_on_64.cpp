// expect: SCANPROOF_CANDIDATE: .halves = high_first is for a 128-bit board in two halves
// A half order declared for a board that has no halves: refused, not ignored.
#include <scanproof/candidate.hpp>

inline int lsb64(std::uint64_t b) { return __builtin_ctzll(b); }
SCANPROOF_CANDIDATE(lsb64, scanproof::op::lsb, .halves = scanproof::high_first);
