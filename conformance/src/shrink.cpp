#include "scanproof/shrink.hpp"

namespace scanproof {

std::vector<word> board_shrinks(word b, word domain) {
  std::vector<word> v;
  for (int i = 127; i >= 0; --i)
    if (b.test(i) && (b & ~word::bit(i))) v.push_back(b & ~word::bit(i));
  for (int i = 0; i < 128; ++i) {
    if (!b.test(i)) continue;
    for (int j = 0; j < i; ++j)
      if (!b.test(j) && domain.test(j)) v.push_back((b & ~word::bit(i)) | word::bit(j));
  }
  return v;
}

std::vector<std::uint64_t> board_shrinks(std::uint64_t b) {
  std::vector<std::uint64_t> v;
  for (const word& w : board_shrinks(word{b}, word::ones(64))) v.push_back(w.lo);
  return v;
}

}  // namespace scanproof
