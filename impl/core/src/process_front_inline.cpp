// The "in-process" back-end of the process front (process_front.hpp): where
// nothing forks (Windows under Wine, WASI) or SCANPROOF_NO_SUPERVISOR asks
// for none. It starts no child: the caller runs the work in this process, and
// the launcher, which made the nonce and reads the flight file and the
// outputs, is the outer judge (docs/contracts.md).
#include "process_front.hpp"

#include <cstdlib>

namespace scanproof {
namespace inline_front_detail {

class in_process final : public process_front {
 public:
  std::string why_inline() const override {
    return forking_front() ? "SCANPROOF_NO_SUPERVISOR is set" : "this platform cannot fork";
  }
  bool start(running_child& c, const std::function<std::string()>&, const in_flight&, child_limits, bool) override {
    c.end.failure = why_inline();
    return false;
  }
  std::size_t wait_any(const std::vector<running_child*>&) override { return 0; }  // nothing ever starts
  void release(running_child&) override {}
  bool ended_from_outside(const child_end&) const override { return false; }
};

}  // namespace inline_front_detail

process_front& in_process_front() {
  static inline_front_detail::in_process front;
  return front;
}

// The factory: one choice per process, made at the first use.
process_front& the_process_front() {
  static process_front& chosen = [&]() -> process_front& {
    process_front* forks = forking_front();
    return forks && !std::getenv("SCANPROOF_NO_SUPERVISOR") ? *forks : in_process_front();
  }();
  return chosen;
}

}  // namespace scanproof
