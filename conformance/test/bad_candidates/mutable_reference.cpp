// expect: the function takes its board by non-const reference or pointer, so it is a pop scanner
// A scanner that may change its argument is not an lsb: it is a pop scanner.
#include <scanproof/candidate.hpp>

inline int clear_lsb(std::uint64_t& b) {
  const int s = __builtin_ctzll(b);
  b &= b - 1;
  return s;
}
SCANPROOF_CANDIDATE_NAMED(clearing_lsb, clear_lsb, scanproof::op::lsb);
