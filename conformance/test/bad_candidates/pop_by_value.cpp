// A by-value scanner registered as a pop op: it cannot clear anything in the
// caller's board. candidate.hpp's static_assert must say what a pop scanner takes.
#include <scanproof/candidate.hpp>

static int pop_by_value(std::uint64_t b) { return __builtin_ctzll(b); }
SCANPROOF_CANDIDATE(pop_by_value, scanproof::op::pop_lsb);
