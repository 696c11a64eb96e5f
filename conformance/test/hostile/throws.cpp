// Throws on odd inputs: gtest reports the exception, only this test fails.
#include <stdexcept>

#include <scanproof/candidate.hpp>

static int hostile_throws(std::uint64_t b) {
  if (b & 1) throw std::runtime_error("hostile_throws: odd input");
  return __builtin_ctzll(b);
}
SCANPROOF_CANDIDATE(hostile_throws, scanproof::op::lsb);
