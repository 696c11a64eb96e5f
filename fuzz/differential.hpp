// The differential fuzz engine shared by the fuzz targets: the implementations
// of the target's ops that run on this CPU are grouped by shape (shape.hpp);
// each group decodes the fuzz data into its own boards (8 bytes per board up
// to 64 bits, 16 for 128, masked into the group's domain) and compares each
// implementation with the reference oracle on them, plus the identities the
// seeds rely on. A plain 64-bit scanner sees exactly the words it always did.
// A mismatch prints a report (with a line that writes the regression file)
// and aborts from a per-op function.
//
// A replay is judged as a conformance check is (judge.hpp): it passes on what
// each implementation was called with and returned, not on a record its own
// process writes. Each implementation's calls are digested (call_tally); the
// replay appends one line per implementation of the target's ops to
// SCANPROOF_OUTPUTS_FILE, "<impl> <target> pass|skip <calls> <digest>"; its
// judge manifest line (fuzz_manifest) says how the target compares it; and
// scanproof_oracle_table answers that line by running the same target over
// the same files with the oracle in the implementation's place (fuzz_oracle).
// A correct implementation is called with exactly the oracle's boards and
// returns what it returns; a wrong one aborts, so it never reports a line.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "scanproof/descriptor.hpp"
#include "scanproof/digest.hpp"
#include "scanproof/judge.hpp"
#include "scanproof/op.hpp"

namespace scanproof::fuzz {

// A fuzz target (fuzz/targets.txt names them, fuzz/<name>.cpp runs one): its
// name and the ops it compares, written once here for the target and the judge.
struct fuzz_target {
  std::string_view name;
  std::span<const op> ops;
};
// The target named `name`, or nullptr.
const fuzz_target* find_target(std::string_view name);

// How a target compares `d` here: the one decision the differential and the
// judge's manifest share. Not at all (it cannot run here, or an active XFAIL
// covers what it would be called with), its zero contract only (an active
// XFAIL covers its nonzero inputs), or every probe.
struct participation {
  enum class how : std::uint8_t { skip, zero_only, all };
  how h = how::all;
  std::optional<std::int64_t> on_zero;  // what it must return on 0; nullopt: not called with 0
  std::string why;                      // skip, zero_only: the reason printed
};
participation participation_of(const descriptor& d);

// What one implementation was called with and returned: per call, its
// argument, its result and (a pop op) the board it left, in call order.
struct call_tally {
  std::uint64_t calls = 0;
  value_digest digest;
  void add(word argument, std::int64_t result) {
    ++calls;
    digest.add(argument.lo);
    digest.add(argument.hi);
    digest.add(static_cast<std::uint64_t>(result));
  }
  void add(word argument, std::int64_t result, word after) {
    add(argument, result);
    digest.add(after.lo);
    digest.add(after.hi);
  }
};

// The judge's manifest line of `d` for target `t` (none if t has not d's op):
// "<impl> <target> <allowed> <manifest_fields> <how>:<zero result or ->",
// <allowed> "skip" or "pass".
std::string fuzz_manifest(const descriptor& d, const fuzz_target& t);
// The candidate's "test" line and fuzz_manifest() (declared_manifest(), judge.hpp).
std::string fuzz_declared(const descriptor& d, const fuzz_target& t);
// The oracle's "<calls> <digest>" for a fuzz_manifest() line, over the inputs
// `paths` name (input_files.hpp); nullopt for another driver's line, or with
// `why` if the line or the inputs are wrong.
std::optional<std::pair<std::size_t, std::string>> fuzz_oracle(const manifest_line& line,
                                                               const std::vector<std::string>& paths,
                                                               std::string& why);

// Fuzz data as 64-bit words, little-endian byte by byte (so a corpus gives the
// same words on big-endian targets); a trailing partial word is zero-extended.
// Decodes the first min(size, 8 * max_words) bytes; returns the word count.
std::size_t decode_words(const std::uint8_t* data, std::size_t size, std::uint64_t* out,
                         std::size_t max_words);

// Fuzz data as boards of a shape: 8 little-endian bytes per board up to 64
// bits (the low `width` bits kept), 16 for 128 (low half first); a trailing
// partial board is zero-extended; each board masked into sh.domain (square
// space: the 63-offset layout's squares, not its argument halves). Decodes
// the first min(size, bytes * max_boards) bytes; returns the board count.
std::size_t board_bytes(const shape& sh);
std::size_t decode_boards(const std::uint8_t* data, std::size_t size, const shape& sh, word* out,
                          std::size_t max_boards);

// The 8 little-endian bytes of b as a shell printf argument, in octal escapes.
std::string printf_bytes(std::uint64_t b);
// A board's bytes as decode_boards() reads them for its shape.
std::string printf_bytes(const shape& sh, word b);

// A comparison the targets make: an implementation of `checked`, called with
// derive(b), must return expect(b). The direct comparisons with the reference
// and the seeds' identities are all relations.
// Boards are in square space; `expect` gives the result in the
// implementation's numbering (expected_result(), shape.hpp).
struct relation {
  const char* text;
  op checked;
  word (*derive)(const shape& sh, word b);
  std::int64_t (*expect)(const shape& sh, word b);
  bool b_nonzero;  // b == 0 is outside this relation's domain
};

// One registered implementation as a fuzz target compares it.
struct participant {
  const descriptor* d = nullptr;
  bool nonzero = true;                 // false: an active XFAIL covers nonzero inputs
  std::optional<std::int64_t> on_zero; // what it must return on 0; nullopt: not called with 0
  std::string label;                   // "fuzz.<op_label>.<impl>": names it if the process ends in it
  bool oracle = false;                 // the oracle plays it: every call returns the expected value
  mutable call_tally tally;            // its calls, for the judge
};

class differential {
 public:
  // Plans the target once from scanproof::registry(): prints, for every
  // implementation it leaves out or compares only partly, why. Exits with
  // status 2 on a registry error or a bad SCANPROOF_FUZZ_SKIP.
  // With `candidates_only` (a build with candidates: SCANPROOF_CANDIDATES_ONLY,
  // impl/CMakeLists.txt) only the candidates are compared; the catalogue is
  // its twin program's, where no candidate code runs.
  // `target` must be a find_target() name.
  explicit differential(std::string_view target, bool candidates_only = false);

  // Runs every relation of the target's ops on the words of data; aborts on
  // the first mismatch.
  void run(const std::uint8_t* data, std::size_t size) const;

  // Its judge manifest (fuzz_manifest() of every implementation it planned).
  std::string manifest() const;
  // Appends its lines to SCANPROOF_OUTPUTS_FILE (report_outputs(), supervise.hpp).
  void report_outputs() const;

 private:
  void run_pops(const shape& sh, const participant& q, const word* args, const word* in,
                const word* from, const std::int64_t* want, const relation* const* why,
                std::size_t m) const;
  struct op_plan {
    op o;
    std::vector<participant> runs;
    std::vector<const relation*> relations;
  };
  // The participants of one shape: same width, layout, index base and domain.
  struct shape_group {
    shape sh;
    std::vector<op_plan> plans;  // one per op of the target, in its order
  };
  void run_boards(const shape& sh, const op_plan& p, const word* boards, std::size_t n) const;
  differential() = default;  // fuzz_oracle's
  friend std::optional<std::pair<std::size_t, std::string>> fuzz_oracle(const manifest_line&,
                                                                        const std::vector<std::string>&,
                                                                        std::string&);

  const fuzz_target* target_ = nullptr;
  std::vector<shape_group> groups_;       // the plain 64-bit group first
  std::vector<const descriptor*> skipped_;  // planned, not compared here
};

// The differentials this process made (a replay's target), for the replay's
// manifest and outputs (replay_main.cpp).
std::span<const differential* const> differentials();

// With `on` (the replay's main: its verdicts are judged), each implementation's
// probes start with every candidate's kernels as registered (restore_kernels,
// registry.hpp): a candidate whose kernel, called, swaps another's does not
// make the other fail. Off in a campaign, where it would cost every input.
void restore_kernels_before_each_implementation(bool on);

// True once a differential compared no implementation because its build's
// candidates have none of its ops: the replay is then a skip, saying so
// (replay_main.cpp), not a pass of the reference alone.
bool nothing_to_compare();

}  // namespace scanproof::fuzz
