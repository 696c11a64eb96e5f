// expect: SCANPROOF_CANDIDATE: this function.s result is not an integer, an enumeration or a class holding one; name how to read it: .result = scanproof::result_by<&Square::value>
// A 3-byte result with no conversion: the suite cannot tell which bytes are
// the index, and says how to name the accessor.
#include <scanproof/candidate.hpp>

struct cell {
  std::uint8_t file, rank, flags;
};
inline cell lowest_cell(std::uint64_t b) {
  const int i = __builtin_ctzll(b);
  return cell{static_cast<std::uint8_t>(i % 8), static_cast<std::uint8_t>(i / 8), 0};
}
SCANPROOF_CANDIDATE(lowest_cell, scanproof::op::lsb);
