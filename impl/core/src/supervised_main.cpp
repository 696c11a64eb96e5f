// The drivers' main (supervise.hpp): one program's supervised run, or, with
// --scanproof-batch DIR, a batch of tests (supervise_batch.hpp).
#include <cstdio>
#include <string>

#include "scanproof/registry.hpp"
#include "scanproof/supervise.hpp"
#include "scanproof/supervise_batch.hpp"
#include "supervisor_parts.hpp"

namespace scanproof {

int supervised_main(int (*work)(int, char**), int argc, char** argv) {
  // Before any work, and before a batch forks: a candidate's kernels as its
  // registration made them, whatever start-up code did to them (registry.hpp).
  for (const std::string& why : restore_kernels()) std::fprintf(stderr, "scanproof: warning: %s\n", why.c_str());
  for (int i = 1; i < argc; ++i)
    if (batch_option == argv[i]) return run_batch(work, argc, argv);
  return supervise_program(work, argc, argv);
}

}  // namespace scanproof
