// A deliberately broken scanner, the fixture that shows the fuzzer finds what
// it should. Never part of the default registry: built only into the fixture
// target below and by `ci/fuzz --candidates fuzz/test/broken_candidate.cpp`.
//
// It scans byte by byte and, in bytes 5 and 6 (bits 40..55), takes a byte
// with more than one bit set from the wrong end. No word of the seed corpus
// (single bits, complements, 0, ~0, the edges) has its lowest set byte there
// with two bits set, so the fuzzer has to mutate to find it, e.g.
// lsb(0x0000300000000000) = 45 instead of 44.
#include <bit>
#include <cstdint>

#include <scanproof/candidate.hpp>

static int broken_lsb(std::uint64_t b) {
  int byte = 0;
  while (((b >> (8 * byte)) & 0xFFu) == 0) ++byte;
  const unsigned v = (b >> (8 * byte)) & 0xFFu;
  if ((byte == 5 || byte == 6) && (v & (v - 1)) != 0) return 8 * byte + std::bit_width(v) - 1;  // the bug
  return 8 * byte + std::countr_zero(v);
}
SCANPROOF_CANDIDATE(broken_lsb, scanproof::op::lsb);
