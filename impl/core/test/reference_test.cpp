// The oracle is what everything is compared with, so it is itself checked
// against the standard library on every canonical input.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

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
// and what a cache file and its block table are checked against. Prints the
// line to commit for any set that differs.
TEST(inputs, match_their_pins) {
  for (int width : {8, 16, 32, 64, 128})
    for (const input_set* s : input_sets(width)) {
      const std::vector<word> made = s->make(width);
      std::vector<std::uint64_t> stored;
      for (const word& w : made) {
        stored.push_back(w.lo);
        if (width > 64) stored.push_back(w.hi);
      }
      value_digest h;
      h.add(stored.data(), stored.size());
      const std::vector<std::uint64_t> table = block_table_of(stored.data(), made.size(), width > 64 ? 2 : 1);
      value_digest t;
      t.add(table.data(), table.size());
      const input_pin* p = pinned(*s, width);
      const bool same = p && p->count == made.size() && p->digest == h.value() && p->block_table == t.value();
      char line[200];
      std::snprintf(line, sizeof line, "    {\"%.*s\", %d, %zu, 0x%016llxULL, 0x%016llxULL},",
                    static_cast<int>(s->name.size()), s->name.data(), width, made.size(),
                    static_cast<unsigned long long>(h.value()), static_cast<unsigned long long>(t.value()));
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
  std::remove((std::string(dir) + "/random_sparse-64.blocks").c_str());
}

// The sets a native program writes for a cross build (write_input_sets,
// scanproof_oracle_table --write-inputs): in this target's byte order they are
// the files load_inputs() would have made, taken as they are; in the other,
// each value and block digest byte-swapped.
TEST(inputs, written_in_either_byte_order) {
#if defined(__wasi__)
  GTEST_SKIP() << "needs std::filesystem, which wasm32-wasi's libc++ lacks";
#else
  const char* d = std::getenv("SCANPROOF_TEST_CACHE_DIR");
  ASSERT_TRUE(d && *d) << "SCANPROOF_TEST_CACHE_DIR is not set (impl/CMakeLists.txt sets it)";
  const bool big = std::endian::native == std::endian::big;
  const std::string native = std::string(d) + "/written-native", other = std::string(d) + "/written-other";
  for (const std::string& dir : {native, other}) {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
  }
  ASSERT_TRUE(write_input_sets(native.c_str(), big));
  ASSERT_TRUE(write_input_sets(other.c_str(), !big));
  for (const int width : {8, 64, 128})
    for (const input_set* s : input_sets(width)) {
      const stored_inputs taken = load_inputs(*s, width, native.c_str());
      EXPECT_NE(taken.from, stored_inputs::origin::generated) << s->name << " at " << width;
      EXPECT_FALSE(taken.regenerated) << s->name << " at " << width;
    }
  for (const char* suffix : {"-64.u64", "-64.blocks", "-128.u64"}) {
    auto read = [&](const std::string& dir) {
      std::vector<std::uint64_t> v;
      std::FILE* f = std::fopen((dir + "/random_sparse" + suffix).c_str(), "rb");
      if (!f) return v;
      for (std::uint64_t x; std::fread(&x, sizeof x, 1, f) == 1;) v.push_back(x);
      std::fclose(f);
      return v;
    };
    const std::vector<std::uint64_t> a = read(native), b = read(other);
    ASSERT_FALSE(a.empty()) << suffix;
    ASSERT_EQ(a.size(), b.size()) << suffix;
    for (std::size_t i = 0; i < a.size(); ++i) ASSERT_EQ(b[i], __builtin_bswap64(a[i])) << suffix << " value " << i;
  }
  std::filesystem::remove_all(native);
  std::filesystem::remove_all(other);
#endif
}

// The block-wise check (sample_values_of), each test in a directory of its own
// under SCANPROOF_TEST_CACHE_DIR: SCANPROOF_INPUTS_DIR pointed there, the
// files made, then damaged.
class inputs_sampled : public testing::Test {
 protected:
  void SetUp() override {
#if defined(__wasi__)
    GTEST_SKIP() << "needs std::filesystem and GoogleTest's stderr capture, which wasm32-wasi lacks";
#else
    const char* d = std::getenv("SCANPROOF_TEST_CACHE_DIR");
    ASSERT_TRUE(d && *d) << "SCANPROOF_TEST_CACHE_DIR is not set (impl/CMakeLists.txt sets it)";
    dir = std::string(d) + "/" + testing::UnitTest::GetInstance()->current_test_info()->name();
    std::filesystem::create_directories(dir);
#if defined(_WIN32)
    _putenv_s("SCANPROOF_INPUTS_DIR", dir.c_str());
#else
    setenv("SCANPROOF_INPUTS_DIR", dir.c_str(), 1);
#endif
#endif
  }
  void TearDown() override { forget_inputs(); }

  // The set's files made afresh, and the process's copy dropped.
  void make_files(const input_set& s) {
    std::remove(values_file(s).c_str());
    std::remove(table_file(s).c_str());
    const stored_inputs made = load_inputs(s, 64, dir.c_str());
    ASSERT_EQ(made.from, stored_inputs::origin::generated);
    forget_inputs();
  }
  std::string values_file(const input_set& s) const { return dir + "/" + std::string(s.name) + "-64.u64"; }
  std::string table_file(const input_set& s) const { return dir + "/" + std::string(s.name) + "-64.blocks"; }
  static void damage(const std::string& path, long at) {
    std::FILE* f = std::fopen(path.c_str(), "r+b");
    ASSERT_NE(f, nullptr) << path;
    std::fseek(f, at, SEEK_SET);
    const int c = std::fgetc(f);
    std::fseek(f, at, SEEK_SET);
    std::fputc(c ^ 0x10, f);
    std::fclose(f);
  }
  static std::vector<std::uint64_t> file_values(const std::string& path) {
    std::vector<std::uint64_t> v;
    if (std::FILE* f = std::fopen(path.c_str(), "rb")) {
      std::uint64_t x;
      while (std::fread(&x, sizeof x, 1, f) == 1) v.push_back(x);
      std::fclose(f);
    }
    return v;
  }
  static std::uint64_t digest_of_values(const std::vector<std::uint64_t>& v) {
    value_digest h;
    h.add(v.data(), v.size());
    return h.value();
  }
  std::string dir;
};

// A value in a block the reader reads is found wrong before it is used: the
// reader gets the generated value and the file is made again. A damaged block
// it does not read is not digested (that is the point), and a reader of the
// whole set (values_of) still finds it.
TEST_F(inputs_sampled, a_corrupt_value_is_found_in_its_block_before_it_is_used) {
  const input_set& s = *find_input_set("random_dense");
  make_files(s);
  const std::vector<word> made = s.make(64);
  const std::size_t wrong = 7 * input_block + 5;
  damage(values_file(s), static_cast<long>(8 * wrong + 2));
  testing::internal::CaptureStderr();
  const sampled_inputs v = sample_values_of(s, 64);
  ASSERT_EQ(v.count(), made.size());
  EXPECT_EQ(v.at(3), made[3]);
  EXPECT_EQ(v.at(20 * input_block), made[20 * input_block]);
  std::string said = testing::internal::GetCapturedStderr();
  EXPECT_EQ(said, "") << "blocks 0 and 20 are sound";
  EXPECT_NE(file_values(values_file(s))[wrong], made[wrong].lo) << "the file was made again without cause";

  testing::internal::CaptureStderr();
  EXPECT_EQ(v.at(wrong), made[wrong]);
  said = testing::internal::GetCapturedStderr();
  EXPECT_NE(said.find("block of inputs " + std::to_string(7 * input_block) + ".."), std::string::npos) << said;
  EXPECT_EQ(digest_of_values(file_values(values_file(s))), pinned(s, 64)->digest) << "the file was not made again";
  EXPECT_EQ(v.at(wrong + 1), made[wrong + 1]);

  // The whole-set reader finds a block the sampler did not read.
  forget_inputs();
  damage(values_file(s), static_cast<long>(8 * (30 * input_block + 1)));
  EXPECT_EQ(sample_values_of(s, 64).at(0), made[0]);
  testing::internal::CaptureStderr();
  const input_values& whole = values_of(s, 64);
  said = testing::internal::GetCapturedStderr();
  EXPECT_EQ(whole.at(30 * input_block + 1), made[30 * input_block + 1]);
  EXPECT_NE(said.find("stale or corrupt"), std::string::npos) << said;
}

// A block table that differs from its pin (one entry damaged, or ending in
// part of a value) is made again from the values, which are then checked whole; a
// missing one is made quietly. A damaged table beside a damaged value: the
// value is not used, the set is made again.
TEST_F(inputs_sampled, a_corrupt_or_missing_block_table_is_made_again) {
  const input_set& s = *find_input_set("random_above_lsb");
  make_files(s);
  const std::vector<word> made = s.make(64);
  const std::vector<std::uint64_t> table = file_values(table_file(s));
  ASSERT_EQ(table.size(), (made.size() + input_block - 1) / input_block);
  ASSERT_EQ(digest_of_values(table), pinned(s, 64)->block_table);

  damage(table_file(s), 8 * 9 + 1);  // one entry
  testing::internal::CaptureStderr();
  EXPECT_EQ(sample_values_of(s, 64).at(9 * input_block), made[9 * input_block]);
  std::string said = testing::internal::GetCapturedStderr();
  EXPECT_NE(said.find("block table"), std::string::npos) << said;
  EXPECT_EQ(file_values(table_file(s)), table) << "the table was not made again";

  forget_inputs();
  std::remove(table_file(s).c_str());
  testing::internal::CaptureStderr();
  EXPECT_EQ(sample_values_of(s, 64).at(5), made[5]);
  said = testing::internal::GetCapturedStderr();
  EXPECT_EQ(said, "");
  EXPECT_EQ(file_values(table_file(s)), table) << "the missing table was not made";

  forget_inputs();
  if (std::FILE* f = std::fopen(table_file(s).c_str(), "ab")) {  // a table that ends in part of a value
    std::fputs("12345", f);
    std::fclose(f);
  }
  damage(values_file(s), static_cast<long>(8 * (40 * input_block)));
  testing::internal::CaptureStderr();
  EXPECT_EQ(sample_values_of(s, 64).at(40 * input_block), made[40 * input_block]);
  said = testing::internal::GetCapturedStderr();
  EXPECT_NE(said.find("block table"), std::string::npos) << said;
  EXPECT_NE(said.find("is corrupt"), std::string::npos) << said;
  EXPECT_EQ(digest_of_values(file_values(values_file(s))), pinned(s, 64)->digest) << "the values were not made again";
  EXPECT_EQ(file_values(table_file(s)), table);
}

// What a sampling reader gets is the generator's boards, at every width and
// in every set (128 bits: two values an input): made (pass 0), then read from
// the files block by block (pass 1).
TEST_F(inputs_sampled, gets_the_generated_boards) {
  for (int pass : {0, 1}) {
    forget_inputs();
    for (int width : {16, 64, 128})
      for (const input_set* s : input_sets(width)) {
        const std::vector<word> made = s->make(width);
        const sampled_inputs v = sample_values_of(*s, width);
        ASSERT_EQ(v.count(), made.size()) << s->name;
        std::size_t differ = 0;
        for (std::size_t i = 0; i < made.size(); i += 97) differ += v.at(i) != made[i];
        differ += v.at(made.size() - 1) != made.back();
        EXPECT_EQ(differ, 0u) << s->name << " at " << width << ", pass " << pass;
      }
  }
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
