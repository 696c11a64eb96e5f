// Named like the catalogue entry debruijn_walisch: test names would clash.
#include <scanproof/candidate.hpp>

static int debruijn_walisch(std::uint64_t b) { return __builtin_ctzll(b); }
SCANPROOF_CANDIDATE(debruijn_walisch, scanproof::op::lsb);
