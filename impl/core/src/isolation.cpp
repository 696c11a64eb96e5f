#include "scanproof/isolation.hpp"

#include <cfenv>

namespace scanproof {

void reset_process_state() {
#if defined(__x86_64__) || defined(__i386__)
  // FE_DFL_ENV: round to nearest, no exception flags, and the MXCSR reset to
  // 0x1f80, so FTZ/DAZ (which no standard call reaches) are cleared as well.
  std::fesetenv(FE_DFL_ENV);
#else
  // The standard parts only: glibc's fesetenv on 32-bit PowerPC executes an
  // instruction qemu-ppc 7.2 does not implement (SIGILL, measured), while
  // fesetround and feclearexcept work on every target of the matrix.
  std::fesetround(FE_TONEAREST);
  std::feclearexcept(FE_ALL_EXCEPT);
#endif
}

}  // namespace scanproof
