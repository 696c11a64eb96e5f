#include "scanproof/shape.hpp"

#include "scanproof/reference.hpp"

namespace scanproof {

namespace {
std::string hex_digits(std::uint64_t v, int digits) {
  static const char d[] = "0123456789abcdef";
  std::string s;
  for (int i = (digits - 1) * 4; i >= 0; i -= 4) s += d[(v >> i) & 0xF];
  return s;
}
}  // namespace

std::string_view name(argument a) {
  switch (a) {
    case argument::integer: return "integer";
    case argument::int128: return "int128";
    case argument::halves: return "halves";
    case argument::pair: return "pair";
  }
  return "?";
}

std::string op_label(op o, const shape& s) {
  std::string l(name(o));
  return s.width == 64 ? l : l + std::to_string(s.width);
}

std::string hex128(word a) { return "0x" + hex_digits(a.hi, 16) + hex_digits(a.lo, 16); }

std::string hex(std::uint64_t v) { return "0x" + hex_digits(v, 16); }

std::string render(const shape& s, word b) { return render_argument(s, to_argument(s, b)); }

std::string render_argument(const shape& s, word a) {
  if (s.width < 128) return "0x" + hex_digits(a.lo, s.width / 4);
  if (s.arg == argument::int128) return hex128(a);
  return "{lo=0x" + hex_digits(a.lo, 16) + ", hi=0x" + hex_digits(a.hi, 16) + "}";
}

// Through <bit> (word.hpp), not the naive loops: it is the sweeps' hot path.
// unit.reference compares it with oracle_result() on every canonical board of
// every width.
std::int64_t expected_result(op o, const shape& s, word b) {
  switch (o) {
    case op::lsb: return lowest_bit(b) + s.index_base;
    case op::msb: return highest_bit(b) + s.index_base;
    case op::ctz: return b ? lowest_bit(b) : s.squares();
    case op::clz: return b ? s.squares() - 1 - highest_bit(b) : s.squares();
    case op::popcount: return popcount(b);
    case op::pop_lsb: return lowest_bit(b) + s.index_base;
    case op::pop_msb: return highest_bit(b) + s.index_base;
  }
  return -1;
}

word expected_after(op o, word b) {
  if (!pops(o) || !b) return b;
  return b & ~word::bit(scan_of(o) == op::lsb ? lowest_bit(b) : highest_bit(b));
}

word oracle_after(op o, const shape& s, word b) { return reference::board_after(o, b, s.squares()); }

std::int64_t oracle_result(op o, const shape& s, word b) {
  const std::int64_t r = reference::eval(o, b, s.squares());
  return returns_square(o) ? r + s.index_base : r;
}

std::optional<std::int64_t> required_zero_result(op o, const shape& s) {
  switch (o) {
    case op::ctz:
    case op::clz: return s.squares();
    case op::popcount: return 0;
    default: return std::nullopt;
  }
}

std::string shape_error(op o, const shape& s) {
  if (s.width != 8 && s.width != 16 && s.width != 32 && s.width != 64 && s.width != 128)
    return "width " + std::to_string(s.width) + " is not 8, 16, 32, 64 or 128";
  if (s.high_offset != 64 && s.high_offset != 63)
    return "high_offset " + std::to_string(s.high_offset) +
           ": the high half starts at square 64 (a plain 128-bit number) or 63 (YaneuraOu/Apery)";
  if (s.high_offset == 63 && !s.two_halves())
    return "high_offset 63 needs a two-half shape (lo, hi arguments or a struct of two uint64_t)";
  if (s.index_base != 0 && s.index_base != 1)
    return "index_base " + std::to_string(s.index_base) + " is not 0 or 1";
  if (s.index_base != 0 && !returns_square(o))
    return "index_base applies to lsb/msb/pop_lsb/pop_msb only (ctz/clz/popcount return counts)";
  if (s.high_offset == 63 && (o == op::ctz || o == op::clz))
    return "ctz/clz count bits of a number: use lsb/msb for a 63-offset board";
  if (!s.domain) return "the declared domain is empty";
  if (s.domain & ~s.all_squares())
    return "the declared domain has bits outside the layout's " + std::to_string(s.squares()) + " squares";
  return "";
}

std::string domain_text(const shape& s) {
  if (!s.domain_declared) return "all";
  return s.squares() > 64 ? "0x" + hex_digits(s.domain.hi, 16) + hex_digits(s.domain.lo, 16)
                          : "0x" + hex_digits(s.domain.lo, (s.squares() + 3) / 4);
}

std::string shape_text(const shape& s) {
  std::string t = std::to_string(s.width) + "-bit";
  switch (s.arg) {
    case argument::integer: break;
    case argument::int128: t += " unsigned __int128"; break;
    case argument::halves: t += s.halves == half_order::low_first ? " two halves (lo, hi)" : " two halves (hi, lo)"; break;
    case argument::pair:
      t += s.halves == half_order::low_first ? " struct of two uint64_t (low first)"
                                             : " struct of two uint64_t (high first)";
      break;
  }
  if (s.width == 128 && s.two_halves()) t += ", high half from square " + std::to_string(s.high_offset);
  if (s.index_base) t += ", squares from " + std::to_string(s.index_base);
  if (s.domain_declared) t += ", domain " + domain_text(s) + " (" + std::to_string(popcount(s.domain)) + " squares)";
  return t;
}

}  // namespace scanproof
