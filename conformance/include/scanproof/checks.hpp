// The conformance checks, shared by the GoogleTest driver and `scanproof check`.
// A check runs one input family through one implementation's batch function,
// compares with the reference oracle, and is then judged against the
// descriptor's zero contract, requirements and expectations.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "scanproof/descriptor.hpp"
#include "scanproof/zero_policy.hpp"

namespace scanproof {

struct mismatch {
  word input;  // the board (shape.hpp's squares); render() shows it as the implementation takes it
  std::int64_t expected = 0;
  std::int64_t got = 0;
  std::uint64_t position = 0;  // 1-based place of the failing call in the check's inputs (0: shrunk)
  // Replayed alone before it is reported (replay()): does it fail again?
  bool reproduced = true;
  std::int64_t replay_got = 0;  // what the replay returned
  // Pop ops (op.hpp: pops()): the board left behind, as the implementation
  // takes it (argument space), by the oracle and by the implementation, and
  // by the replay. A pop mismatch is a wrong index or a wrong board left.
  std::optional<word> expected_after{}, got_after{}, replay_after{};
};

// What running the inputs showed, before any judgement.
struct observation {
  std::size_t inputs = 0;
  std::size_t failures = 0;
  std::optional<mismatch> smallest;     // fewest set bits, then smallest value, after shrinking
  std::optional<mismatch> first;        // first failure in input order
  std::optional<std::int64_t> zero_result;  // for the zero check
  // value_digest (digest.hpp) over the results of an input-set sweep (each
  // result as int64; a pop op's board left behind follows each index, low
  // half first), in input order: part of the implementation's output digest.
  std::optional<std::uint64_t> digest;
  // Time inside the implementation's batch during the sweep (the rest of a
  // check's seconds is the harness's): ci/bench-matrix reports both per input.
  double scanner_seconds = 0;
};

enum class verdict : std::uint8_t { pass, fail, xfail, xpass, skip };
std::string_view name(verdict v);
// pass, xfail and skip leave the suite green; fail and xpass turn it red.
constexpr bool is_failure(verdict v) { return v == verdict::fail || v == verdict::xpass; }

struct check_outcome {
  std::string check;
  verdict v = verdict::pass;
  observation seen;
  std::string message;  // one or more lines: what was observed and why it is judged so
  double seconds = 0;
};

// Check names in canonical order: "known_answers", every input set name,
// "zero", and "expected_failure" for entries that declare expectations.
std::vector<std::string> check_names(const descriptor& d);

// Runs one check. The implementation runs from the default process state
// (isolation.hpp), and what is in flight is recorded (supervise.hpp).
check_outcome run_check(const descriptor& d, std::string_view check);

// Calls the scanner on m.input alone and records whether it fails again. Every
// counterexample is replayed before it is shown: a stateful or
// nondeterministic scanner's failure is then reported as not reproducing.
mismatch replay(const descriptor& d, mismatch m);

// The summary of one implementation's run -- the one place a run is
// summarised; `scanproof check`, the per-implementation conformance test
// (SCANPROOF_RESULTS_DIR) and the matrix report read it.
struct impl_summary {
  const descriptor* d = nullptr;
  verdict overall = verdict::pass;
  std::vector<check_outcome> checks;
  std::optional<std::int64_t> zero_result;
  // Outputs over every nonzero canonical input, from the sweeps themselves:
  // value_digest (digest.hpp) of the sets' digests in check order. Equal
  // digests mean equal values on every input (null when not run).
  std::optional<std::uint64_t> digest;
  std::optional<mismatch> counterexample;  // of the check that decided `overall`
  std::string headline;  // one line: the counterexample, or why it is skipped / expected to fail
  std::vector<std::string> expected_failures_observed;  // scopes: "nonzero", "zero"
  double seconds = 0;
  // False when the process running it ended before every check finished
  // (ended_early()): the verdict is then `fail`, and headline says how.
  bool ran_to_end = true;
};

// The summary of a run that ended the process (see supervise.hpp).
impl_summary ended_early(const descriptor& d, std::string why);

// Every check of `d`, each input set swept once (expected_failure is judged
// from those sweeps).
impl_summary run_implementation(const descriptor& d);

// {"name": ..., "op": ..., "verdict": ..., ...}: docs/contracts.md, "Results",
// in the suite's JSON style (one line; written with nlohmann-json, which this
// header does not expose).
std::string to_json(const impl_summary& s);
// {"arch": ..., "compiler": ..., "data model" ...}: the facts of the running target.
std::string target_json();

// The digest of a check's outputs, in input order: what compare() folds while
// it sweeps (observation::digest), as one call for the judge (judge.hpp), so
// both always use the same function.
std::uint64_t output_digest(std::span<const std::int64_t> outputs);
// The digest of several digests in order (an implementation's sweeps, the
// expected_failure check's): run_implementation()'s fold, as one call.
std::uint64_t digest_of_digests(std::span<const std::uint64_t> digests);

// What the oracle says a check of (o, sh) outputs, in the order the check
// runs its inputs: the hand-checked answers for known_answers, the oracle's
// results for an input set (a pop op's: each index followed by the board it
// leaves, lo and hi, as compare_pop() digests them); nullopt for the other checks. Needs no
// implementation: the judge (judge.hpp) computes it in a process that never
// loaded candidate code.
std::optional<std::vector<std::int64_t>> oracle_outputs(op o, const shape& sh, std::string_view check);
// The same check's input count and output_digest(), streamed chunk by chunk
// (the judge's table: no set held whole). Equal to oracle_outputs()'s digest
// (unit.judge).
struct oracle_summary {
  std::size_t inputs = 0;
  std::uint64_t digest = 0;
};
std::optional<oracle_summary> oracle_digest(op o, const shape& sh, std::string_view check);

// The boards of a check of `d` in the order it runs them (known_answers or an
// input set, inside d's domain), empty for the others: lets a supervisor re-run
// a chunk one input at a time.
std::vector<word> check_inputs(const descriptor& d, std::string_view check);

// Why `d` cannot run here (not built for this target, or the CPU lacks an
// instruction it would trap on), or nullopt. Every driver skips with this reason.
std::optional<std::string> unrunnable(const descriptor& d);
// A candidate built with a `// scanproof: option` flag whose instructions this
// CPU lacks (-msse4.2 on x86_64-core2): the engine built so runs SIGILL here,
// which is the candidate's finding, named after the flag. Every check fails
// with this message (and runs nothing); nullopt otherwise.
std::optional<std::string> built_beyond_cpu(const descriptor& d);

// The expectation of `d` on scope `s` that holds on the running target, if any.
const expectation* active_expectation(const descriptor& d, scope s);

}  // namespace scanproof
