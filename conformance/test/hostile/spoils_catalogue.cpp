// Hostile: a right candidate whose start-up code swaps a catalogue entry's
// kernel (std_popcount) and another candidate's (hostile_c_popcount_ul, of
// c_scanners.c, registered before it: link order) for a wrong one, so they
// would fail and take the blame (issue 47, item 3). In a build with
// candidates the catalogue's conformance tests run in
// conformance_catalogue_test, which links no candidate: std_popcount must
// still pass there; every driver puts a candidate's registered kernels back
// before its work (restore_kernels, registry.hpp): hostile_c_popcount_ul must
// pass, with the driver's warning naming it.
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
void wrong_batch(const scanproof::word* in, std::int64_t* out, scanproof::word*, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) out[i] = __builtin_popcountll(in[i].lo) + (in[i].lo == 0x80 ? 1 : 0);
}
void wrong_values(const std::uint64_t* in, std::int64_t* out, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) out[i] = __builtin_popcountll(in[i]) + (in[i] == 0x80 ? 1 : 0);
}
const bool spoiled = [] {
  if (!&scanproof::find) return false;
  bool any = false;
  for (const char* victim : {"std_popcount", "hostile_c_popcount_ul"}) {
    auto* d = const_cast<scanproof::descriptor*>(scanproof::find(victim));  // NOLINT: the attack
    if (d == nullptr) continue;
    d->batch = wrong_batch;
    d->batch_values = wrong_values;
    any = true;
  }
  return any;
}();
}  // namespace
