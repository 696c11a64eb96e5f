// Prints the squares of a bitboard, lowest first, and how many there are.
#include <cstdio>
#include <cstdlib>

#include "bitboard.hpp"

int main(int argc, char** argv) {
  const engine::Bitboard b = argc > 1 ? std::strtoull(argv[1], nullptr, 0) : 0x8100000000000081ULL;
  std::printf("%d squares:", engine::popcount(b));
  for (engine::Bitboard rest = b; rest; rest &= rest - 1) std::printf(" %d", engine::lsb(rest));
  if (b) std::printf(" (highest %d)", engine::msb(b));
  std::printf("\n");
  return 0;
}
