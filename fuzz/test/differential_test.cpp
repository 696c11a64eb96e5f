// The fuzz data decoding and the regression line, which must not depend on
// the byte order of the CPU the corpus is replayed on.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

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

}  // namespace
