#include "ok.hpp"
// Does not compile: its functions cannot be searched.
int broken_lsb(std::uint64_t b) { return __builtin_ctzll(b) }
