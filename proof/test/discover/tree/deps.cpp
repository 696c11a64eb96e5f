#include "bits.hpp"

namespace fx {
// An lsb whose source needs another unit's function (bits.cpp's
// external_msb): a candidate file cannot include this file and link alone.
int lsb_needing_bits(std::uint64_t b) { return external_msb(b & (~b + 1)); }
}  // namespace fx
