// expect: SCANPROOF_CANDIDATE: this function returns bool; a scanner returns a count or an index
// A predicate registered as a popcount: bool is refused as bool, not as "not an integer".
#include <scanproof/candidate.hpp>

namespace eng {
inline bool any(std::uint64_t b) { return b != 0; }
}  // namespace eng
SCANPROOF_CANDIDATE_NAMED(eng_any, eng::any, scanproof::op::popcount);
