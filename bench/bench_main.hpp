// The bench's whole program, as a function: scanproof_bench's main() and the
// test fixture that exits mid-run (test/) share it.
#pragma once

namespace scanproof::bench {

// The exit status of a bench that did not run to its end (a scanner ended the
// measuring process, whatever its status).
inline constexpr int incomplete_status = 3;

// Parses the options, then measures and prints in a supervised child
// (scanproof/supervise.hpp, run_isolated). Returns the process's exit status.
int bench_main(int argc, char** argv);

}  // namespace scanproof::bench
