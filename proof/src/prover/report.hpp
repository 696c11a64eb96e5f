// How `scanproof prove` shows its outcomes: text lines and the JSON the
// matrix report reads (<out>/results/<target>.proof.json, docs/proof.md).
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

#include "ir/ir.hpp"
#include "prover/prove.hpp"

namespace scanproof::proof {

void print_text(std::ostream& os, const outcome& r);
void print_json(std::ostream& os, const ir_set& ir, const std::vector<outcome>& all);

// The last line of every run: ctest's PASS/SKIP regular expressions match it,
// so a test passes only if the prover ran to its end (proof/CMakeLists.txt).
void print_completion(std::ostream& os, const std::vector<outcome>& all, status overall);

status overall(const std::vector<outcome>& all);

// An outcome as text and back: how a proof run in a child process of its own
// (`scanproof prove --jobs`) reaches the parent. A JSON object of every
// field; text that is not one gives an "error" outcome saying so.
std::string to_record(const outcome& r);
outcome from_record(const std::string& text);

}  // namespace scanproof::proof
