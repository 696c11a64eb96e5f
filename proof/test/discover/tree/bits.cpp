#include "bits.hpp"

namespace fx {

int external_msb(std::uint64_t b) { return 63 - __builtin_clzll(b); }

// Static in this file: found and proved, but no candidate file can name it.
static int hidden_lsb(std::uint64_t b) { return __builtin_ctzll(b); }
// The instance of a function template the engine makes (bits.hpp: lowest).
template int lowest<std::uint32_t>(std::uint32_t&);

// External, but declared in no header.
int use_hidden(std::uint64_t b) { return hidden_lsb(b); }

}  // namespace fx
