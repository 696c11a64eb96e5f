#include "scanproof/zero_policy.hpp"

namespace scanproof {

zero_decision zero_policy(const descriptor& d) {
  zero_decision z;
  switch (d.zero.k) {
    case zero_spec::kind::op_default:
      z.want = required_zero_result(d.operation, d.sh);
      z.call = z.want.has_value();
      if (!z.call)
        z.why = std::string(name(d.operation)) +
                "(0) is outside the domain: never called (docs/contracts.md, Operations)";
      break;
    case zero_spec::kind::declared:
      z.call = true;
      z.want = d.zero.value;
      break;
    case zero_spec::kind::undefined:
      z.call = !ub_sanitizer;
      z.why = "zero result declared undefined (" + std::string(d.zero.note) + ")" +
              (ub_sanitizer ? ": not called in a UBSan build, where the call itself is the finding"
                            : "");
      break;
  }
  return z;
}

std::string zero_text(const descriptor& d) {
  switch (d.zero.k) {
    case zero_spec::kind::op_default: {
      const auto r = required_zero_result(d.operation, d.sh);
      return r ? "must be " + std::to_string(*r) : "not called (outside the domain)";
    }
    case zero_spec::kind::declared: return "declared " + std::to_string(d.zero.value);
    case zero_spec::kind::undefined: return "undefined";
  }
  return "?";
}

}  // namespace scanproof
