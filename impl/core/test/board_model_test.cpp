// board.hpp's one board model: every kind of board an engine types is made
// from the suite's (lo, hi) and read back to the same value, holds its bits
// where the engine's own code looks for them, and a pop leaves its board in
// the engine's layout; every kind of result reads as the engine means it.
// The same kernels run on every target of the matrix, big-endian ones
// included, through examples/typed_engine's candidates (.ci/run).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "scanproof/batch.hpp"

namespace {
using scanproof::board_kind;
using scanproof::board_model;
using scanproof::half_order;
using scanproof::word;

constexpr word samples[] = {word{0}, word{1}, word{0x8000000000000000u}, word{0x0123456789abcdefu, 0},
                            word{0xfedcba9876543210u, 0x1}, word{0x1, 0x8000000000000000u},
                            word{~std::uint64_t{0}, ~std::uint64_t{0}}};

// The value a board of `width` bits holds of w.
word truncated(word w, int width) { return w & word::ones(width); }

template <class T, half_order H = half_order::low_first>
void expect_round_trip(int width) {
  using m = board_model<T>;
  static_assert(m::valid);
  EXPECT_EQ(m::width, width);
  for (word w : samples) {
    const word v = truncated(w, width);
    const T t = m::template make<H>(v);
    const word back = m::template read<H>(t);
    EXPECT_EQ(back.lo, v.lo) << "width " << width;
    EXPECT_EQ(back.hi, v.hi) << "width " << width;
  }
}

enum PieceSet : std::uint64_t {};
enum class Lane : std::uint32_t {};
enum class Small : std::int8_t {};
struct Bitboard {
  std::uint64_t bits;
};
class Wrapped32 {
 public:
  explicit Wrapped32(std::uint32_t v) : v_(v) {}
  std::uint32_t value() const { return v_; }

 private:
  std::uint32_t v_;
};
struct LowFirst {
  std::uint64_t p[2];
};
struct HighFirst {
  std::uint64_t b64[2];  // b64[0] the high half
  HighFirst(std::uint64_t hi, std::uint64_t lo) : b64{hi, lo} {}
};
// Not trivially copyable: made by its constructor, read from its bytes.
union ByConstructor {
  std::uint64_t p[2];
  ByConstructor(std::uint64_t a, std::uint64_t b) : p{a, b} {}
  ByConstructor(const ByConstructor& o) : p{o.p[0], o.p[1]} {}
  ByConstructor& operator=(const ByConstructor&) = default;
};
// Neither: the engine says how (a complemented board, to tell traits from bytes).
struct Inverted {
  std::uint64_t lo_inv, hi_inv;
};
}  // namespace

template <>
struct scanproof::board_traits<Inverted> {
  static Inverted make(std::uint64_t lo, std::uint64_t hi) { return {~lo, ~hi}; }
  static scanproof::word read(const Inverted& b) { return {~b.lo_inv, ~b.hi_inv}; }
};

namespace {

TEST(BoardModel, IntegersSignedOrNotRoundTrip) {
  expect_round_trip<std::uint8_t>(8);
  expect_round_trip<std::uint16_t>(16);
  expect_round_trip<std::uint32_t>(32);
  expect_round_trip<std::uint64_t>(64);
  expect_round_trip<std::int8_t>(8);
  expect_round_trip<std::int16_t>(16);
  expect_round_trip<int>(32);
  expect_round_trip<long long>(64);
  // Bit 63 of a signed word is its sign: the suite's 0x8000... is the engine's INT64_MIN.
  EXPECT_EQ(board_model<std::int64_t>::make(word{0x8000000000000000u}), INT64_MIN);
  EXPECT_EQ(board_model<std::int8_t>::make(word{0xff}), -1);
}

#ifdef __SIZEOF_INT128__
TEST(BoardModel, Int128SignedOrNotRoundTrip) {
  expect_round_trip<scanproof::uint128>(128);
  expect_round_trip<scanproof::int128>(128);
  EXPECT_EQ(board_model<scanproof::uint128>::kind, board_kind::int128);
}
#endif

TEST(BoardModel, EnumerationsRoundTrip) {
  expect_round_trip<PieceSet>(64);
  expect_round_trip<Lane>(32);
  expect_round_trip<Small>(8);
  EXPECT_EQ(static_cast<std::uint32_t>(board_model<Lane>::make(word{0x123456789u})), 0x23456789u);
}

TEST(BoardModel, SmallClassesHoldTheirIntegersBits) {
  expect_round_trip<Bitboard>(64);
  expect_round_trip<Wrapped32>(32);
  // On either byte order, the member is the value (not its bytes reversed).
  EXPECT_EQ(board_model<Bitboard>::make(word{0x0102030405060708u}).bits, 0x0102030405060708u);
  EXPECT_EQ(board_model<Wrapped32>::make(word{0xa0b0c0d0u}).value(), 0xa0b0c0d0u);
  EXPECT_EQ(board_model<Bitboard>::kind, board_kind::integer);
}

TEST(BoardModel, SixteenByteBoardsInEitherHalfOrder) {
  expect_round_trip<LowFirst>(128);
  expect_round_trip<HighFirst, half_order::high_first>(128);
  expect_round_trip<ByConstructor>(128);
  expect_round_trip<ByConstructor, half_order::high_first>(128);
  expect_round_trip<Inverted>(128);
  const word v{0x1111, 0x2222};
  EXPECT_EQ(board_model<LowFirst>::make(v).p[0], 0x1111u);
  const HighFirst h = board_model<HighFirst>::make<half_order::high_first>(v);
  EXPECT_EQ(h.b64[0], 0x2222u) << "the high half first, where the engine's Bitboard(hi, lo) puts it";
  EXPECT_EQ(h.b64[1], 0x1111u);
  EXPECT_EQ(board_model<ByConstructor>::make<half_order::high_first>(v).p[0], 0x2222u);
  EXPECT_EQ(board_model<Inverted>::make(v).lo_inv, ~std::uint64_t{0x1111});
}

TEST(BoardModel, RefusesWhatIsNotABoard) {
  struct Three {
    std::uint64_t w[3];
  };
  struct NoWay {
    NoWay(const NoWay&) {}
    std::uint64_t w[2];
  };
  struct TwoHalves32 {
    std::uint32_t lo, hi;  // would swap on a big-endian CPU if read as one uint64_t
  };
  struct OneArray {
    std::uint64_t b[1];
  };
  EXPECT_EQ(board_model<TwoHalves32>::problem(), scanproof::board_problem::class_members);
  EXPECT_EQ(board_model<OneArray>::problem(), scanproof::board_problem::none);
  struct Words32 {
    std::uint32_t w[4];
  };
  EXPECT_EQ(board_model<Words32>::problem(), scanproof::board_problem::class_members);
  EXPECT_EQ(board_model<LowFirst>::problem(), scanproof::board_problem::none);
  EXPECT_EQ(board_model<Three>::problem(), scanproof::board_problem::class_size);
  EXPECT_EQ(board_model<NoWay>::problem(), scanproof::board_problem::not_buildable);
  EXPECT_EQ(board_model<bool>::problem(), scanproof::board_problem::bool_board);
  EXPECT_EQ(board_model<double>::problem(), scanproof::board_problem::other);
}

// Pops: the board left behind, read back in the engine's layout.
int pop_high_first(HighFirst& b) {
  std::uint64_t& low = b.b64[1];
  std::uint64_t& high = b.b64[0];
  if (low) {
    const int s = __builtin_ctzll(low);
    low &= low - 1;
    return s;
  }
  const int s = 64 + __builtin_ctzll(high);
  high &= high - 1;
  return s;
}
struct Board8 {
  std::uint64_t v;
  int pop() {
    const int s = __builtin_ctzll(v);
    v &= v - 1;
    return s;
  }
};
int pop_signed(std::int64_t* b) {
  const int s = __builtin_ctzll(static_cast<std::uint64_t>(*b));
  *b &= *b - 1;
  return s;
}
int pop_inverted(Inverted& b) {
  std::uint64_t lo = ~b.lo_inv, hi = ~b.hi_inv;
  const int s = lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(hi);
  if (lo) lo &= lo - 1;
  else hi &= hi - 1;
  b = Inverted{~lo, ~hi};
  return s;
}

TEST(BoardModel, PopsLeaveTheirBoardInEachLayout) {
  using high_first = scanproof::reading<half_order::high_first>;
  word b{0x2, 0x5};
  EXPECT_EQ((scanproof::call_popper<&pop_high_first, high_first>(b)), 1);
  EXPECT_EQ(b, (word{0x0, 0x5}));
  EXPECT_EQ((scanproof::call_popper<&pop_high_first, high_first>(b)), 64);
  EXPECT_EQ(b, (word{0x0, 0x4}));

  word e{0x30};
  EXPECT_EQ(scanproof::call_popper<&Board8::pop>(e), 4);
  EXPECT_EQ(e, word{0x20});

  word s{0x8000000000000000u};
  EXPECT_EQ(scanproof::call_popper<&pop_signed>(s), 63);
  EXPECT_EQ(s, word{0});

  word t{0, 0x6};
  EXPECT_EQ(scanproof::call_popper<&pop_inverted>(t), 65);
  EXPECT_EQ(t, (word{0, 0x4}));
}

// Read low half first, the high-half-first board's pop is wrong: the half
// order is what the engine's reading depends on, and declaring it is what
// makes the suite agree with the engine.
TEST(BoardModel, UndeclaredHalfOrderIsSeen) {
  word b{0x2, 0x0};  // square 1: the engine finds square 65 where the suite expects 1
  EXPECT_EQ(scanproof::call_popper<&pop_high_first>(b), 65);
}

// Results.
class Square {
 public:
  constexpr explicit Square(int i) : i_(static_cast<std::int8_t>(i)) {}

 private:
  [[maybe_unused]] std::int8_t i_;  // read as the result_model reads it: its bytes
};
struct Converts {
  int v;
  explicit operator int() const { return v; }
};
struct Cell {
  std::uint8_t file, rank;
  int index() const { return rank * 8 + file; }
};
enum class Sq : std::uint8_t { none = 255 };

TEST(ResultModel, ReadsEveryKindOfResult) {
  using scanproof::result_model;
  EXPECT_EQ(result_model<Square>::value(Square(42)), 42);
  EXPECT_EQ(result_model<Square>::value(Square(-1)), -1);
  EXPECT_EQ(result_model<Converts>::value(Converts{77}), 77);
  EXPECT_EQ(result_model<Sq>::value(Sq::none), 255);
  EXPECT_EQ(result_model<unsigned>::value(0xffffffffu), 0xffffffffu);
  EXPECT_FALSE(result_model<bool>::valid);
  EXPECT_FALSE(result_model<double>::valid);
  const Cell c{3, 5};
  EXPECT_EQ(scanproof::result_by<&Cell::index>(&c), 43);
  EXPECT_EQ(scanproof::result_by<&Cell::rank>(&c), 5);
}

}  // namespace
