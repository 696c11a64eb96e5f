// Hostile: code in the process changes what the registry says a candidate
// declared (issue 47, item 2). The judge takes each candidate's declaration
// from the driver's file (scanproof/declaration.h), where no code of the
// candidate runs, so each fails its own tests, naming the change.
#include <scanproof/candidate.hpp>

#include <cstdint>
#include <string_view>

// Wrong above square 47; narrows its declared domain to the 48 low squares.
static int hostile_narrows_domain(std::uint64_t b) {
  return (b & 0xFFFFFFFFFFFFull) != 0 ? __builtin_ctzll(b) : 7;
}
SCANPROOF_CANDIDATE(hostile_narrows_domain, scanproof::op::lsb);
// Wrong everywhere; says it is not built for this target.
static int hostile_claims_unbuilt(std::uint64_t b) { return 3 + 0 * static_cast<int>(b); }
SCANPROOF_CANDIDATE(hostile_claims_unbuilt, scanproof::op::lsb);
// Right, under another name than its source gives: its declared tests go missing.
static int hostile_renames(std::uint64_t b) { return __builtin_ctzll(b); }
SCANPROOF_CANDIDATE(hostile_renames, scanproof::op::lsb);

namespace scanproof {
[[gnu::weak]] const descriptor* find(std::string_view name);  // absent from the configure-time probe
}  // namespace scanproof

namespace {
scanproof::descriptor* registered(std::string_view name) {
  return const_cast<scanproof::descriptor*>(scanproof::find(name));  // NOLINT: the attack
}
const bool changed = [] {
  if (!&scanproof::find) return false;
  if (auto* d = registered("hostile_narrows_domain")) {
    d->sh.domain = scanproof::word{0xFFFFFFFFFFFFull, 0};
    d->sh.domain_declared = true;
  }
  if (auto* d = registered("hostile_claims_unbuilt")) {
    d->batch = nullptr;
    d->batch_values = nullptr;
    d->unavailable = "needs AVX10.2";
  }
  if (auto* d = registered("hostile_renames")) d->name = "hostile_renamed";
  return true;
}();
}  // namespace
