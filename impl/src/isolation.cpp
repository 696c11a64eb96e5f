#include "scanproof/isolation.hpp"

#include <cfenv>

namespace scanproof {

// FE_DFL_ENV: round to nearest, no exception flags, and (glibc, x86) the MXCSR
// reset to 0x1f80, so FTZ/DAZ are cleared as well.
void reset_process_state() { std::fesetenv(FE_DFL_ENV); }

}  // namespace scanproof
