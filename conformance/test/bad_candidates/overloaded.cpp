// expect: scanproof_name_one_function_static_cast_picks_an_overload__overloaded_lsb
// An overload set names no one function: the compiler's own error, on a
// constant whose name says what to do (static_cast<int (*)(std::uint64_t)>(lsb)).
#include <scanproof/candidate.hpp>

inline int lsb(std::uint64_t b) { return __builtin_ctzll(b); }
inline int lsb(std::uint32_t b) { return __builtin_ctz(b); }
SCANPROOF_CANDIDATE_NAMED(overloaded_lsb, lsb, scanproof::op::lsb);
