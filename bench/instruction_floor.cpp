#include "instruction_floor.hpp"

#include "scanproof/platform.hpp"

namespace scanproof::bench {

kernels floor_kernels(op o);  // floor_kernels.cpp

std::optional<instruction_floor> floor_for(op o, std::string& why) {
  const bool low = o == op::lsb || o == op::ctz || o == op::pop_lsb;
#if defined(__x86_64__)
  const cpu_feature f = o == op::popcount ? cpu_feature::popcnt
                        : low             ? cpu_feature::bmi1
                                          : cpu_feature::lzcnt;
  if (!cpu_has(f)) {
    why = std::string("CPU lacks ") + name(f);
    return std::nullopt;
  }
  const char* insn = o == op::popcount                    ? "popcnt"
                     : o == op::pop_lsb                     ? "tzcnt+blsr"
                     : low                                  ? "tzcnt"
                     : o == op::msb || o == op::pop_msb     ? "lzcnt^63"
                                                            : "lzcnt";
#else
  (void)low;
  (void)why;
  const char* insn = "builtin";  // whatever the compiler emits for <bit> on this target
#endif
  return instruction_floor{insn, floor_kernels(o)};
}

}  // namespace scanproof::bench
