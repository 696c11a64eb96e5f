// One descriptor per implementation: everything the suite knows about it.
// Conformance, properties, fuzzing, benchmarks and reports read only this.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "scanproof/op.hpp"
#include "scanproof/platform.hpp"
#include "scanproof/shape.hpp"
#include "scanproof/word.hpp"

struct scanproof_declaration;  // scanproof/declaration.h

namespace scanproof {

// Runs the implementation over n calls with its body inlined in the loop
// (batch.hpp, pop_batch.hpp): every op, every driver, one signature. in[i] is
// what call i is passed (to_argument() of a board: a one-integer shape reads
// `lo`, a two-half one lo and hi); out[i] gets its result widened to int64, so
// a candidate returning an unsigned 0xFFFFFFFF is reported as such, not as -1.
// `after`, when not null, gets the board each call left behind (argument
// space): for an op that clears the square it returns (op.hpp: pops()) the
// board it cleared, for any other the input as it was. Null where only the
// results are read (bench, the index laws): a pop op then runs on a copy.
using batch_fn = void (*)(const word* in, std::int64_t* out, word* after, std::size_t n);
// The same over inputs stored as 64-bit values (batch.hpp: batch_values), for a
// scanner of one integer of up to 64 bits with the plain layout.
using batch_values_fn = void (*)(const std::uint64_t* in, std::int64_t* out, std::size_t n);
// Benchmark kernels over n inputs (batch.hpp: chain, serialize); the result
// only keeps the work from being optimised away.
using chain_fn = std::int64_t (*)(const word* in, std::size_t n);

// What the implementation does with b == 0.
struct zero_spec {
  enum class kind : std::uint8_t {
    op_default,  // ctz/clz: the width, popcount: 0 (checked); lsb/msb: never called
    declared,    // documented result `value`, checked
    undefined,   // documented as undefined: called, observed and reported, not checked
  };
  kind k = kind::op_default;
  std::int64_t value = 0;
  const char* note = "";

  static constexpr zero_spec returns(std::int64_t v, const char* why = "") {
    return {kind::declared, v, why};
  }
  static constexpr zero_spec is_undefined(const char* why) { return {kind::undefined, 0, why}; }
};

// Which inputs an expected failure is about.
enum class scope : std::uint8_t { nonzero, zero };

// LLVM lit's XFAIL: a catalogue entry known to be wrong where `when` holds.
// The suite then passes only if the failure is observed (XPASS fails).
struct expectation {
  condition when;
  scope on;
  const char* reason;
};

// An x86 instruction without which the entry would trap (SIGILL): the entry is
// skipped, with the reason, on a CPU that lacks it.
// A candidate's own `// scanproof: option` flag that enables it (`option`, e.g.
// "-msse4.2") makes the CPU's lack of it the candidate's finding, not a skip:
// the engine built so runs SIGILL there (checks.cpp's built_beyond_cpu).
struct requirement {
  cpu_feature feature;
  const char* option = nullptr;  // null: the entry's own code needs it (a skip where it is missing)
};

struct descriptor {
  std::string name;   // unique across catalogue and candidates; a C identifier
  op operation = op::lsb;
  shape sh;  // width, layout, domain: every driver reads it (shape.hpp)
  batch_fn batch = nullptr;  // nullptr when not built for this target
  // batch over stored 64-bit values (conformance sweeps); nullptr where the
  // signature is not one integer of up to 64 bits, and for C candidates.
  batch_values_fn batch_values = nullptr;
  chain_fn chain = nullptr;      // latency: a dependent chain (bench/)
  chain_fn serialize = nullptr;  // every set bit of each word; nullptr for popcount
  zero_spec zero;
  std::vector<requirement> requires_cpu;
  std::vector<expectation> expected;
  std::string needs;  // human list of assumptions ("x86-64 inline asm", "little-endian")
  std::string provenance;
  std::string unavailable;  // why batch is null on this target ("x86-64 only")
  bool candidate = false;   // user-supplied: no expectations, must conform everywhere
  std::string source;       // the file its code is in (a Rust entry's .rs, a crate's Cargo.toml)
  int line = 0;             // a candidate's registration in `source` (0: not known)
  // A candidate's record (declaration.h): what its source declares, made at
  // compile time, read by restore_declarations() (registry.hpp). nullptr: none.
  const scanproof_declaration* declaration = nullptr;
  std::string language;     // "C++", "C" or "Rust": language_of(source), registry.cpp
  // The catalogue entry transcribing the same published listing in another
  // language (a Rust entry's C++ twin): the matrix report shows where they differ.
  std::string same_listing;

  bool built() const { return batch != nullptr; }
};

}  // namespace scanproof
