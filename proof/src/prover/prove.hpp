// Proves one implementation's contract on one target's IR.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ir/ir.hpp"
#include "scanproof/descriptor.hpp"

namespace scanproof::proof {

struct prove_options {
  double timeout_s = 60;     // per implementation: translation and every query
  unsigned loop_bound = 66;  // iterations of one loop followed on one path
  // Replay counterexamples through the implementation's descriptor batch. Only
  // meaningful when the IR is this process's target; otherwise `no_replay` says why.
  bool replay = true;
  std::string no_replay;
  // Replays a counterexample of an implementation whose code this process
  // does not hold (d.batch is null: a candidate read from its declaration,
  // main.cpp) in another process, as replay_one() does with the code: the
  // result, or nullopt with `why` ("replay died with signal..." if it did).
  std::function<std::optional<std::int64_t>(const descriptor& d, word argument, std::optional<word>& after,
                                            std::string& why)>
      replay_elsewhere;
};

enum class status { pass, fail, skip };

struct outcome {
  std::string name, op;
  std::string verdict;    // "proved", "counterexample", "not provable", "error" (a suite bug)
  bool expected = false;  // the catalogue expects a failure here (a proof is then an XPASS)
  std::string reason;
  // A counterexample: the board (square space, shape.hpp), how the
  // implementation sees it (render(): "{lo=0x..., hi=0x...}" for two halves)
  // and the argument as `scanproof eval --impl NAME` takes it (0x<hi><lo>
  // for 128-bit shapes; for 64 bits and narrower the same as `input_shown`).
  std::optional<word> input;
  std::string input_shown, input_argument;
  std::optional<std::int64_t> expected_value, got;
  // A pop op's board left behind (render_argument(): as the implementation
  // holds it): required, and as the IR leaves it. Empty for the other ops.
  std::string expected_after, got_after;
  std::string replay;
  double seconds = 0;
  // The engines that decided it ("bdd", "z3-sat", "z3-fpbv"; "bdd+z3-sat"
  // when the scopes or queries needed several); empty when nothing was decided.
  std::string engine;
  std::vector<std::string> details;  // one line per input scope
  status result = status::skip;
};

outcome prove(const descriptor& d, const ir_set& ir, const prove_options& o);

}  // namespace scanproof::proof
