// The sweep's fast judgement of a chunk of results: zero when every result is
// right, nonzero when one may not be (checks.cpp then computes the expected
// values and finds which). One branch-free pass, no call per input. First for
// the plain 64-bit shape (one integer, every square, index base 0), then
// (with_board_check) for a board of any shape and the boards a pop op leaves.
//
// Two ways to know the right bit scan, chosen per ISA (native_counts):
// - counts: the ISA's own count (x86-64 bsf/bsr, aarch64 rbit+clz), one or two
//   instructions. The input is or-ed with a guard bit so the count is defined
//   for every value; a zero input cannot reach here unnoticed: the sweep's
//   inputs are a canonical set, which holds no zero (unit.inputs.are_nonzero),
//   and they are confirmed against the set's pin after the sweep
//   (confirm_inputs), a corrupt file's sweep running again.
// - shifts: where std::countr_zero/countl_zero are libgcc calls (the 32-bit
//   targets, sparc64, riscv64, mips, alpha), each result g is checked against
//   the bit of b it names: g in [0, 63] is the lowest set bit of b iff
//   b << (63 - g) is bit 63 alone, the highest iff b >> g is 1 (clz: the
//   highest is 63 - g). A zero input shows as a difference.
// Popcount is counted by SWAR (popcount_swar) either way.
#pragma once
#include <cstddef>
#include <cstdint>

#include "scanproof/op.hpp"
#include "scanproof/shape.hpp"

namespace scanproof {

enum class count_with : std::uint8_t { counts, shifts };

#if defined(__x86_64__) || defined(__aarch64__)
inline constexpr count_with native_counts = count_with::counts;
#else
inline constexpr count_with native_counts = count_with::shifts;
#endif

// The number of set bits of b, with no call: std::popcount is a libgcc call
// (__popcountdi2, through the PLT) wherever the compiler has no popcount
// instruction, the host's default x86-64 included. With 64-bit registers one
// 64-bit SWAR count: under qemu-aarch64 and qemu-s390x it costs 0.6 and 0.25
// of the count per 32-bit half, and less than aarch64's own CNT (a vector
// helper under qemu). On 32-bit targets per 32-bit half, so they need no
// 64-bit shift or multiply; the halves' byte counts are added before the one
// multiply.
[[gnu::always_inline]] constexpr unsigned popcount_swar(std::uint64_t b) {
#if (defined(__SIZEOF_POINTER__) && __SIZEOF_POINTER__ == 8) || defined(__wasm__)
  b -= (b >> 1) & 0x5555555555555555ULL;
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  return static_cast<unsigned>((((b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL) * 0x0101010101010101ULL) >> 56);
#else
  const auto bytes = [](std::uint32_t x) {  // the count of each byte, in that byte
    x -= (x >> 1) & 0x55555555U;
    x = (x & 0x33333333U) + ((x >> 2) & 0x33333333U);
    return (x + (x >> 4)) & 0x0F0F0F0FU;
  };
  return ((bytes(static_cast<std::uint32_t>(b)) + bytes(static_cast<std::uint32_t>(b >> 32))) * 0x01010101U) >> 24;
#endif
}
static_assert(popcount_swar(0) == 0 && popcount_swar(~0ULL) == 64 && popcount_swar(0x8000000000000001ULL) == 2 &&
              popcount_swar(0x03F79D71B4CB0A89ULL) == 32 && popcount_swar(0xFFFFFFFF00000000ULL) == 32);

// Calls use(wrong) with o's check of one result: wrong(b, g) is nonzero iff g
// is not o's result on the nonzero board b (pop_lsb and pop_msb: the index
// only; the board they leave is judged elsewhere). Returns what use returns.
template <count_with how, class Use>
decltype(auto) with_result_check(op o, Use use) {
  constexpr std::uint64_t top = std::uint64_t{1} << 63, outside = ~std::uint64_t{63};
  constexpr bool counts = how == count_with::counts;
  switch (o) {
    case op::lsb:
    case op::pop_lsb:
    case op::ctz:
      if constexpr (counts)
        return use([](std::uint64_t b, std::uint64_t g) { return g ^ static_cast<unsigned>(__builtin_ctzll(b | top)); });
      else
        return use([](std::uint64_t b, std::uint64_t g) { return (g & outside) | ((b << (63 - (g & 63))) ^ top); });
    case op::msb:
    case op::pop_msb:
      if constexpr (counts)
        return use([](std::uint64_t b, std::uint64_t g) { return g ^ (63 ^ static_cast<unsigned>(__builtin_clzll(b | 1))); });
      else
        return use([](std::uint64_t b, std::uint64_t g) { return (g & outside) | ((b >> (g & 63)) ^ 1); });
    case op::clz:
      if constexpr (counts)
        return use([](std::uint64_t b, std::uint64_t g) { return g ^ static_cast<unsigned>(__builtin_clzll(b | 1)); });
      else
        return use([](std::uint64_t b, std::uint64_t g) { return (g & outside) | ((b >> (63 - (g & 63))) ^ 1); });
    case op::popcount: break;
  }
  return use([](std::uint64_t b, std::uint64_t g) { return g ^ popcount_swar(b); });
}

// Nonzero iff some got[i] is not o's result on the nonzero board in[i].
template <count_with how>
std::uint64_t wrong_results(op o, const std::uint64_t* in, const std::int64_t* got, std::size_t n) {
  return with_result_check<how>(o, [&](auto wrong) {
    std::uint64_t d = 0;
#pragma GCC unroll 4
    for (std::size_t i = 0; i < n; ++i) d |= wrong(in[i], static_cast<std::uint64_t>(got[i]));
    return d;
  });
}

// The same judgement for a board of any shape (shape.hpp), by shifts: the
// board in square space (square s is bit s of the 128-bit word; a 63-layout
// board is judged before it is mapped), the result offset by the shape's index
// base. wrong(b, g) is nonzero iff g is not expected_result(o, sh, b) on the
// nonzero board b: a square s is the lowest set one iff shifting it to bit 63
// of its half leaves that bit alone and the low half is empty when s is in the
// high one; the highest iff shifting it to bit 0 leaves 1 and the high half is
// empty when s is in the low one. Out-of-range squares (s >= 128, s >= 64 for
// one half; a negative result wraps to a huge one) are wrong by their high
// bits; on a board of fewer than 64 squares the squares above it are not set.
template <class Use>
decltype(auto) with_board_check(op o, const shape& sh, Use use) {
  constexpr std::uint64_t top = std::uint64_t{1} << 63, outside1 = ~std::uint64_t{63}, outside2 = ~std::uint64_t{127};
  const auto base = static_cast<std::uint64_t>(sh.index_base);
  const auto last = static_cast<std::uint64_t>(sh.squares() - 1);  // clz: the highest square is last - g
  const bool two = sh.width > 64;
  const auto lowest1 = [](word b, std::uint64_t s) { return (s & outside1) | b.hi | ((b.lo << (63 - (s & 63))) ^ top); };
  const auto lowest2 = [](word b, std::uint64_t s) {
    const bool high = (s & 64) != 0;
    return (s & outside2) | (high ? b.lo : 0) | (((high ? b.hi : b.lo) << (63 - (s & 63))) ^ top);
  };
  const auto highest1 = [](word b, std::uint64_t s) { return (s & outside1) | b.hi | ((b.lo >> (s & 63)) ^ 1); };
  const auto highest2 = [](word b, std::uint64_t s) {
    const bool high = (s & 64) != 0;
    return (s & outside2) | (high ? 0 : b.hi) | (((high ? b.hi : b.lo) >> (s & 63)) ^ 1);
  };
  switch (o) {
    case op::lsb:
    case op::pop_lsb:
    case op::ctz:
      if (two) return use([=](word b, std::uint64_t g) { return lowest2(b, g - base); });
      return use([=](word b, std::uint64_t g) { return lowest1(b, g - base); });
    case op::msb:
    case op::pop_msb:
      if (two) return use([=](word b, std::uint64_t g) { return highest2(b, g - base); });
      return use([=](word b, std::uint64_t g) { return highest1(b, g - base); });
    case op::clz:
      if (two) return use([=](word b, std::uint64_t g) { return highest2(b, last - g); });
      return use([=](word b, std::uint64_t g) { return highest1(b, last - g); });
    case op::popcount: break;
  }
  return use([](word b, std::uint64_t g) { return g ^ (popcount_swar(b.lo) + popcount_swar(b.hi)); });
}

// Nonzero iff some got[i] is not o's result on the nonzero board boards[i].
inline std::uint64_t wrong_board_results(op o, const shape& sh, const word* boards, const std::int64_t* got,
                                         std::size_t n) {
  return with_board_check(o, sh, [&](auto wrong) {
    std::uint64_t d = 0;
    for (std::size_t i = 0; i < n; ++i) d |= wrong(boards[i], static_cast<std::uint64_t>(got[i]));
    return d;
  });
}

// Calls use(wrong) with the check of one pop op result: wrong(board, arg, g,
// after) is nonzero iff the index g is wrong (as above) or the board left
// behind (argument space) is not the argument without the square g names:
// arg ^ to_argument(bit(square)), the maps commuting with XOR (shape.hpp).
// The board is judged given a right index, which the same call judges.
template <class Use>
decltype(auto) with_pop_check(op o, const shape& sh, Use use) {
  const auto base = static_cast<std::uint64_t>(sh.index_base);
  return with_board_check(o, sh, [&](auto wrong) {
    if (sh.width <= 64)  // the square's bit in the low half, shifted once
      return use([=](word b, word arg, std::uint64_t g, word after) {
        return wrong(b, g) | (after.lo ^ arg.lo ^ (std::uint64_t{1} << ((g - base) & 63))) | (after.hi ^ arg.hi);
      });
    return use([=, &sh](word b, word arg, std::uint64_t g, word after) {
      const word cleared = to_argument(sh, word::bit(static_cast<int>((g - base) & 127)));
      return wrong(b, g) | (after.lo ^ arg.lo ^ cleared.lo) | (after.hi ^ arg.hi ^ cleared.hi);
    });
  });
}

// A pop op's chunk: nonzero iff some result is wrong (with_pop_check).
inline std::uint64_t wrong_pop_results(op o, const shape& sh, const word* boards, const word* args,
                                       const std::int64_t* got, const word* after, std::size_t n) {
  return with_pop_check(o, sh, [&](auto wrong) {
    std::uint64_t d = 0;
    for (std::size_t i = 0; i < n; ++i) d |= wrong(boards[i], args[i], static_cast<std::uint64_t>(got[i]), after[i]);
    return d;
  });
}

}  // namespace scanproof
