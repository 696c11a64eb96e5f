// The engine's bit scanners (bits.cpp), the ones scanners/ hands to scanproof.
#pragma once
#include <cstdint>

namespace engine {
using U64 = unsigned long long;  // engines' usual bitboard type

int lsb(U64 b);       // index of the least significant 1 bit; b != 0
int msb(U64 b);       // index of the most significant 1 bit; b != 0
int popcount(U64 b);  // number of 1 bits
}  // namespace engine
