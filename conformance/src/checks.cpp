#include "scanproof/checks.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <functional>
#include <memory>
#include <utility>
#include <chrono>
#include <sstream>

#include "scanproof/digest.hpp"
#include "scanproof/inputs.hpp"
#include "scanproof/isolation.hpp"
#include "scanproof/supervise.hpp"
#include "scanproof/reference.hpp"
#include "scanproof/registry.hpp"
#include "scanproof/shrink.hpp"
#include "scanproof/zero_policy.hpp"
#include "result_checks.hpp"

namespace scanproof {

namespace {

// Hand-checked answers, independent of the oracle: {input, lsb, msb, popcount}.
struct known {
  std::uint64_t b;
  int lsb, msb, pop;
};
constexpr known known_answers[] = {
    {0x0000000000000001ULL, 0, 0, 1},   {0x0000000000000002ULL, 1, 1, 1},
    {0x0000000000000003ULL, 0, 1, 2},   {0x0000000000000080ULL, 7, 7, 1},
    {0x0000000000000100ULL, 8, 8, 1},   {0x000000000000FFFFULL, 0, 15, 16},
    {0x0000000080000000ULL, 31, 31, 1}, {0x0000000100000000ULL, 32, 32, 1},
    {0x00000001FFFFFFFFULL, 0, 32, 33}, {0x0000000180000000ULL, 31, 32, 2},
    {0x4000000000000000ULL, 62, 62, 1}, {0x8000000000000000ULL, 63, 63, 1},
    {0xC000000000000000ULL, 62, 63, 2}, {0x8000000000000001ULL, 0, 63, 2},
    {0xFFFFFFFFFFFFFFFFULL, 0, 63, 64}, {0xFFFFFFFF00000000ULL, 32, 63, 32},
    {0x00000000FFFFFFFFULL, 0, 31, 32}, {0x5555555555555555ULL, 0, 62, 32},
    {0xAAAAAAAAAAAAAAAAULL, 1, 63, 32}, {0x0101010101010101ULL, 0, 56, 8},
    {0x8080808080808080ULL, 7, 63, 8},  {0x03F79D71B4CB0A89ULL, 0, 57, 32},
    {0x0000FF0000000000ULL, 40, 47, 8}, {0x0010000000000000ULL, 52, 52, 1},
    {0x001FFFFFFFFFFFFFULL, 0, 52, 53}, {0x01FFFFFFFFFFFFFFULL, 0, 56, 57},
    {0x7FFFFFFFFFFFFFFFULL, 0, 62, 63}, {0x0000000000010000ULL, 16, 16, 1},
};

// A known answer on a board of any width: {board, lsb, msb, popcount}.
struct known_board {
  word b;
  int lsb, msb, pop;
};

// The hand-checked table at 64 bits. At other widths, answers that hold by
// construction, not by the oracle: single bits at the ends and around the
// middle (and, on 128-bit boards, around both halves' boundaries: squares 62,
// 63, 64), all ones, alternating bits, each half, the two end bits. With a
// declared domain, those inside it, plus the domain itself and its end squares.
std::vector<known_board> known_boards(const shape& sh) {
  std::vector<known_board> v;
  const int w = sh.squares();
  if (w == 64) {
    for (const known& k : known_answers) v.push_back({word{k.b}, k.lsb, k.msb, k.pop});
  } else {
    for (int i : {0, 1, 2, 7, w / 2 - 1, w / 2, w - 2, w - 1, 31, 32, 62, 63, 64, 65})
      if (i < w && std::none_of(v.begin(), v.end(), [&](const known_board& k) { return k.b == word::bit(i); }))
        v.push_back({word::bit(i), i, i, 1});
    word alt;  // 0b0101...: squares 0, 2, 4, ...
    for (int i = 0; i < w; i += 2) alt |= word::bit(i);
    const int top_even = (w - 1) / 2 * 2;
    v.push_back({word::ones(w), 0, w - 1, w});
    v.push_back({alt, 0, top_even, (w + 1) / 2});
    v.push_back({(alt << 1) & word::ones(w), 1, top_even + 1 < w ? top_even + 1 : top_even - 1, w / 2});
    v.push_back({word::ones(w / 2), 0, w / 2 - 1, w / 2});
    v.push_back({word::ones(w) & ~word::ones(w / 2), w / 2, w - 1, w - w / 2});
    v.push_back({word::bit(0) | word::bit(w - 1), 0, w - 1, 2});
    if (w > 64) v.push_back({word::bit(63) | word::bit(64), 63, 64, 2});
  }
  if (!sh.domain_declared) return v;
  std::vector<known_board> in;
  for (const known_board& k : v)
    if (!(k.b & ~sh.domain)) in.push_back(k);
  const int lo = lowest_bit(sh.domain), hi = highest_bit(sh.domain);
  in.push_back({sh.domain, lo, hi, popcount(sh.domain)});
  in.push_back({word::bit(lo), lo, lo, 1});
  in.push_back({word::bit(hi), hi, hi, 1});
  return in;
}

std::int64_t known_expected(op o, const shape& sh, const known_board& k) {
  switch (o) {
    case op::lsb: return k.lsb + sh.index_base;
    case op::ctz: return k.lsb;
    case op::msb: return k.msb + sh.index_base;
    case op::clz: return sh.squares() - 1 - k.msb;
    case op::popcount: return k.pop;
    case op::pop_lsb: return k.lsb + sh.index_base;
    case op::pop_msb: return k.msb + sh.index_base;
  }
  return -1;
}

// Expected values for a chunk of canonical inputs. The hot path uses <bit>,
// which unit.reference.agrees_with_std_bit_on_every_canonical_input proves
// equal to the naive oracle on exactly these inputs, on every target the unit
// tests run on; inputs outside the canonical set (shrinking) use the oracle
// (oracle_result). Other shapes use expected_result() (shape.hpp), which
// unit.reference compares with the oracle on every canonical board of every
// width.
void expected_batch(op o, const shape& sh, const word* in, std::int64_t* out, std::size_t n) {
  if (sh.width != 64 || sh.arg != argument::integer || sh.index_base) {
    for (std::size_t i = 0; i < n; ++i) out[i] = expected_result(o, sh, in[i]);
    return;
  }
  switch (o) {
    case op::lsb:
    case op::pop_lsb:
    case op::ctz: for (std::size_t i = 0; i < n; ++i) out[i] = std::countr_zero(in[i].lo); break;
    case op::msb:
    case op::pop_msb: for (std::size_t i = 0; i < n; ++i) out[i] = 63 - std::countl_zero(in[i].lo); break;
    case op::clz: for (std::size_t i = 0; i < n; ++i) out[i] = std::countl_zero(in[i].lo); break;
    case op::popcount: for (std::size_t i = 0; i < n; ++i) out[i] = std::popcount(in[i].lo); break;
  }
}

// The number of set bits of a board, without a call (result_checks.hpp).
// This runs once per wrong result of a sweep (note_wrong_results): kept inline,
// which GCC stopped doing on m68k as this unit grew (a scanner wrong on every
// input then took 12 % longer).
[[gnu::always_inline]] inline unsigned ones(word b) { return popcount_swar(b.lo) + popcount_swar(b.hi); }

// The order counterexamples are minimised in: fewer set bits, then smaller.
bool smaller(word a, word b) {
  const unsigned pa = ones(a), pb = ones(b);
  return pa != pb ? pa < pb : a < b;
}

// One board, judged by the naive oracle: the result, and for a pop op
// (op.hpp: pops()) the board left behind; nullopt when right.
std::optional<mismatch> mismatch_on(const descriptor& d, word board) {
  const word arg = to_argument(d.sh, board);
  word after;
  mismatch m{board, oracle_result(d.operation, d.sh, board), call_one(d.batch, arg, after)};
  if (pops(d.operation)) {
    m.expected_after = to_argument(d.sh, oracle_after(d.operation, d.sh, board));
    m.got_after = after;
  }
  if (m.got == m.expected && m.got_after == m.expected_after) return std::nullopt;
  return m;
}

// Shrinks towards fewest set bits, then smallest value (shrink.hpp).
mismatch shrink(const descriptor& d, mismatch m) {
  return shrink_greedy(
      m, [&](const mismatch& f) { return board_shrinks(f.input, d.sh.domain); },
      [&](word t) {
        const word arg = to_argument(d.sh, t);
        flight_chunk(&arg, 0, 1, "shrink");
        return mismatch_on(d, t);
      });
}

// One integer of 64 bits, index base 0: the shape <bit> counts directly.
bool is_plain_64(const shape& sh) { return sh.width == 64 && sh.arg == argument::integer && !sh.index_base; }

// A chunk's wrong results noted in o: the count, the first (in input order)
// and the smallest (`smaller`; the earliest of equals), a mismatch built by
// make(i) for those two alone, so a scanner wrong on every input pays no
// expected value per input. wrong(i) says whether input i's result is wrong
// (result_checks.hpp's exact checks, or the expected values), board(i) is
// its board. Two passes without a branch per input: the wrong inputs'
// places, then the smallest of them. Noted one by one as they were found,
// the branches cost more under qemu than the checks themselves on a scanner
// wrong on every input (docs/measurements.md).
// Not inline: the sweeps' own loops stay as lean as they were (on m68k, a
// compare_values() with this inside ran every check about 10 % slower).
template <class Wrong, class Board, class Make>
[[gnu::noinline]] void note_wrong_results(observation& o, std::size_t n, Wrong wrong, Board board, Make make) {
  // The wrong inputs' places, in order (not zeroed first: every one is written
  // before it is read; no thread_local, which wasm32-wasi cannot link).
  const std::unique_ptr<std::uint32_t[]> at(new std::uint32_t[n]);
  std::size_t m = 0;
  for (std::size_t i = 0; i < n; ++i) {
    at[m] = static_cast<std::uint32_t>(i);
    m += wrong(i) ? 1 : 0;
  }
  if (m == 0) return;
  o.failures += m;
  std::size_t best = at[0];
  word best_board = board(best);
  unsigned best_ones = ones(best_board);
  for (std::size_t j = 1; j < m; ++j) {
    const word b = board(at[j]);
    const unsigned k = ones(b);
    const bool better = k < best_ones || (k == best_ones && b < best_board);
    best = better ? at[j] : best;
    best_board = better ? b : best_board;
    best_ones = better ? k : best_ones;
  }
  if (!o.first) o.first = make(at[0]);
  if (!o.smallest || smaller(best_board, o.smallest->input)) o.smallest = make(best);
}

// The chunk's results against expected values (got[i] != ref[i]), on board(i),
// input #base+i+1.
template <class Board>
void note_mismatches(observation& o, const std::int64_t* got, const std::int64_t* ref, std::size_t n,
                     std::size_t base, Board board) {
  note_wrong_results(
      o, n, [&](std::size_t i) { return got[i] != ref[i]; }, board,
      [&](std::size_t i) { return mismatch{board(i), ref[i], got[i], base + i + 1}; });
}

// Inputs per chunk: boards, arguments, results and expected values of one
// chunk stay in a core's L2 cache; the flight record is updated per chunk.
constexpr std::size_t chunk = 1 << 12;

// Runs the boards `fill` supplies (up to `chunk` per call, 0 at the end) with
// expected values from `want`; keeps the minimal failure and digests the
// results (digest.hpp: the output digest). The implementation is passed
// to_argument() of each board (mapped for the 63-offset layout alone). A pop
// op (op.hpp: pops()) is judged on its index and on the board it leaves behind
// (expected_after(), argument space), and digested as each index, then that
// board, low half first (one add() of the chunk's 3n values). With
// `self_checked` (the canonical sets, whose expected values are the oracle's,
// not a hand-checked table), a chunk the fast judgement finds right
// (result_checks.hpp) needs no expected values.
template <class Fill, class Want>
observation compare(const descriptor& d, Fill fill, Want want, bool self_checked) {
  const bool pop = pops(d.operation);
  observation o;
  value_digest h;
  std::vector<word> boards(chunk), after(pop ? chunk : 0);
  std::vector<std::int64_t> got(chunk), ref(chunk);
  std::vector<std::uint64_t> digested(pop ? 3 * chunk : 0);
  const bool mapped = to_argument(d.sh, d.sh.domain) != d.sh.domain;  // the 63-offset layout
  std::vector<word> args(mapped ? chunk : 0);
  const auto argument_of = [&](word b) { return mapped ? to_argument(d.sh, b) : b; };
  std::size_t base = 0;
  for (std::size_t n; (n = fill(boards.data(), chunk)) != 0; base += n) {
    const word* in = boards.data();
    if (mapped) {
      for (std::size_t i = 0; i < n; ++i) args[i] = to_argument(d.sh, boards[i]);
      in = args.data();
    }
    flight_chunk(in, base, n);
    const auto t0 = std::chrono::steady_clock::now();
    d.batch(in, got.data(), pop ? after.data() : nullptr, n);
    o.scanner_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (pop) {
      for (std::size_t i = 0; i < n; ++i) {
        digested[3 * i] = static_cast<std::uint64_t>(got[i]);
        digested[3 * i + 1] = after[i].lo;
        digested[3 * i + 2] = after[i].hi;
      }
      h.add(digested.data(), 3 * n);
    } else {
      h.add(got.data(), n);
    }
    // Built for the first and the smallest wrong input alone (note_wrong_results).
    const auto mismatch_at = [&](std::size_t i, std::int64_t expected) {
      mismatch m{boards[i], expected, got[i], base + i + 1};
      if (pop) {
        m.expected_after = argument_of(expected_after(d.operation, boards[i]));
        m.got_after = after[i];
      }
      return m;
    };
    const auto expected_at = [&](std::size_t i) {
      std::int64_t expected = 0;
      want(&boards[i], &expected, 1, base + i);
      return expected;
    };
    const auto board_at = [&](std::size_t i) { return boards[i]; };
    if (self_checked && pop) {
      if (wrong_pop_results(d.operation, d.sh, boards.data(), in, got.data(), after.data(), n))
        with_pop_check(d.operation, d.sh, [&](auto wrong) {
          note_wrong_results(
              o, n,
              [&](std::size_t i) { return wrong(boards[i], in[i], static_cast<std::uint64_t>(got[i]), after[i]) != 0; },
              board_at, [&](std::size_t i) { return mismatch_at(i, expected_at(i)); });
        });
      continue;
    }
    if (self_checked && !wrong_board_results(d.operation, d.sh, boards.data(), got.data(), n)) continue;
    // A wrong chunk of a shape whose expected value is a call per input
    // (expected_result()): judged per input. The plain 64-bit shape's are
    // inline <bit> counts, cheaper than the shifts per input on 32-bit targets.
    if (self_checked && !is_plain_64(d.sh)) {
      with_board_check(d.operation, d.sh, [&](auto wrong) {
        note_wrong_results(
            o, n, [&](std::size_t i) { return wrong(boards[i], static_cast<std::uint64_t>(got[i])) != 0; }, board_at,
            [&](std::size_t i) { return mismatch_at(i, expected_at(i)); });
      });
      continue;
    }
    want(boards.data(), ref.data(), n, base);
    if (pop) {
      note_wrong_results(
          o, n,
          [&](std::size_t i) {
            return got[i] != ref[i] || !(after[i] == argument_of(expected_after(d.operation, boards[i])));
          },
          board_at, [&](std::size_t i) { return mismatch_at(i, ref[i]); });
      continue;
    }
    std::uint64_t differ = 0;  // branch-free over the chunk; the slow path only when something differs
    for (std::size_t i = 0; i < n; ++i) differ |= static_cast<std::uint64_t>(got[i] ^ ref[i]);
    if (differ) note_mismatches(o, got.data(), ref.data(), n, base, board_at);
  }
  o.inputs = base;
  o.digest = h.value();
  return o;
}

// The boards of set `s` inside d's domain, chunk by chunk, read from the
// stored values (inputs.hpp: mapped, read or made once) without a copy of the
// whole set: each value masked into the domain, empty boards dropped. Where
// the set's digest is still to be matched (digest_pending: the first sweep of
// a mapped file), it digests every stored value it reads, for
// inputs_confirmed().
class set_boards {
 public:
  set_boards(const input_values& v, const shape& sh)
      : v_(v), domain_(sh.domain), every_square_(sh.domain == word::ones(sh.width)), digest_(v.digest_pending) {}
  std::size_t operator()(word* out, std::size_t max) {
    std::size_t n = 0;
    const std::size_t from = next_;
    if (every_square_ && v_.units == 1) {  // the common case: a plain copy, widened
      n = std::min(max, v_.count - next_);
      const std::uint64_t* p = v_.data + next_;
      for (std::size_t i = 0; i < n; ++i) out[i] = word{p[i]};
      next_ += n;
    } else {  // masked into the domain; each board written, kept if not empty (no branch per input)
      const std::uint64_t* p = v_.data;
      const bool two = v_.units == 2;
      while (n < max && next_ < v_.count) {
        const std::size_t k = std::min(max - n, v_.count - next_);
        for (std::size_t i = next_; i < next_ + k; ++i) {
          const word b = word{two ? p[2 * i] : p[i], two ? p[2 * i + 1] : 0} & domain_;
          out[n] = b;
          n += (b.lo | b.hi) != 0;
        }
        next_ += k;
      }
    }
    if (digest_) read_.add(v_.data + from * units(), (next_ - from) * units());
    return n;
  }
  // The stored values themselves, up to `max` of them (0 at the end), where
  // each is its board: one unit per input, every square in the domain.
  bool values_are_boards() const { return every_square_ && v_.units == 1; }
  // They are digested by digest_values(), once the scanner has read them: the
  // scanner's batch is then the first to read each input from the mapped
  // file, and the digest reads it from the cache.
  std::size_t values(const std::uint64_t*& out, std::size_t max) {
    out = v_.data + next_;
    const std::size_t n = std::min(max, v_.count - next_);
    next_ += n;
    return n;
  }
  // With the outputs' digest in the same pass (value_digest::add_both).
  void digest_values(const std::uint64_t* in, value_digest& outputs, const std::int64_t* got, std::size_t n) {
    if (digest_) value_digest::add_both(read_, in, outputs, reinterpret_cast<const std::uint64_t*>(got), n);
    else outputs.add(got, n);
  }
  // Whether the sweep's inputs are the set's, as far as this sweep can tell:
  // confirm_inputs() of the stored values' digest if it was pending.
  bool inputs_confirmed(const input_set& s, int width) const {
    return !digest_ || confirm_inputs(s, width, read_.value());
  }

 private:
  std::size_t units() const { return static_cast<std::size_t>(v_.units); }
  const input_values& v_;
  word domain_;
  bool every_square_;
  bool digest_;
  std::size_t next_ = 0;
  value_digest read_;
};

// Expected values for stored 64-bit values, as expected_batch() computes them
// for their boards (a few boards at a time: WASI's stack is small).
void expected_values(op o, const shape& sh, const std::uint64_t* in, std::int64_t* out, std::size_t n) {
  constexpr std::size_t step = 256;
  word b[step];
  for (std::size_t at = 0; at < n; at += step) {
    const std::size_t m = std::min(step, n - at);
    for (std::size_t i = 0; i < m; ++i) b[i] = word{in[at + i]};
    expected_batch(o, sh, b, out + at, m);
  }
}

// Zero when every result of a chunk is right, nonzero when one may not be
// (then the caller computes the expected values and finds which):
// result_checks.hpp, the ISA's counts for the plain 64-bit shape, shifts for
// the other one-integer shapes (8 to 64 bits, an index base).
std::uint64_t differences(op o, const shape& sh, const std::uint64_t* in, const std::int64_t* got, std::size_t n) {
  if (is_plain_64(sh)) return wrong_results<native_counts>(o, in, got, n);
  return with_board_check(o, sh, [&](auto wrong) {
    std::uint64_t d = 0;
    for (std::size_t i = 0; i < n; ++i) d |= wrong(word{in[i]}, static_cast<std::uint64_t>(got[i]));
    return d;
  });
}

// compare() where the scanner reads the stored values directly (descriptor's
// batch_values: one integer of up to 64 bits, plain layout, every square in
// the domain): the same observation, digest and flight record per chunk, with
// no copy of an input before the scanner reads it.
observation compare_values(const descriptor& d, set_boards& fill) {
  observation o;
  const bool plain_64 = is_plain_64(d.sh);
  value_digest h;
  std::vector<std::int64_t> got(chunk);
  std::size_t base = 0;
  const std::uint64_t* in = nullptr;
  for (std::size_t n; (n = fill.values(in, chunk)) != 0; base += n) {
    const word first{in[0]};
    flight_chunk(&first, base, n);
    const auto t0 = std::chrono::steady_clock::now();
    d.batch_values(in, got.data(), n);
    o.scanner_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    fill.digest_values(in, h, got.data(), n);
    if (!differences(d.operation, d.sh, in, got.data(), n)) continue;
    if (plain_64) {  // each input judged again by the same check; the expected value only for a mismatch built
      with_result_check<native_counts>(d.operation, [&](auto wrong) {
        note_wrong_results(
            o, n, [&](std::size_t i) { return wrong(in[i], static_cast<std::uint64_t>(got[i])) != 0; },
            [&](std::size_t i) { return word{in[i]}; },
            [&](std::size_t i) {
              const word b{in[i]};
              return mismatch{b, oracle_result(d.operation, d.sh, b), got[i], base + i + 1};
            });
      });
      continue;
    }
    with_board_check(d.operation, d.sh, [&](auto wrong) {
      note_wrong_results(
          o, n, [&](std::size_t i) { return wrong(word{in[i]}, static_cast<std::uint64_t>(got[i])) != 0; },
          [&](std::size_t i) { return word{in[i]}; },
          [&](std::size_t i) {
            std::int64_t expected = 0;
            expected_values(d.operation, d.sh, in + i, &expected, 1);
            return mismatch{word{in[i]}, expected, got[i], base + i + 1};
          });
    });
  }
  o.inputs = base;
  o.digest = h.value();
  return o;
}

// The boards of a vector, chunk by chunk.
auto vector_boards(const std::vector<word>& v) {
  return [&v, next = std::size_t{0}](word* out, std::size_t max) mutable {
    const std::size_t n = std::min(max, v.size() - next);
    std::copy_n(v.data() + next, n, out);
    next += n;
    return n;
  };
}

// Shrinks the smallest failure, then replays it alone. A shrunk input that
// does not fail again is not shown as a counterexample: the sweep's own
// failing input is reported instead, replayed too, and marked if it does not
// reproduce either (a stateful or nondeterministic scanner).
void shrink_and_replay(const descriptor& d, observation& o) {
  if (!o.smallest) return;
  const mismatch found = *o.smallest;
  const mismatch shrunk = replay(d, shrink(d, found));
  o.smallest = shrunk.reproduced ? shrunk : replay(d, found);
  if (o.first) o.first = replay(d, *o.first);
}

// One sweep of set s. Its inputs are read once: the sweep digests them as it
// goes and confirm_inputs() matches that against the set's pin before anything
// is reported. A corrupt cache file is made again there and the sweep runs
// again on the new values, so no observation rests on wrong inputs.
observation observe_set(const descriptor& d, const input_set& s) {
  const bool direct = d.batch_values && !pops(d.operation) && to_argument(d.sh, d.sh.domain) == d.sh.domain;
  for (;;) {
    set_boards fill(sweep_values_of(s, d.sh.width), d.sh);
    observation o = direct && fill.values_are_boards()
                        ? compare_values(d, fill)
                        : compare(d, std::ref(fill), [&](const word* p, std::int64_t* r, std::size_t n, std::size_t) {
                            expected_batch(d.operation, d.sh, p, r, n);
                          }, true);
    if (!fill.inputs_confirmed(s, d.sh.width)) continue;
    shrink_and_replay(d, o);
    return o;
  }
}

observation observe_known(const descriptor& d) {
  const std::vector<known_board> known = known_boards(d.sh);
  std::vector<word> in;
  for (const known_board& k : known) in.push_back(k.b);
  observation o = compare(d, vector_boards(in), [&](const word*, std::int64_t* r, std::size_t n, std::size_t base) {
    for (std::size_t i = 0; i < n; ++i) r[i] = known_expected(d.operation, d.sh, known[base + i]);
  }, false);
  // Its digest is reported to the judge (judge.hpp) but is no part of the
  // implementation's output digest (run_implementation() folds input sets only).
  for (auto* m : {&o.smallest, &o.first})
    if (*m) **m = replay(d, **m);
  return o;
}

const expectation* any_expectation(const descriptor& d, scope s) {
  for (const expectation& e : d.expected)
    if (e.on == s) return &e;
  return nullptr;
}

std::string describe(const descriptor& d, const mismatch& m) {
  std::ostringstream s;
  s << op_label(d.operation, d.sh) << "(" << render(d.sh, m.input) << ") expected " << m.expected;
  if (m.expected_after) s << " leaving " << render_argument(d.sh, *m.expected_after);
  s << ", got " << m.got;
  if (m.got_after) s << " leaving " << render_argument(d.sh, *m.got_after);
  if (!m.reproduced)
    s << "\n    DOES NOT REPRODUCE: replayed alone it returns " << m.replay_got
      << (m.replay_after ? " leaving " + render_argument(d.sh, *m.replay_after) : std::string())
      << " (correct). The scanner is stateful or nondeterministic: it failed on input #"
      << m.position << " of this check, and the check still fails";
  return s.str();
}

// A two-half board whose scanner is right on the failing inputs with its
// halves swapped most likely holds them in the other order: a hint naming the
// declaration (never part of the verdict, which stays the failure). Tried
// only where the swapped board is in the domain, so the scanner sees nothing
// it could not be given.
std::string half_order_hint(const descriptor& d, const observation& o) {
  if (!d.batch || d.sh.width != 128 || !d.sh.two_halves() || d.sh.high_offset != 64) return "";
  for (const std::optional<mismatch>* m : {&o.smallest, &o.first}) {
    if (!*m) continue;
    const word arg = to_argument(d.sh, (*m)->input);
    const word swapped{arg.hi, arg.lo};
    if (from_argument(d.sh, swapped) & ~d.sh.domain) return "";
    flight_chunk(&swapped, 0, 1, "half-order hint");
    if (call_one(d.batch, swapped) != (*m)->expected) return "";
  }
  const bool low = d.sh.halves == half_order::low_first;
  return std::string("  hint: with its two halves swapped it returns what is expected on these inputs: if the "
                     "board holds its ") + (low ? "high" : "low") + " half first, declare .halves = scanproof::" +
         (low ? "high_first" : "low_first") + " (docs/contracts.md, Boards and results as engines type them)\n";
}

std::string failure_text(const descriptor& d, std::string_view check, const observation& o) {
  std::ostringstream s;
  s << "op=" << op_label(d.operation, d.sh) << " impl=" << d.name << " check=" << check << ": " << o.failures
    << " of " << o.inputs << " inputs wrong\n";
  s << "  smallest failing input: " << describe(d, *o.smallest) << "\n";
  if (o.first && o.first->input != o.smallest->input)
    s << "  first failing input:    " << describe(d, *o.first) << "\n";
  s << half_order_hint(d, o);
  s << "  re-run: ctest -R '^conformance\\." << op_label(d.operation, d.sh) << "\\." << d.name << "\\."
    << check << "$' --output-on-failure";
  return s.str();
}

// Judges a nonzero-input observation.
check_outcome judge_nonzero(const descriptor& d, std::string_view check, observation o) {
  check_outcome r;
  r.check = check;
  r.seen = o;
  const expectation* e = active_expectation(d, scope::nonzero);
  if (o.failures == 0) {
    r.v = verdict::pass;
    r.message = std::to_string(o.inputs) + " inputs conform";
    if (e)
      r.message += " (expected failure '" + std::string(e->reason) +
                   "' not triggered by this input family; see expected_failure)";
    return r;
  }
  r.message = failure_text(d, check, o);
  if (e) {
    r.v = verdict::xfail;
    r.message = "XFAIL (" + std::string(e->when.name) + "): " + e->reason + "\n" + r.message;
  } else {
    r.v = verdict::fail;
  }
  return r;
}

check_outcome run_zero(const descriptor& d) {
  check_outcome r;
  r.check = "zero";
  const zero_decision z = zero_policy(d);
  if (!z.call) {
    r.v = verdict::skip;
    r.message = z.why;
    return r;
  }
  const std::optional<std::int64_t> want = z.want;
  const word zero{};
  flight_chunk(&zero, 0, 1);
  const std::int64_t got = call_one(d.batch, zero);
  r.seen.inputs = 1;
  r.seen.zero_result = got;
  if (!want) {
    r.v = verdict::skip;
    r.message = z.why + "; observed " + std::to_string(got);
    return r;
  }
  const bool ok = got == *want;
  std::ostringstream s;
  s << op_label(d.operation, d.sh) << "(" << render(d.sh, zero) << ") expected " << *want << ", got " << got;
  if (d.zero.k == zero_spec::kind::declared && *d.zero.note) s << " (declared: " << d.zero.note << ")";
  if (!ok) {
    r.seen.failures = 1;
    r.seen.smallest = r.seen.first = mismatch{0, *want, got};
  }
  const expectation* e = active_expectation(d, scope::zero);
  if (e) {
    r.v = ok ? verdict::xpass : verdict::xfail;
    r.message = std::string(ok ? "XPASS" : "XFAIL") + " (" + e->when.name + "): " + e->reason + "\n  " + s.str();
    if (ok) r.message += "\n  the declared expectation no longer holds: fix the catalogue entry";
  } else {
    r.v = ok ? verdict::pass : verdict::fail;
    r.message = (ok ? "" : "zero contract violated: op=" + op_label(d.operation, d.sh) +
                               " impl=" + d.name + "\n  ") + s.str();
  }
  return r;
}

// Judges the expectation on nonzero inputs from the input-set sweeps' observations.
check_outcome judge_expected_failure(const descriptor& d, const std::vector<observation>& sweeps) {
  check_outcome r;
  r.check = "expected_failure";
  const expectation* e = active_expectation(d, scope::nonzero);
  if (!e) {
    const expectation* any = any_expectation(d, scope::nonzero);
    r.v = verdict::skip;
    r.message = any ? "expectation '" + std::string(any->reason) + "' applies only where " +
                          any->when.name + ", not on this target"
                    : "no expectation on nonzero inputs";
    return r;
  }
  observation all;
  all.inputs = 0;
  for (const observation& o : sweeps) {
    all.inputs += o.inputs;
    all.failures += o.failures;
    if (o.smallest && (!all.smallest || smaller(o.smallest->input, all.smallest->input)))
      all.smallest = o.smallest;
    if (!all.first && o.first) all.first = o.first;
  }
  std::vector<std::uint64_t> digests;
  for (const observation& o : sweeps)
    if (o.digest) digests.push_back(*o.digest);
  if (digests.size() == sweeps.size()) all.digest = digest_of_digests(digests);
  r.seen = all;
  if (all.failures) {
    r.v = verdict::xfail;
    r.message = "XFAIL (" + std::string(e->when.name) + "): " + e->reason + "\n" +
                failure_text(d, "expected_failure", all);
  } else {
    r.v = verdict::xpass;
    r.message = "XPASS: expected '" + std::string(e->reason) + "' (" + e->when.name +
                ") but all " + std::to_string(all.inputs) +
                " nonzero inputs conform: the expectation is wrong, fix the catalogue entry";
  }
  return r;
}

check_outcome run_expected_failure(const descriptor& d) {
  std::vector<observation> sweeps;
  if (active_expectation(d, scope::nonzero))
    for (const input_set* s : input_sets(d.sh.width)) sweeps.push_back(observe_set(d, *s));
  return judge_expected_failure(d, sweeps);
}

std::string test_label(const descriptor& d, std::string_view check) {
  return "conformance." + op_label(d.operation, d.sh) + "." + d.name + "." + std::string(check);
}

}  // namespace

std::optional<std::string> unrunnable(const descriptor& d) {
  if (!d.built()) return "not built for this target: " + d.unavailable;
  for (const requirement& q : d.requires_cpu)
    if (!q.option && !cpu_has(q.feature))
      return std::string("requires ") + name(q.feature) +
             ", which this CPU lacks (the instruction would trap with SIGILL)";
  return std::nullopt;
}

std::optional<std::string> built_beyond_cpu(const descriptor& d) {
  if (!d.built()) return std::nullopt;
  for (const requirement& q : d.requires_cpu)
    if (q.option && !cpu_has(q.feature))
      return std::string("built with ") + q.option + " (its `// scanproof: option`), so it runs SIGILL on a CPU "
             "without " + name(q.feature) + ", as this one is: the engine built with " + q.option +
             " cannot run here";
  return std::nullopt;
}

const expectation* active_expectation(const descriptor& d, scope s) {
  for (const expectation& e : d.expected)
    if (e.on == s && e.when.holds()) return &e;
  return nullptr;
}

std::string_view name(verdict v) {
  switch (v) {
    case verdict::pass: return "pass";
    case verdict::fail: return "fail";
    case verdict::xfail: return "xfail";
    case verdict::xpass: return "xpass";
    case verdict::skip: return "skip";
  }
  return "?";
}

std::uint64_t output_digest(std::span<const std::int64_t> outputs) {
  value_digest h;
  h.add(outputs.data(), outputs.size());
  return h.value();
}

std::uint64_t digest_of_digests(std::span<const std::uint64_t> digests) {
  value_digest h;
  h.add(digests.data(), digests.size());
  return h.value();
}

std::optional<std::vector<std::int64_t>> oracle_outputs(op o, const shape& sh, std::string_view check) {
  std::vector<std::int64_t> out;
  // What a check digests per input: the index, and for a pop op the board it
  // leaves behind (argument space, low half first), as compare() does.
  const auto emit = [&](word board, std::int64_t index) {
    out.push_back(index);
    if (!pops(o)) return;
    const word after = to_argument(sh, expected_after(o, board));
    out.push_back(static_cast<std::int64_t>(after.lo));
    out.push_back(static_cast<std::int64_t>(after.hi));
  };
  if (check == "known_answers") {
    for (const known_board& k : known_boards(sh)) emit(k.b, known_expected(o, sh, k));
  } else if (const input_set* s = find_input_set(check)) {
    const std::vector<word>& in = boards_of(*s, sh);
    std::vector<std::int64_t> index(in.size());
    for (std::size_t base = 0; base < in.size(); base += chunk)
      expected_batch(o, sh, in.data() + base, index.data() + base, std::min(chunk, in.size() - base));
    out.reserve(in.size() * (pops(o) ? 3 : 1));
    for (std::size_t i = 0; i < in.size(); ++i) emit(in[i], index[i]);
  } else {
    return std::nullopt;
  }
  return out;
}

std::optional<oracle_summary> oracle_digest(op o, const shape& sh, std::string_view check) {
  if (check == "known_answers") {
    const std::vector<std::int64_t> r = *oracle_outputs(o, sh, check);
    return oracle_summary{known_boards(sh).size(), output_digest(r)};
  }
  const input_set* s = find_input_set(check);
  if (!s) return std::nullopt;
  // Streamed as observe_set() runs the check: the same boards (set_boards), the
  // same digest sequence, without holding the set's boards or outputs (Node's
  // WASI crashed once the table's process held them for every shape).
  set_boards fill(values_of(*s, sh.width), sh);
  std::vector<word> boards(chunk);
  std::vector<std::int64_t> index(chunk);
  value_digest h;
  std::size_t count = 0;
  for (std::size_t n; (n = fill(boards.data(), chunk)) != 0; count += n) {
    expected_batch(o, sh, boards.data(), index.data(), n);
    if (!pops(o)) {
      h.add(index.data(), n);
      continue;
    }
    for (std::size_t i = 0; i < n; ++i) {  // as compare(): index, then the board left
      const word after = to_argument(sh, expected_after(o, boards[i]));
      h.add(static_cast<std::uint64_t>(index[i]));
      h.add(after.lo);
      h.add(after.hi);
    }
  }
  return oracle_summary{count, h.value()};
}

std::vector<word> check_inputs(const descriptor& d, std::string_view check) {
  std::vector<word> in;
  if (check == "known_answers") {
    for (const known_board& k : known_boards(d.sh)) in.push_back(k.b);
  } else if (const input_set* s = find_input_set(check)) {
    in = boards_of(*s, d.sh);
  }
  return in;
}

namespace {
// The supervisor (core, supervise.hpp) re-runs a chunk in flight one call at a
// time from these inputs. Every program that runs a check links this file.
[[maybe_unused]] const bool inputs_source_set = (set_check_inputs_source(check_inputs), true);
}  // namespace

std::vector<std::string> check_names(const descriptor& d) {
  std::vector<std::string> v{"known_answers"};
  for (const input_set* s : input_sets(d.sh.width)) v.emplace_back(s->name);
  v.emplace_back("zero");
  if (any_expectation(d, scope::nonzero)) v.emplace_back("expected_failure");
  return v;
}

namespace {
// One check, with its observation of an input set kept for the caller.
check_outcome run_one(const descriptor& d, std::string_view check, observation* sweep) {
  const auto t0 = std::chrono::steady_clock::now();
  check_outcome r;
  if (auto why = unrunnable(d)) {
    r.check = check;
    r.v = verdict::skip;
    r.message = *why;
    return r;
  }
  if (auto why = built_beyond_cpu(d)) {
    r.check = check;
    r.v = verdict::fail;
    r.message = *why;
    return r;
  }
  const fresh_process_state fresh;
  flight_begin(d, check, test_label(d, check));
  if (check == "known_answers") {
    r = judge_nonzero(d, check, observe_known(d));
  } else if (check == "zero") {
    r = run_zero(d);
  } else if (check == "expected_failure") {
    r = run_expected_failure(d);
  } else if (const input_set* s = find_input_set(check)) {
    observation o = observe_set(d, *s);
    if (sweep) *sweep = o;
    r = judge_nonzero(d, check, std::move(o));
  } else {
    r.check = check;
    r.v = verdict::fail;
    r.message = "unknown check '" + std::string(check) + "'";
  }
  flight_end();
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}
}  // namespace

check_outcome run_check(const descriptor& d, std::string_view check) {
  return run_one(d, check, nullptr);
}

mismatch replay(const descriptor& d, mismatch m) {
  const word arg = to_argument(d.sh, m.input);
  flight_chunk(&arg, 0, 1, "replay");
  word after;
  m.replay_got = call_one(d.batch, arg, after);
  m.reproduced = m.replay_got != m.expected;
  if (pops(d.operation) && m.expected_after) {
    m.replay_after = after;
    m.reproduced = m.reproduced || after != *m.expected_after;
  }
  return m;
}

impl_summary run_implementation(const descriptor& d) {
  impl_summary s;
  s.d = &d;
  std::vector<observation> sweeps;
  std::vector<std::uint64_t> digests;
  bool digest_complete = true;
  int skipped = 0;
  for (const std::string& c : check_names(d)) {
    check_outcome r;
    if (c == "expected_failure" && !unrunnable(d)) {
      const auto t0 = std::chrono::steady_clock::now();
      r = judge_expected_failure(d, sweeps);
      r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    } else {
      observation sweep;
      r = run_one(d, c, &sweep);
      if (find_input_set(c)) {
        if (sweep.digest) digests.push_back(*sweep.digest);
        else digest_complete = false;
        sweeps.push_back(std::move(sweep));
      }
    }
    s.seconds += r.seconds;
    if (r.seen.zero_result) s.zero_result = r.seen.zero_result;
    if (r.v == verdict::skip) ++skipped;
    if (r.v == verdict::xfail && r.seen.failures)
      for (const char* scope_name : {r.check == "zero" ? "zero" : "nonzero"})
        if (std::find(s.expected_failures_observed.begin(), s.expected_failures_observed.end(),
                      scope_name) == s.expected_failures_observed.end())
          s.expected_failures_observed.emplace_back(scope_name);
    const bool decides = (is_failure(r.v) && !is_failure(s.overall)) ||
                         (r.v == verdict::xfail && s.overall == verdict::pass);
    if (decides) {
      s.overall = r.v;
      s.counterexample = r.seen.smallest;
      s.headline = r.message;
    }
    s.checks.push_back(std::move(r));
  }
  if (skipped == static_cast<int>(s.checks.size())) {
    s.overall = verdict::skip;
    s.headline = s.checks.empty() ? "no checks" : s.checks.front().message;
  }
  if (digest_complete && !sweeps.empty()) s.digest = digest_of_digests(digests);
  // One line: the counterexample as the check shows it, else the message's first line.
  if (auto p = s.headline.find("smallest failing input: "); p != std::string::npos)
    s.headline = s.headline.substr(p + 24);
  s.headline = s.headline.substr(0, s.headline.find('\n'));
  if (s.counterexample && !s.counterexample->reproduced) s.headline += " (does not reproduce alone)";
  if (s.overall == verdict::pass) s.headline.clear();
  return s;
}

impl_summary ended_early(const descriptor& d, std::string why) {
  impl_summary s;
  s.d = &d;
  s.overall = verdict::fail;
  s.headline = std::move(why);
  s.ran_to_end = false;
  return s;
}

}  // namespace scanproof
