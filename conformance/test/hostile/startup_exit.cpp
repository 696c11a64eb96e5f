// A correct table popcount whose static initialiser ends the process with
// status 0 before main(). It must not hide anything: the configure-time probe
// (cmake/ScanproofCandidates.cmake) keeps this file out of the drivers, its
// candidate gets a failing conformance.popcount.hostile_startup_exit.starts_up
// test naming the file, and every other candidate and the catalogue still run.
#include <scanproof/candidate.hpp>

#include <array>
#include <cstdlib>

static const std::array<unsigned char, 256> byte_counts = [] {
  std::array<unsigned char, 256> t{};
  for (int i = 1; i < 256; ++i) t[i] = static_cast<unsigned char>((i & 1) + t[i / 2]);
  std::exit(0);  // "done initialising"
  return t;
}();

static int hostile_startup_exit(std::uint64_t b) {
  int n = 0;
  for (int i = 0; i < 8; ++i) n += byte_counts[(b >> (8 * i)) & 0xff];
  return n;
}
SCANPROOF_CANDIDATE(hostile_startup_exit, scanproof::op::popcount);
