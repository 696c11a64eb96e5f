// The bench's whole program, as a function: scanproof_bench's main() and the
// test fixture that exits mid-run (test/) share it.
#pragma once

namespace scanproof::bench {

// Parses the options, then measures and prints in a supervised child
// (supervisor.hpp). Returns the process's exit status.
int bench_main(int argc, char** argv);

}  // namespace scanproof::bench
