// The judge: a conformance test passes only on outputs the oracle agrees with,
// compared by a process that never loaded candidate code (docs/contracts.md,
// "The judge").
//
// Any secret handed to the process that runs a scanner (the launcher's nonce,
// the flight file's path) is readable by the scanner: a candidate file's static
// initialiser runs before main() and can read getenv() or /proc/self/environ,
// then write "done <nonce> 0" and _exit(0). So the record of completion is
// only a claim. The verdict rests on the scanner's outputs instead:
//
//  1. The driver (conformance_test), per check it ran, appends one line to
//     SCANPROOF_OUTPUTS_FILE (report_outputs(), supervise.hpp):
//       <impl> <check> <verdict> <inputs> <outputs>
//     <outputs> is the digest of what the implementation returned over the
//     check's inputs in order (output_digest(), checks.hpp), the zero result
//     for `zero`, the digest of the input sets' digests for
//     `expected_failure`, "-" for a skip.
//  2. At build time the driver lists, per check, what its descriptor declares
//     (judge_manifest(): op, shape, which verdicts the declaration allows, the
//     zero result it requires), and scanproof_oracle_table -- built from the
//     suite's core and this library only, no catalogue, no candidate file --
//     turns that into the expected table (oracle_table()):
//       <impl> <check> <allowed verdicts> <inputs> <the oracle's outputs>
//  3. cmake/scanproof-launch, after the process ended, passes a test only if
//     the process exited 0 (77: skipped) with the nonce's "done" record *and*
//     every check of the test has a line whose verdict the declaration allows
//     and whose outputs agree: `pass` with the oracle's digest and input
//     count, `xfail` with outputs that differ from it, `skip` only where the
//     declaration makes the check skip. A missing check, an unknown or
//     repeated one, or a claimed failure fails the test, named, blamed on the
//     implementation.
//
// What it trusts, and why: the build tree (launcher, table, this program);
// the canonical inputs and the oracle (the same code in both processes,
// unit-tested against <bit>); and the author's declaration: a candidate's
// from its record in the driver's file (declaration.h, declared_manifest()
// below), which no code in the process can change; a catalogue entry's as
// the build listed it (op, shape, zero contract, declared expectations, CPU
// requirements), shown by `scanproof list`. What it does not trust:
// anything the running process says about its outcome. A scanner can then
// pass only by returning the oracle's values; a declared expected failure
// (xfail) only by returning something else.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "scanproof/checks.hpp"
#include "scanproof/declaration.h"
#include "scanproof/descriptor.hpp"

namespace scanproof {

// The line report_outputs() is given for outcome `r` of `d` (no newline).
std::string outputs_claim(const descriptor& d, const check_outcome& r);

// One line per check of `d`: "<impl> <check> <allowed> <op> <width> <argument>
// <high_offset> <index_base> <domain lo> <domain hi> <domain declared>
// <zero result required or ->", each ending in a newline.
std::string judge_manifest(const descriptor& d);
// Asked for its manifest and its test listing in one run (each start of a
// driver under an emulator costs as much as a build step:
// cmake/scanproof-discover.cmake), a driver prints the manifest, this line,
// then GoogleTest's listing.
inline constexpr const char* manifest_end_line = "# scanproof: end of the judge manifest";
// What a manifest line says of `d` after its check and allowed verdicts:
// "<op> <width> <argument> <high_offset> <index_base> <domain lo> <domain hi>
// <domain declared> <zero result required or ->" (no newline). Another
// driver's lines (property_judge.hpp) carry the same, and may add one field.
std::string manifest_fields(const descriptor& d);

// One manifest line, read back.
struct manifest_line {
  std::string impl, check, allowed;
  op operation = op::lsb;
  shape sh;
  std::optional<std::int64_t> zero;  // the zero result required
  std::string extra;                 // a last field of another driver's line, or ""
};
std::optional<manifest_line> parse_manifest_line(const std::string& line);

// The oracle of a line whose check is not conformance's (the canonical
// property driver's: property_judge.hpp): its "<inputs> <outputs>", or
// nullopt, with `why` if it knows more than that the line is not its own.
using further_oracle = std::optional<std::pair<std::size_t, std::string>> (*)(const manifest_line& line,
                                                                              std::string& why);

// Reads judge_manifest() lines (and `further`'s) from `in` and writes the
// expected table to `out`. Returns 0, or 2 with a message on `err` naming a
// malformed line.
int oracle_table(std::istream& in, std::ostream& out, std::ostream& err, further_oracle further = nullptr);

// The candidates' declaration records (declaration.h) in a program's bytes
// (its file: ELF, PE or WebAssembly), each in the target's byte order as the
// record's byte_order field says; text that only looks like one is skipped.
std::vector<scanproof_declaration> declarations_in(std::string_view program);

// What the judge takes a candidate to declare: per record in `program`,
// "test <name> <test label prefix>" and its judge_manifest() lines, computed
// here from the file, where no candidate code runs (scanproof_oracle_table
// --declared-manifest; cmake/scanproof-discover.cmake compares them with what
// the running driver declares). Returns 0, or 2 with a message on `err` for a
// malformed record or two records of one name.
// `lines` gives, for one declared candidate, its "test" line and manifest
// lines (conformance_declared(), or another driver's).
std::string conformance_declared(const descriptor& d);
int declared_manifest(std::string_view program, std::ostream& out, std::ostream& err,
                      const std::function<std::string(const descriptor&)>& lines = conformance_declared);

}  // namespace scanproof
