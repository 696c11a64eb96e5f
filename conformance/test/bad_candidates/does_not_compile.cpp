// A syntax error: its candidate's test must fail with the compiler's message for this file.
#include <scanproof/candidate.hpp>

static int broken_lsb(std::uint64_t b) { return __builtin_ctzll(b) }
SCANPROOF_CANDIDATE(broken_lsb, scanproof::op::lsb);
