// What both property drivers share: bit-clearing shrinks, the deterministic
// sweep over the canonical inputs, the judgement against the descriptor's
// expectations, and the one failure format both drivers print.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "scanproof/checks.hpp"
#include "scanproof/properties.hpp"
#include "scanproof/shrink.hpp"

namespace scanproof {

// The drivers' names: the last part of a test's name (<op>.<impl>.canonical,
// <op>.<impl>.<property>.rapidcheck) and the check its judge's line names.
inline constexpr std::string_view canonical_check = "canonical";
inline constexpr std::string_view rapidcheck_check = "rapidcheck";

// How a driver's tests are cut.
enum class test_per : std::uint8_t {
  // <op>.<impl>.<property>.<driver>: RapidCheck, whose process starts in
  // milliseconds.
  property,
  // <op>.<impl>.<driver>, every property of the implementation inside, each
  // failure reported on its own: the deterministic driver, whose sample of the
  // canonical inputs costs more to build than to check (and ~30x more under
  // qemu), so it is built once per implementation, not once per property.
  implementation,
};

struct property_failure {
  property_args x;
  std::string observed;  // the predicate's text for x
};

// Does p check implementations of d's op?
inline bool applies(const property& p, const descriptor& d) { return p.ops.contains(d.operation); }

// board_shrinks() (shrink.hpp): both drivers shrink boards with exactly that sequence.
// Towards 0: 0, k / 2, k - 1.
std::vector<int> index_shrinks(int k);

// Runs p on x; a logic_error from the property itself propagates.
std::optional<std::string> evaluate(const property& p, const scanners& s, const property_args& x);

// The smaller neighbours of x over the arguments p reads, inside `space`
// (space_of(), properties.hpp): b's board_shrinks, (b >> 1, k + 1) when p
// reads both, then a's board_shrinks, then k's index_shrinks. The one shrink
// sequence of both drivers (RapidCheck gets it through property_inputs(), see
// bitboard_gen.hpp).
std::vector<property_args> arg_shrinks(const property& p, const arg_space& space,
                                       const property_args& x);

// shrink_greedy() (shrink.hpp) over arg_shrinks.
property_failure shrink(const property& p, const scanners& s, property_failure f);

// The deterministic driver: up to `cases` boards sampled evenly from every
// canonical input set of d's width (scanproof::input_sets()), masked into p's
// space for d, each paired with a second board and an index from a
// fixed-seed xoshiro256**. The first failure, shrunk. (Call it only when
// space_of(p, d) has no skip.) `s` plays d = s.under_test(): the
// implementation, or its oracle (scanners::oracle_for) when the judge
// computes what a correct one is called with and returns.
struct sweep_result {
  std::size_t cases = 0;    // how many inputs were run
  std::size_t planned = 0;  // how many the sample holds: all of them, unless one failed
  std::optional<property_failure> failure;
};
sweep_result sweep_canonical(const property& p, const scanners& s, std::size_t cases);
// The samples sweep_canonical() takes for every property of d it sweeps, made
// now and kept in this process (a batch process, before it forks: its
// children then find them made; the suite's code only, no scanner runs). A
// sample of a domain narrower than the width reads the whole set (its masked
// boards are counted first): about 1 s per implementation under qemu-m68k,
// once per domain this way instead of once per implementation.
void prepare_canonical(const descriptor& d, std::size_t cases);

// "lsb.debruijn_walisch.serialization.canonical" (the ctest name without
// "properties."); the op as op_label() spells it ("lsb128", "popcount32").
std::string test_name(const property& p, const descriptor& d, std::string_view driver);
// "lsb.debruijn_walisch.canonical": one test for all of d's properties.
std::string implementation_test_name(const descriptor& d, std::string_view driver);

// "b=0x..., k=3": the arguments p reads, boards as render() shows them for
// the shape (a plain 64-bit word when none is given).
std::string describe_args(const property& p, const shape& sh, const property_args& x);
std::string describe_args(const property& p, const property_args& x);

// The failure format both drivers print: property, implementation, shrunk
// input in hex, what was observed, and the line that reproduces it.
std::string failure_report(const property& p, const descriptor& d, const property_failure& f,
                           std::string_view reproduce);

struct property_outcome {
  property_outcome() = default;
  property_outcome(verdict verdict_, std::string message_) : v(verdict_), message(std::move(message_)) {}
  verdict v = verdict::pass;
  std::string message;
  // The deterministic driver's: the inputs its sample holds and every call
  // of the implementation, for the judge (property_judge.hpp).
  std::size_t planned = 0;
  call_log calls;
};

// An engine of a driver: p checked with s (s.under_test() is the
// implementation, or the oracle playing it: scanners::oracle_for) on a budget
// of `cases`, judged, with `planned` set. The judge runs the same engine
// (property_judge.hpp). Call it only where skip_reason(p, d) is nullopt.
using property_engine = property_outcome (*)(const property& p, const scanners& s, std::size_t cases);

// engine(p, d) with every call of d's implementation logged into the
// outcome's `calls`, or skip_reason(p, d).
property_outcome run_logged(property_engine engine, const property& p, const descriptor& d, std::size_t cases);

// The deterministic driver's engine: sweep_canonical() judged, with the
// ctest line that reproduces it (the inputs are fixed).
property_outcome run_canonical(const property& p, const scanners& s, std::size_t cases);
property_outcome run_canonical(const property& p, const descriptor& d, std::size_t cases);

// "ctest -R '^properties\.lsb\.mod67\.canonical$' --output-on-failure" for
// the ctest test `properties.<test>`.
std::string ctest_rerun(std::string_view test);

// Skip (with the reason) what cannot run here or cannot be checked inside the
// entry's declared domain (space_of()); a failure of an entry with an
// active nonzero expectation is XFAIL (the conformance expected_failure check
// owns XPASS); otherwise fail or pass.
std::optional<property_outcome> skip_reason(const property& p, const descriptor& d);
property_outcome judge(const property& p, const descriptor& d,
                       const std::optional<property_failure>& f, std::string_view reproduce,
                       std::string_view ran);

}  // namespace scanproof
