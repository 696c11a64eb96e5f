// expect: scanproof_candidate_name_is_one_identifier_qualified_functions_use_SCANPROOF_CANDIDATE_NAMED__eng
// The short form names the candidate after the function, so the function must
// be one identifier; a qualified one goes to SCANPROOF_CANDIDATE_NAMED(name, eng::lsb, op).
#include <scanproof/candidate.hpp>

namespace eng {
inline int lsb(std::uint64_t b) { return __builtin_ctzll(b); }
}  // namespace eng
SCANPROOF_CANDIDATE(eng::lsb, scanproof::op::lsb);
