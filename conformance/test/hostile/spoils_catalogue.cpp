// Hostile: a right candidate whose start-up code swaps a catalogue entry's
// kernel (std_popcount) for a wrong one, so the entry would fail and take the
// blame (issue 47, item 3). In a build with candidates the catalogue's
// conformance tests run in conformance_catalogue_test, which links no
// candidate: std_popcount must still pass there.
#include <scanproof/candidate.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

static int hostile_spoiler_popcount(std::uint64_t b) { return __builtin_popcountll(b); }
SCANPROOF_CANDIDATE(hostile_spoiler_popcount, scanproof::op::popcount);

namespace scanproof {
[[gnu::weak]] const descriptor* find(std::string_view name);  // absent from the configure-time probe
}  // namespace scanproof

namespace {
void wrong_batch(const scanproof::word* in, std::int64_t* out, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) out[i] = __builtin_popcountll(in[i].lo) + (in[i].lo == 0x80 ? 1 : 0);
}
void wrong_values(const std::uint64_t* in, std::int64_t* out, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) out[i] = __builtin_popcountll(in[i]) + (in[i] == 0x80 ? 1 : 0);
}
const bool spoiled = [] {
  if (!&scanproof::find) return false;
  auto* d = const_cast<scanproof::descriptor*>(scanproof::find("std_popcount"));  // NOLINT: the attack
  if (d == nullptr) return false;
  d->batch = wrong_batch;
  d->batch_values = wrong_values;
  return true;
}();
}  // namespace
