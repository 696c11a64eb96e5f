// The drivers' main (supervise.hpp): one program's supervised run, or, with
// --scanproof-batch DIR, a batch of tests (supervise_batch.hpp).
#include "scanproof/supervise.hpp"
#include "scanproof/supervise_batch.hpp"
#include "supervisor_parts.hpp"

namespace scanproof {

int supervised_main(int (*work)(int, char**), int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (batch_option == argv[i]) return run_batch(work, argc, argv);
  return supervise_program(work, argc, argv);
}

}  // namespace scanproof
