// Compiles, does not link: the engine's scanner is defined in a .cpp that was
// not given to the build. Its candidate's test must say "does not link" and
// name the symbol it needed (an unrelated one of the same header may come
// first in the linker's output), and every other candidate still builds.
#include <scanproof/candidate.hpp>

int engine_pretty_print_defined_elsewhere(int square);  // the engine's, unrelated
int engine_lsb_defined_elsewhere(std::uint64_t b);      // the scanner

[[maybe_unused]] static int engine_debug(int s) { return engine_pretty_print_defined_elsewhere(s); }
[[gnu::used]] static int (*const keep_debug)(int) = engine_debug;
SCANPROOF_CANDIDATE_NAMED(unlinked_lsb, engine_lsb_defined_elsewhere, scanproof::op::lsb);
