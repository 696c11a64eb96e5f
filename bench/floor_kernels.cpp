// The instruction floor's kernels. Compiled with -mpopcnt -mbmi -mlzcnt on
// x86-64 (bench/CMakeLists.txt), so <bit> becomes one instruction here and
// nowhere else. Keep this file to these kernels: any inline function from a
// header used here could be picked by the linker for other files and would
// then need the extensions too. instruction_floor.cpp checks the CPU first.
#include <bit>

#include "scanproof/batch.hpp"

namespace scanproof::bench {
namespace {
int hw_lsb(std::uint64_t b) { return std::countr_zero(b); }
int hw_msb(std::uint64_t b) { return 63 ^ std::countl_zero(b); }
int hw_ctz(std::uint64_t b) { return std::countr_zero(b); }
int hw_clz(std::uint64_t b) { return std::countl_zero(b); }
int hw_popcount(std::uint64_t b) { return std::popcount(b); }
int hw_pop_lsb(std::uint64_t& b) {
  const int i = std::countr_zero(b);
  b &= b - 1;
  return i;
}
int hw_pop_msb(std::uint64_t& b) {
  const int i = 63 ^ std::countl_zero(b);
  b ^= std::uint64_t{1} << i;
  return i;
}
}  // namespace

kernels floor_kernels(op o) {
  switch (o) {
    case op::lsb: return kernels_for<hw_lsb, op::lsb>();
    case op::msb: return kernels_for<hw_msb, op::msb>();
    case op::ctz: return kernels_for<hw_ctz, op::ctz>();
    case op::clz: return kernels_for<hw_clz, op::clz>();
    case op::popcount: return kernels_for<hw_popcount, op::popcount>();
    case op::pop_lsb: return kernels_for<hw_pop_lsb, op::pop_lsb>();
    case op::pop_msb: return kernels_for<hw_pop_msb, op::pop_msb>();
  }
  return {};
}

}  // namespace scanproof::bench
