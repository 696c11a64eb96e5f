// The one registry. Catalogue entries and user candidates register here at
// static-initialisation time; everything else iterates it.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "scanproof/batch.hpp"
#include "scanproof/candidate_manifest.hpp"  // the build lists every candidate file there
#include "scanproof/declaration.h"
#include "scanproof/descriptor.hpp"

namespace scanproof {

#if __cplusplus >= 202002L  // the drivers' view; a C++17 candidate file only registers
// Registration-order-independent view: sorted by (op, name).
std::span<const descriptor> registry();
#endif
const descriptor* find(std::string_view name);
// Problems found while registering (duplicate names, bad identifiers, a
// candidate file that registers nothing). Every driver refuses to run while
// this is non-empty. Call it only after static initialisation (from main).
const std::vector<std::string>& registry_errors();
// Prints registry_errors() to stderr and returns false if there are any.
bool registry_ok();

// A two-half layout and a declared domain (shape.hpp); the width and how the
// value is passed come from the function's own parameters.
//   SCANPROOF_CANDIDATE(my_lsb, scanproof::op::lsb, .high_offset = 63, .index_base = 1);
//   SCANPROOF_CANDIDATE(draughts_lsb, scanproof::op::lsb, .domain = scanproof::word{0x7DF3EF9F7CFBE7DF});
struct layout_options {
  int high_offset = 64;
  int index_base = 0;
  std::optional<word> domain{};
  // The width of an entry this target cannot build (SCANPROOF_UNAVAILABLE), so
  // its name and cell are the same on every target; a built entry's width is
  // its function's, and a different one declared here is an error.
  int width = 0;
};

// The note of a zero contract a candidate declares (candidate.hpp, candidate.h).
inline constexpr const char* candidate_zero_note = "declared by the candidate";

// What a catalogue entry says about itself besides its function.
struct entry_info {
  zero_spec zero{};
  std::vector<requirement> requires_cpu{};
  std::vector<expectation> expected{};
  const char* needs = "";
  const char* provenance = "";
  layout_options layout{};
  const char* same_listing = "";  // descriptor::same_listing
};

namespace detail {
int register_entry(const char* name, op o, kernels k, const char* file, entry_info info);
int register_unavailable(const char* name, op o, const char* why, const char* file,
                         entry_info info);
// A candidate, from its declaration (candidate.hpp) and its kernels.
int register_declared(const scanproof_declaration& declaration, kernels k, const char* file);
}  // namespace detail

// What is wrong with a declaration record ("" if nothing): the registry's
// and the judge's (judge.cpp: read from a driver's file) one reading of it.
std::string declaration_problem(const scanproof_declaration& r);
// The descriptor a well-formed declaration gives (no kernels, no file).
descriptor declared_descriptor(const scanproof_declaration& r);

// For a program run by hand (`scanproof list`, `check`, `eval`), whose
// verdicts no outside judge checks: each candidate whose start-up code changed
// what the registry holds of its declaration (name, op, board, domain, zero
// contract, "not built", CPU requirements, expectations) gets back what its
// record -- its source -- declares. One line per candidate changed, naming its
// file and line and what changed. (The drivers keep what runs: the launcher's
// judge compares it with the record read from their file.) The catalogue's
// entries likewise get back what their registration made (a candidate's
// start-up code can swap an entry's kernel), each change named.
std::vector<std::string> restore_declarations();

// For every program that tests candidates (supervised_main, before its work):
// each candidate's kernels as its registration made them -- the functions its
// source names -- if start-up code in the process (its own, or another
// candidate's: one file's initialiser can swap another's kernel, which would
// then fail and take the blame) changed them. One line per candidate changed.
// Its declaration is left as it runs: the launcher's judge compares that with
// its record. Code that writes another candidate's code or data, or the
// registry's own copies, is not caught in-process (docs/contracts.md).
std::vector<std::string> restore_kernels();

}  // namespace scanproof

// What scanproof/candidate.h's SCANPROOF_CANDIDATE calls from a C candidate:
// its declaration (declaration.h) and its kernels (a pop scanner's batch
// writes the board left behind, as pop_batch.hpp's does).
extern "C" int scanproof_register_c_declared(const scanproof_declaration* declaration,
                                             scanproof::batch_fn batch, scanproof::chain_fn chain,
                                             scanproof::chain_fn serialize, const char* file);

#define SCANPROOF_CAT2(a, b) a##b
#define SCANPROOF_CAT(a, b) SCANPROOF_CAT2(a, b)

// `scanproof prove` (proof/) finds each implementation in Clang's IR by this
// unmangled symbol, scanproof_scalar__<NAME>(uint64_t lo, uint64_t hi,
// scanproof::word* after) -> int64_t, which calls the scanner as batch<> does
// with the argument word {lo, hi} (a one-integer shape reads the low `width`
// bits of lo; hi is unused) and returns its index; a pop op's scanner
// (pop_batch.hpp) also writes the board it leaves behind to *after, as its
// batch does; other ops leave *after alone.
// It has internal linkage, so it changes no link (two candidates with one name
// stay the registry's error, not the linker's), and [[gnu::used]] keeps it
// although nothing calls it.
#define SCANPROOF_PROOF_SYMBOL(NAME, CALL)                                                   \
  extern "C" {                                                                               \
  [[gnu::used]] static std::int64_t SCANPROOF_CAT(scanproof_scalar__, NAME)(                 \
      std::uint64_t lo, std::uint64_t hi, ::scanproof::word* after) {                        \
    return static_cast<std::int64_t>(CALL(::scanproof::word{lo, hi}, after));                \
  }                                                                                          \
  }

// Catalogue entry: SCANPROOF_ENTRY(name, scanproof::op::lsb, function, {.provenance = ...});
#define SCANPROOF_ENTRY(NAME, OP, FN, ...) SCANPROOF_ENTRY_FROM(__FILE__, NAME, OP, FN, __VA_ARGS__)
// The same, for a function whose code is in another file SOURCE (a Rust
// entry's .rs, impl/rust/rust_entry.hpp): the descriptor's source and language.
#define SCANPROOF_ENTRY_FROM(SOURCE, NAME, OP, FN, ...)                                      \
  SCANPROOF_PROOF_SYMBOL(NAME, (::scanproof::proof_call<FN, OP>))                                  \
  [[maybe_unused]] static const int SCANPROOF_CAT(scanproof_entry_, NAME) =                  \
      ::scanproof::detail::register_entry(#NAME, OP, ::scanproof::kernels_for<FN, OP>(),     \
                                          SOURCE, ::scanproof::entry_info __VA_ARGS__)

// A catalogue entry that this target cannot build (inline asm for another CPU).
// It stays in the catalogue so `scanproof list` and the report show it. It
// emits no proof symbol: there is no function to prove on this target.
#define SCANPROOF_UNAVAILABLE(NAME, OP, WHY, ...) \
  SCANPROOF_UNAVAILABLE_FROM(__FILE__, NAME, OP, WHY, __VA_ARGS__)
#define SCANPROOF_UNAVAILABLE_FROM(SOURCE, NAME, OP, WHY, ...)                               \
  [[maybe_unused]] static const int SCANPROOF_CAT(scanproof_entry_, NAME) =                  \
      ::scanproof::detail::register_unavailable(#NAME, OP, WHY, SOURCE,                      \
                                                ::scanproof::entry_info __VA_ARGS__)
