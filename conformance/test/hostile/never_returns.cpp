// Hangs on every input: ctest's TIMEOUT (SCANPROOF_TEST_TIMEOUT) must stop it.
#include <scanproof/candidate.hpp>

static int hostile_never_returns(std::uint64_t b) {
  volatile bool forever = true;  // volatile: an empty infinite loop would be UB
  while (forever) {
  }
  return static_cast<int>(b & 1);
}
SCANPROOF_CANDIDATE(hostile_never_returns, scanproof::op::lsb);
