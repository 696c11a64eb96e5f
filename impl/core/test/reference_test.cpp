// The oracle is what everything is compared with, so it is itself checked
// against the standard library on every canonical input.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "scanproof/digest.hpp"
#include "scanproof/inputs.hpp"
#include "scanproof/reference.hpp"

namespace {
using namespace scanproof;

TEST(reference, agrees_with_std_bit_on_every_canonical_input) {
  for (const input_set* s : input_sets(64)) {
    std::size_t bad = 0;
    for (const word& w : s->make(64)) {
      const std::uint64_t b = w.lo;
      bad += reference::lsb(b) != std::countr_zero(b);
      bad += reference::msb(b) != 63 - std::countl_zero(b);
      bad += reference::ctz(b) != std::countr_zero(b);
      bad += reference::clz(b) != std::countl_zero(b);
      bad += reference::popcount(b) != std::popcount(b);
    }
    EXPECT_EQ(bad, 0u) << s->name;
  }
}

// The sweeps' expected values at other widths, layouts and domains
// (shape.hpp's expected_result, through <bit>) against the naive loops
// (oracle_result), on every canonical board of every width: the conformance
// sweeps compare scanners with expected_result on exactly these boards.
TEST(reference, expected_result_agrees_with_the_naive_oracle_at_every_width) {
  for (int width : {8, 16, 32, 64, 128}) {
    std::vector<shape> shapes{integer_shape(width)};
    if (width == 64) {  // a declared domain: the sets masked into it (Scan's draughts board)
      shape draughts = integer_shape(64);
      draughts.domain = word{0x7DF3EF9F7CFBE7DF};
      draughts.domain_declared = true;
      shapes.push_back(draughts);
    }
    if (width == 128) {  // the 63 layout numbered from 1: all 127 squares, then shogi's 81
      shape yane = integer_shape(128);
      yane.arg = argument::halves;
      yane.high_offset = 63;
      yane.index_base = 1;
      yane.domain = yane.all_squares();
      shapes.push_back(yane);
      yane.domain = word::ones(81);
      yane.domain_declared = true;
      shapes.push_back(yane);
    }
    for (const shape& sh : shapes)
      for (const input_set* s : input_sets(width)) {
        std::size_t bad = 0;
        for (const word& b : boards_of(*s, sh))
          for (op o : all_ops)
            bad += expected_result(o, sh, b) != oracle_result(o, sh, b) ||
                   expected_after(o, b) != oracle_after(o, sh, b);
        EXPECT_EQ(bad, 0u) << s->name << " at " << shape_text(sh);
      }
  }
}

// The board a pop op must leave (CPW 'Bitscan with Reset'), checked by hand.
TEST(reference, board_after_a_pop_clears_exactly_the_square_it_names) {
  EXPECT_EQ(reference::board_after(op::pop_lsb, word{0xB0}, 64), word{0xA0});
  EXPECT_EQ(reference::board_after(op::pop_msb, word{0xB0}, 64), word{0x30});
  EXPECT_EQ(reference::board_after(op::pop_lsb, word{1}, 8), word{});
  EXPECT_EQ(reference::board_after(op::pop_msb, word{0x80000001}, 32), word{1});
  // Across a 128-bit board's halves: squares 63 and 64.
  const word across = word::bit(63) | word::bit(64);
  EXPECT_EQ(reference::board_after(op::pop_lsb, across, 128), word::bit(64));
  EXPECT_EQ(reference::board_after(op::pop_msb, across, 128), word::bit(63));
  EXPECT_EQ(reference::eval(op::pop_lsb, across, 128), 63);
  EXPECT_EQ(reference::eval(op::pop_msb, across, 128), 64);
  // Only pops clear; the empty board stays empty.
  EXPECT_EQ(reference::board_after(op::lsb, word{0xB0}, 64), word{0xB0});
  EXPECT_EQ(reference::board_after(op::pop_lsb, word{}, 64), word{});
  // The 63 layout numbered from 1: the index is the square's plus the base.
  shape yane = integer_shape(128);
  yane.arg = argument::pair;
  yane.high_offset = 63;
  yane.index_base = 1;
  yane.domain = yane.all_squares();
  EXPECT_EQ(oracle_result(op::pop_msb, yane, word::bit(80) | word::bit(3)), 81);
  EXPECT_EQ(oracle_after(op::pop_msb, yane, word::bit(80) | word::bit(3)), word::bit(3));
}

TEST(reference, zero) {
  EXPECT_EQ(reference::ctz(0), 64);
  EXPECT_EQ(reference::clz(0), 64);
  EXPECT_EQ(reference::popcount(0), 0);
  EXPECT_EQ(reference::lsb(0), -1);
  EXPECT_EQ(reference::msb(0), -1);
}

TEST(reference, bit_reverse) {
  EXPECT_EQ(reference::bit_reverse(1), 0x8000000000000000ULL);
  EXPECT_EQ(reference::bit_reverse(0x00000000000000F0ULL), 0x0F00000000000000ULL);
  for (int i = 0; i < 64; ++i)
    EXPECT_EQ(reference::bit_reverse(std::uint64_t{1} << i), std::uint64_t{1} << (63 - i));
}

TEST(inputs, are_nonzero) {
  for (int width : {8, 16, 32, 64, 128})
    for (const input_set* s : input_sets(width))
      for (const word& w : s->make(width)) {
        ASSERT_TRUE(w) << s->name << " at " << width;
        ASSERT_FALSE(w & ~word::ones(width)) << s->name << " at " << width;
      }
}

// The generators against their pins (input_pins.inc), set by set, width by
// width: what every target generates is what every other target generated,
// and what a cache file is checked against. Prints the line to commit for any
// set that differs.
TEST(inputs, match_their_pins) {
  for (int width : {8, 16, 32, 64, 128})
    for (const input_set* s : input_sets(width)) {
      const std::vector<word> made = s->make(width);
      value_digest h;
      for (const word& w : made) {
        h.add(w.lo);
        if (width > 64) h.add(w.hi);
      }
      const input_pin* p = pinned(*s, width);
      const bool same = p && p->count == made.size() && p->digest == h.value();
      char line[160];
      std::snprintf(line, sizeof line, "    {\"%.*s\", %d, %zu, 0x%016llxULL},", static_cast<int>(s->name.size()),
                    s->name.data(), width, made.size(), static_cast<unsigned long long>(h.value()));
      EXPECT_TRUE(same) << s->name << " at " << width << (p ? " differs from its pin" : " has no pin")
                        << "; generated:\n" << line;
    }
}

// The digest does not depend on how the values are split into chunks.
TEST(digest, is_the_same_for_any_chunking) {
  std::vector<std::uint64_t> v(1000);
  splitmix64 sm{7};
  for (auto& x : v) x = sm.next();
  value_digest whole;
  whole.add(v.data(), v.size());
  for (std::size_t step : {1u, 2u, 3u, 5u, 7u, 64u, 999u}) {
    value_digest parts;
    for (std::size_t i = 0; i < v.size(); i += step) parts.add(v.data() + i, std::min(step, v.size() - i));
    EXPECT_EQ(parts.value(), whole.value()) << "chunks of " << step;
  }
  value_digest one_less;
  one_less.add(v.data(), v.size() - 1);
  EXPECT_NE(one_less.value(), whole.value());  // the count is part of it
  v[500] ^= 1;
  value_digest flipped;
  flipped.add(v.data(), v.size());
  EXPECT_NE(flipped.value(), whole.value());
}

// The per-build-tree cache file (inputs.hpp, load_inputs): made once, then
// read back; a corrupt or truncated file is made again, never used.
// SCANPROOF_TEST_CACHE_DIR: a directory of this test's own (impl/CMakeLists.txt).
TEST(inputs, cache_file_is_checked_and_made_again_when_corrupt) {
  const char* dir = std::getenv("SCANPROOF_TEST_CACHE_DIR");
  ASSERT_TRUE(dir && *dir) << "SCANPROOF_TEST_CACHE_DIR is not set (impl/CMakeLists.txt sets it)";
  const input_set& s = *find_input_set("random_sparse");
  const input_pin& pin = *pinned(s, 64);
  const std::string path = std::string(dir) + "/random_sparse-64.u64";
  std::remove(path.c_str());
  auto digest = [](const input_values& v) {
    value_digest h;
    h.add(v.data, v.count * static_cast<std::size_t>(v.units));
    return h.value();
  };
  {
    const stored_inputs made = load_inputs(s, 64, dir);
    EXPECT_EQ(made.from, stored_inputs::origin::generated);
    EXPECT_FALSE(made.regenerated);
    EXPECT_EQ(digest(made.values), pin.digest);
  }
  {
    const stored_inputs again = load_inputs(s, 64, dir);
    EXPECT_NE(again.from, stored_inputs::origin::generated) << "the file was not written: " << path;
    EXPECT_EQ(again.values.count, pin.count);
    EXPECT_EQ(digest(again.values), pin.digest);
  }
  auto damage = [&](long at, const char* with) {
    std::FILE* f = std::fopen(path.c_str(), "r+b");
    ASSERT_NE(f, nullptr) << path;
    std::fseek(f, at, SEEK_SET);
    std::fputs(with, f);
    std::fclose(f);
  };
  damage(8 * 12345 + 3, "x");  // one byte of one input
  {
    const stored_inputs fixed = load_inputs(s, 64, dir);
    EXPECT_TRUE(fixed.regenerated);
    EXPECT_EQ(fixed.from, stored_inputs::origin::generated);
    EXPECT_EQ(digest(fixed.values), pin.digest);
  }
  {
    const stored_inputs good = load_inputs(s, 64, dir);
    EXPECT_FALSE(good.regenerated) << "the corrupt file was not replaced";
    EXPECT_EQ(digest(good.values), pin.digest);
  }
  damage(static_cast<long>(8 * pin.count), "longer");  // a stale file of another length
  {
    const stored_inputs fixed = load_inputs(s, 64, dir);
    EXPECT_TRUE(fixed.regenerated);
    EXPECT_EQ(digest(fixed.values), pin.digest);
  }
  std::remove(path.c_str());
}

// The sweeps' values (values_of) are the generator's boards, in order.
TEST(inputs, stored_values_are_the_generated_boards) {
  for (int width : {16, 64, 128})
    for (const input_set* s : input_sets(width)) {
      const std::vector<word> made = s->make(width);
      const input_values& v = values_of(*s, width);
      ASSERT_EQ(v.count, made.size()) << s->name;
      std::size_t differ = 0;
      for (std::size_t i = 0; i < made.size(); ++i) differ += v.at(i) != made[i];
      EXPECT_EQ(differ, 0u) << s->name << " at " << width;
    }
}

TEST(inputs, xoshiro_reference_values) {
  // First outputs of xoshiro256** seeded through splitmix64(0): portable and pinned.
  splitmix64 sm{0};
  EXPECT_EQ(sm.next(), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(sm.next(), 0x6e789e6aa1b965f4ULL);
}

}  // namespace
