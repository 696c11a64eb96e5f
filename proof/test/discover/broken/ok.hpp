// discover's incomplete run: this header's scanner is found, while broken.cpp
// does not compile, so the run is incomplete (exit 3), never a clean 0.
#pragma once
#include <cstdint>
inline int ok_lsb(std::uint64_t b) { return __builtin_ctzll(b); }
