#include "bits.hpp"

namespace fx {
// Defined beside main(): no candidate file can include this file.
int helper_square(std::uint64_t b) { return __builtin_ctzll(b); }
}  // namespace fx

int main() { return fx::helper_square(2) == 1 ? 0 : 1; }
