// The configure-time probe of one candidate file (ScanproofCandidates.cmake,
// scanproof_probe_candidate_file): the file and this main alone, built for the
// target and run under its emulator before the real build. It shows that the
// file compiles and links there, and that its start-up code (static
// initialisers) returns: each registration prints a line, and main prints the
// token it was given only after every initialiser ran. A file that fails
// either is kept out of the drivers, so it cannot sink the other candidates'
// and the catalogue's tests, and its candidates get failing tests instead.
#include <cstdio>
#include <cstring>

#include "scanproof/registry.hpp"

namespace scanproof::detail {
int register_declared(const scanproof_declaration& r, kernels, const char*) {
  std::printf("candidate %.127s %d\n", r.name, static_cast<int>(r.op));
  return 0;
}
int expect_candidates_from(const char*) { return 0; }
}  // namespace scanproof::detail

extern "C" int scanproof_register_c_declared(const scanproof_declaration* r, scanproof::batch_fn,
                                             scanproof::chain_fn, scanproof::chain_fn, const char*) {
  std::printf("candidate %.127s %d\n", r->name, static_cast<int>(r->op));
  return 0;
}

int main(int argc, char** argv) {
  std::printf("probe-done %s\n", argc > 1 ? argv[1] : "");
  std::fflush(stdout);
  return 0;
}
