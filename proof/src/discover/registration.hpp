// What `scanproof discover` writes: the candidate file (one registration per
// classified function, in the engine's language, with its `// scanproof:`
// lines, so `ci/matrix --candidates <file>` checks it unchanged), and the
// table the terminal and discover.json show.
#pragma once
#include <string>
#include <vector>

#include "discover/classify.hpp"
#include "discover/functions.hpp"
#include "prover/prove.hpp"
#include "discover/units.hpp"

namespace scanproof::discover {

struct discovered {
  found_function f;
  classification c;
  proof::outcome proof;     // when classified
  std::string name;         // the candidate's name
  std::string registration;  // the line written, or "" with `unregistrable` saying why
  std::string unregistrable;
  std::string header;        // the file the registration includes (absolute), "" for none
  // The source files the registration needs (its definition, the board's
  // members, and what they call from other units), included in this order.
  std::vector<std::string> definitions;
};

// Fills each classified entry's name, registration and header. `root`: the
// tree; `out_dir`: where the files go (include directives are relative to it).
// `out_of_line`: functions.hpp's classes with members defined in source files.
// `symbols`: what each unit defines and needs, to include a source file
// only where it links on its own.
void plan_registrations(std::vector<discovered>& all, const std::string& root,
                        const std::map<std::string, std::string>& out_of_line,
                        const std::vector<unit_symbols>& symbols);

// The candidate file of one language ("C++" or "C"): "" when it has no
// entry. `needing_library`: the file of the scanners whose definitions link
// only with the engine's library (for scanproof_add_candidates(... LIBRARIES)).
std::string candidate_file(const std::vector<discovered>& all, const std::string& language,
                           const std::vector<unit>& units, const std::string& root, const std::string& out_dir,
                           bool needing_library);

// A Rust crate's candidate crate: its src/lib.rs (the declarations) and, in
// `cargo_toml`, its manifest depending on the engine's crate by path. ""
// when no Rust function is registered.
std::string rust_candidate_crate(const std::vector<discovered>& all, const std::vector<unit>& units,
                                 std::string& cargo_toml);

// "function  file:line  op  shape  zero  proof" rows.
std::string table(const std::vector<discovered>& all, const std::string& root);

// discover.json: one item per function whose signature could be a scanner.
std::string json_report(const std::vector<discovered>& all, const std::string& root, const std::string& how);

}  // namespace scanproof::discover
