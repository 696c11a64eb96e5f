// The differential fuzz engine shared by the fuzz targets: fuzz data is
// decoded into 64-bit words, and every implementation of the target's ops
// that runs on this CPU is compared with the reference oracle on them, plus
// the identities the seeds rely on. A mismatch prints a report (with a line
// that writes the regression file) and aborts from a per-op function.
#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scanproof/descriptor.hpp"
#include "scanproof/op.hpp"

namespace scanproof::fuzz {

// Fuzz data as 64-bit words, little-endian byte by byte (so a corpus gives the
// same words on big-endian targets); a trailing partial word is zero-extended.
// Decodes the first min(size, 8 * max_words) bytes; returns the word count.
std::size_t decode_words(const std::uint8_t* data, std::size_t size, std::uint64_t* out,
                         std::size_t max_words);

// The 8 little-endian bytes of b as a shell printf argument: '\x10\x00...'.
std::string printf_bytes(std::uint64_t b);

// A comparison the targets make: an implementation of `checked`, called with
// derive(b), must return expect(b). The direct comparisons with the reference
// and the seeds' identities are all relations.
struct relation {
  const char* text;
  op checked;
  std::uint64_t (*derive)(std::uint64_t b);
  std::int64_t (*expect)(std::uint64_t b);
  bool b_nonzero;  // b == 0 is outside this relation's domain
};

// One registered implementation as a fuzz target compares it.
struct participant {
  const descriptor* d = nullptr;
  bool nonzero = true;                 // false: an active XFAIL covers nonzero inputs
  std::optional<std::int64_t> on_zero; // what it must return on 0; nullopt: not called with 0
  std::string label;                   // "fuzz.<op>.<impl>": names it if the process ends in it
};

class differential {
 public:
  // Plans the target once from scanproof::registry(): prints, for every
  // implementation it leaves out or compares only partly, why. Exits with
  // status 2 on a registry error or a bad SCANPROOF_FUZZ_SKIP.
  differential(std::string_view target, std::initializer_list<op> ops);

  // Runs every relation of the target's ops on the words of data; aborts on
  // the first mismatch.
  void run(const std::uint8_t* data, std::size_t size) const;

 private:
  struct op_plan {
    op o;
    std::vector<participant> runs;
    std::vector<const relation*> relations;
  };
  void run_words(const op_plan& p, const std::uint64_t* words, std::size_t n) const;

  std::string target_;
  std::vector<op_plan> plans_;
};

}  // namespace scanproof::fuzz
