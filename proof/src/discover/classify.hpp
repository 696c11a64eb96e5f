// What a found function computes: it is run on probe boards through the
// prover's own meaning of the IR (translate.hpp: the formula the proof
// decides, evaluated at each probe), and the results are matched against
// each op's oracle (shape.hpp: oracle_result, oracle_after) across widths,
// index bases, two-half layouts (offset 63/64, either half first), domains
// (every square, 120, 90, 81) and the result at zero.
#pragma once
#include <llvm/IR/Module.h>

#include <string>

#include "discover/functions.hpp"
#include "scanproof/descriptor.hpp"

namespace scanproof::discover {

struct classification {
  enum class kind {
    classified,  // every probe matched `operation` on `sh`
    unmatched,   // no op matched: `reason` names the nearest and the probe that ruled it out
    not_run,     // the IR could not be run (`reason`: what the prover does not model)
  } k = kind::not_run;
  op operation = op::lsb;
  shape sh;
  zero_spec zero;
  std::string zero_text;  // "64", "undefined: <what happens at 0>", "0"
  std::string reason;
  int probes = 0;         // probe boards evaluated
  int matched = 0;        // unmatched: the probes the nearest op matched before one ruled it out
  std::string wrapper;    // the classified form's function (SCANPROOF_PROOF_SYMBOL's form), in its module
};

// Classifies f (its IR in m). Adds the functions it runs to m: the chosen
// one is `wrapper_name`; prove() finds it as scanproof_scalar__<name>.
// ctz/clz are told from lsb/msb with the same result at zero by what the
// engine calls them. `ir`: where a table filled at start-up is read.
classification classify(const proof::ir_set& ir, llvm::Module& m, const found_function& f,
                        const std::string& wrapper_name, double timeout_s);

}  // namespace scanproof::discover
