#include <cstdint>

namespace fx {
int helper_square(std::uint64_t b);
// An lsb whose source needs a function defined beside main() (main.cpp).
int lsb_needing_main(std::uint64_t b) { return helper_square(b); }
}  // namespace fx
