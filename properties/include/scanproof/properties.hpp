// The algebraic properties of bitscan and popcount, each written once as a
// predicate over a set of scanners and an input. The implementation under test
// plays its own op; every other op in the property is played by the reference
// oracle, so a failure pins the culprit. Both drivers (RapidCheck and the
// deterministic one over the canonical inputs) run this one table.
//
// Every law is phrased for the implementation's shape (shape.hpp): boards are
// `word`s of its w = squares() squares (64 for a plain 64-bit scanner, 127 for
// a two-half board with the 63 offset), the implementation is called with
// to_argument() of a board, and lsb/msb results are read as square indices
// (the implementation's result minus its index base). A board the
// implementation under test is called with is always inside its declared
// domain: each property says (arg_space) where its arguments are drawn so
// that holds, or why it cannot hold for that domain (the property is then
// skipped with that reason, never passed).
#pragma once
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "scanproof/descriptor.hpp"
#include "scanproof/digest.hpp"

namespace scanproof {

// Every call of the implementation under test: its board (square numbering),
// its result (a square index for lsb/msb) and, for a pop op, the board it
// left. The judge compares this digest with the oracle's
// (property_judge.hpp), so a property passes on what the implementation
// returned, never on what its process says about it. Cases are digested in
// order, the calls of one case in any order: C++ leaves the order in which a
// law's operands are evaluated unspecified, and GCC's differs by target
// (s390x calls lsb(b << k) and lsb(b) the other way round from x86-64).
struct call_log {
  value_digest digest;
  std::size_t calls = 0;
  void add(word b, std::int64_t r, word left = {}) {
    value_digest call;
    call.add(b.lo), call.add(b.hi), call.add(static_cast<std::uint64_t>(r)), call.add(left.lo), call.add(left.hi);
    case_sum_ += mixed(call.value());
    ++calls;
  }
  void end_case() {
    digest.add(case_sum_);
    case_sum_ = 0;
  }

 private:
  // splitmix64's finaliser: a sum of these is a fair digest of a multiset.
  static constexpr std::uint64_t mixed(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::uint64_t case_sum_ = 0;
};

// One input to a property: a nonzero board b, a second nonzero board a (for
// the two-board popcount identities) and a shift / bit index k in 0..w-1.
struct property_args {
  word b = 1;
  word a = 1;
  int k = 0;
};

// Where a property's arguments come from for one implementation: b and a are
// nonzero boards inside these masks, k is in [0, squares).
struct arg_space {
  word b_mask;
  word a_mask;
  int squares = 64;
};

// The implementation under test for its op, the reference oracle for the others.
class scanners {
 public:
  // log: where the implementation's calls are recorded (nullptr: nowhere).
  explicit scanners(const descriptor& d, call_log* log = nullptr) : d_(d), log_(log) {}
  // A correct implementation of d's declaration in its place: the reference
  // oracle, and d's declared zero result for 0. What the judge runs
  // (property_judge.cpp); no code of d's is called.
  static scanners oracle_for(const descriptor& d, call_log* log) {
    scanners s(d, log);
    s.oracle_ = true;
    return s;
  }
  // lsb/msb: the square index (the implementation's result minus its index base).
  std::int64_t lsb(word b) const { return apply(op::lsb, b); }
  std::int64_t msb(word b) const { return apply(op::msb, b); }
  std::int64_t ctz(word b) const { return apply(op::ctz, b); }
  std::int64_t clz(word b) const { return apply(op::clz, b); }
  std::int64_t popcount(word b) const { return apply(op::popcount, b); }
  // Pop ops (pop_lsb, pop_msb): the square index and the board left behind,
  // in square space.
  struct popped {
    std::int64_t index;
    word left;
  };
  popped pop(op o, word b) const;
  const descriptor& under_test() const { return d_; }
  // One case of a law ended (evaluate(), property_runner.hpp): its calls go
  // into the log's digest.
  void case_done() const {
    if (log_) log_->end_case();
  }
  const shape& sh() const { return d_.sh; }
  int squares() const { return d_.sh.squares(); }  // w: the board's squares
  word all() const { return d_.sh.all_squares(); }
  word domain() const { return d_.sh.domain; }
  // A board as the implementation takes it (render(), shape.hpp).
  std::string show(word b) const { return render(d_.sh, b); }

 private:
  // Throws std::logic_error if a property would pass zero where the
  // implementation may not see it (lsb/msb, or a declared-undefined zero), or
  // a board outside its declared domain: that is a bug in the property, never
  // a finding about the implementation.
  std::int64_t apply(op o, word b) const;
  const descriptor& d_;
  call_log* log_ = nullptr;
  bool oracle_ = false;
};

// Which arguments a property reads (the others are not shown in reports).
enum class uses : std::uint8_t { b, b_and_a, b_and_k, k };

// The ops a property involves, as a bit set.
class op_set {
 public:
  constexpr op_set(std::initializer_list<op> ops) {
    for (op o : ops) bits_ |= bit(o);
  }
  constexpr bool contains(op o) const { return (bits_ & bit(o)) != 0; }

 private:
  static constexpr unsigned bit(op o) { return 1u << static_cast<unsigned>(o); }
  unsigned bits_ = 0;
};

struct property {
  const char* name;       // a C identifier; part of the test name
  // The law, as printed in reports: "{w}" and "{w-1}" stand for the width
  // (statement(), below: "64" and "63" for a 64-bit board).
  const char* statement;
  op_set ops;             // every implementation of these ops is checked
  uses args;
  // nullopt when the law holds on x, else what was observed.
  std::optional<std::string> (*check)(const scanners& s, const property_args& x);
  // Narrows `space` (b and a in the domain) so that every board the
  // implementation under test (op `under_test`) is called with stays inside
  // sh.domain; returns why the law cannot be checked inside that domain at
  // all, or "". nullptr: the default space is right.
  std::string (*narrow)(const shape& sh, op under_test, arg_space& space) = nullptr;
  // The law as checked inside a declared domain, where it reads differently
  // ("{n}": the domain's squares); nullptr: `statement`.
  const char* domain_statement = nullptr;
};

std::span<const property> properties();
const property* find_property(std::string_view name);

// The statement for a shape: "{w}" and "{w-1}" replaced by its squares, and
// the domain named when one is declared.
std::string statement(const property& p, const shape& sh);

// Where p's arguments are drawn for d (b and a in d's domain, narrowed by
// p.narrow), or why p cannot be checked inside d's domain.
struct space_or_skip {
  arg_space space;
  std::string skip;  // non-empty: skip p for d, with this reason
};
space_or_skip space_of(const property& p, const descriptor& d);

// A nonzero board inside `mask` (nonzero) from any board: b & mask, or, when
// that is empty, one square of the mask chosen by b's lowest set bit.
word into(word b, word mask);

// Bits [0, w) of b in reverse order (bit i to bit w-1-i).
word reverse_bits(word b, int w);

}  // namespace scanproof
