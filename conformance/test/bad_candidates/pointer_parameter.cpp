// expect: SCANPROOF_CANDIDATE: this function takes a pointer
#include <scanproof/candidate.hpp>

inline int lsb_at(const std::uint64_t* b) { return __builtin_ctzll(*b); }
SCANPROOF_CANDIDATE_NAMED(pointer_lsb, lsb_at, scanproof::op::lsb);
