// The fuzz data decoding and the regression line, which must not depend on
// the byte order of the CPU the corpus is replayed on.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "differential.hpp"

namespace {
using scanproof::fuzz::decode_words;
using scanproof::fuzz::printf_bytes;

TEST(fuzz_decode, little_endian_byte_by_byte) {
  const std::uint8_t data[] = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08,
                               0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80};
  std::uint64_t w[4] = {};
  ASSERT_EQ(decode_words(data, sizeof data, w, 4), 2u);
  EXPECT_EQ(w[0], 0x0807060504030201u);
  EXPECT_EQ(w[1], 0x8000000000000000u);
}

TEST(fuzz_decode, trailing_partial_word_is_zero_extended) {
  const std::uint8_t data[] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x34, 0x12};
  std::uint64_t w[4] = {};
  ASSERT_EQ(decode_words(data, sizeof data, w, 4), 2u);
  EXPECT_EQ(w[0], ~std::uint64_t{0});
  EXPECT_EQ(w[1], 0x1234u);
}

TEST(fuzz_decode, stops_at_max_words_and_empty_data_gives_none) {
  const std::uint8_t data[24] = {7};
  std::uint64_t w[2] = {};
  EXPECT_EQ(decode_words(data, sizeof data, w, 2), 2u);
  EXPECT_EQ(decode_words(data, 0, w, 2), 0u);
}

TEST(fuzz_regression_line, octal_bytes_decode_back_to_the_word) {
  const std::uint64_t b = 0x0000300000000000u;
  const std::string s = printf_bytes(b);
  EXPECT_EQ(s, "\\000\\000\\000\\000\\000\\060\\000\\000");
  std::uint8_t bytes[8];
  for (int i = 0; i < 8; ++i)
    bytes[i] = static_cast<std::uint8_t>(std::stoi(s.substr(4 * i + 1, 3), nullptr, 8));
  std::uint64_t w = 0;
  ASSERT_EQ(decode_words(bytes, 8, &w, 1), 1u);
  EXPECT_EQ(w, b);
}

// A plain 64-bit shape reads exactly decode_words' words; 128 bits take 16
// bytes per board; every board is masked into the width and the domain.
TEST(fuzz_decode, boards_follow_the_shape) {
  using scanproof::word;
  std::uint8_t data[32];
  for (int i = 0; i < 32; ++i) data[i] = static_cast<std::uint8_t>(0xF0 | i);
  std::uint64_t w[4] = {};
  word b[4];
  ASSERT_EQ(decode_words(data, sizeof data, w, 4), 4u);
  ASSERT_EQ(scanproof::fuzz::decode_boards(data, sizeof data, scanproof::integer_shape(64), b, 4), 4u);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(b[i], word{w[i]});
  ASSERT_EQ(scanproof::fuzz::decode_boards(data, sizeof data, scanproof::integer_shape(32), b, 4), 4u);
  EXPECT_EQ(b[1], word{w[1] & 0xFFFFFFFFu});
  scanproof::shape two = scanproof::integer_shape(128);
  two.arg = scanproof::argument::halves;
  two.high_offset = 63;
  two.domain = two.all_squares();
  ASSERT_EQ(scanproof::fuzz::decode_boards(data, sizeof data, two, b, 4), 2u);
  EXPECT_EQ(b[0], (word{w[0], w[1]} & word::ones(127)));
  scanproof::shape draughts = scanproof::integer_shape(64);
  draughts.domain = word{0x7DF3EF9F7CFBE7DF};
  draughts.domain_declared = true;
  ASSERT_EQ(scanproof::fuzz::decode_boards(data, 8, draughts, b, 4), 1u);
  EXPECT_EQ(b[0], word{w[0] & 0x7DF3EF9F7CFBE7DF});
  EXPECT_EQ(printf_bytes(two, word{1, 2}), printf_bytes(1) + printf_bytes(2));
  EXPECT_EQ(printf_bytes(draughts, word{5}), printf_bytes(5));
}

// The judge's oracle for a replay (fuzz_oracle): it answers only a fuzz
// target's lines, refuses a malformed one by name, and counts the calls the
// target makes on the files it is given, the zero contract included.
TEST(fuzz_oracle, answers_a_target_line_over_the_inputs_and_refuses_malformed_ones) {
  const std::string head = "x popcount_fuzzer pass popcount 64 integer 64 0 18446744073709551615 0 0 - ";
  const std::vector<std::string> none;
  std::string why;
  auto line = scanproof::parse_manifest_line(head + "all:0");
  ASSERT_TRUE(line);
  EXPECT_FALSE(scanproof::fuzz::fuzz_oracle(*line, none, why));
  EXPECT_NE(why.find("needs its inputs"), std::string::npos) << why;
  why.clear();
  const auto skipped = scanproof::fuzz::fuzz_oracle(*scanproof::parse_manifest_line(head + "skip:-"), none, why);
  ASSERT_TRUE(skipped);
  EXPECT_EQ(skipped->first, 0u);
  EXPECT_EQ(skipped->second, "-");
  why.clear();
  EXPECT_FALSE(scanproof::fuzz::fuzz_oracle(*scanproof::parse_manifest_line(head + "some:0"), none, why));
  EXPECT_NE(why.find("is not <all|zero|skip>"), std::string::npos) << why;
  why.clear();
  auto conformance = scanproof::parse_manifest_line(head + "all:0");
  conformance->check = "canonical";  // another driver's line: not the fuzz oracle's, and no complaint
  EXPECT_FALSE(scanproof::fuzz::fuzz_oracle(*conformance, none, why));
  EXPECT_EQ(why, "");
  const std::string file = ::testing::TempDir() + "fuzz_oracle_input";
  std::FILE* f = std::fopen(file.c_str(), "wb");
  ASSERT_NE(f, nullptr);
  const unsigned char bytes[] = {0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};  // 0x300, then 0
  std::fwrite(bytes, 1, sizeof bytes, f);
  std::fclose(f);
  const auto all = scanproof::fuzz::fuzz_oracle(*line, {file}, why);
  ASSERT_TRUE(all) << why;
  // 0x300 through both relations, 0 through the first (popcount(0)), and 0's
  // (b & -b) - 1, every square, through the second.
  EXPECT_EQ(all->first, 4u);
  const auto zero_only = scanproof::fuzz::fuzz_oracle(*scanproof::parse_manifest_line(head + "zero:0"), {file}, why);
  ASSERT_TRUE(zero_only) << why;
  EXPECT_EQ(zero_only->first, 1u);  // the zero contract once
  EXPECT_NE(zero_only->second, all->second);
  std::remove(file.c_str());
}

}  // namespace
