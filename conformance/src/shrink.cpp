#include "scanproof/shrink.hpp"

namespace scanproof {

std::vector<std::uint64_t> board_shrinks(std::uint64_t b) {
  constexpr std::uint64_t one = 1;
  std::vector<std::uint64_t> v;
  for (int i = 63; i >= 0; --i)
    if ((b >> i & 1) && (b & ~(one << i))) v.push_back(b & ~(one << i));
  for (int i = 0; i < 64; ++i) {
    if (!(b >> i & 1)) continue;
    for (int j = 0; j < i; ++j)
      if (!(b >> j & 1)) v.push_back((b & ~(one << i)) | (one << j));
  }
  return v;
}

}  // namespace scanproof
