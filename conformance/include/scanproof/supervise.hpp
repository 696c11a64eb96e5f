// "A check passes only if it ran to its end" (docs/contracts.md, ctest labels).
//
// A scanner can end the process in the middle of a check -- exit(0), _exit(0),
// a signal -- and an exit status of 0 must not read as success. Every driver
// that runs implementations (conformance_test, the property drivers, the fuzz
// replay main, `scanproof check`) runs its main through supervised_main():
//
//  * where the platform can fork (Linux, also under qemu-user; unless
//    SCANPROOF_NO_SUPERVISOR is set, as toolchains/i686.cmake does), the work runs
//    in a child; the parent waits, and if the child ended before the work
//    returned it names the check and the input in flight (re-running that
//    chunk of inputs one call at a time in another child to find the exact
//    input), and fails;
//  * everywhere (also Wine and WASI, which cannot fork) the completion marker
//    is printed only after the work returned 0, and ctest requires it
//    (cmake/ScanproofRanToTheEnd.cmake), so an early exit of any status fails.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "scanproof/descriptor.hpp"

namespace scanproof {

// Printed on stderr, alone on a line, when the work returned 0 (stdout may be
// JSON): ctest's PASS_REGULAR_EXPRESSION.
inline constexpr std::string_view completion_marker = "[scanproof] ran to the end";

// What is running now. Written before each chunk of inputs; lives in memory
// shared with the supervising parent where there is one. With
// SCANPROOF_FLIGHT_FILE=PATH in a process nothing of ours supervises
// (libFuzzer's own main), it lives in that file instead, which outlives an
// _exit(0), and `text` holds it as one line ("running <label> <phase> input
// <hex>" or "idle") for ci/fuzz to read.
struct in_flight {
  char text[256];
  char label[192];         // "conformance.lsb.foo.random_sparse"
  char impl[96];           // implementation name, "" outside a check
  char check[64];          // check name ("known_answers", an input set, "zero", ...)
  char phase[16];          // "sweep", "shrink", "replay"
  std::uint64_t first;     // first input of the chunk being run
  std::uint64_t index;     // its position in the check's input sequence
  std::uint64_t count;     // inputs in the chunk (1: `first` is the exact input)
  int active;              // inside a check
  int finished;            // the work returned
};

in_flight& flight();
// Starts a check of `d`. `label` names it the way its test is named.
void flight_begin(const descriptor& d, std::string_view check, std::string_view label);
// The same for work that is not a check of one descriptor (a benchmark, the
// bench's calibration: `impl` may be empty).
void flight_begin(std::string_view impl, std::string_view check, std::string_view label);
void flight_chunk(const std::uint64_t* inputs, std::uint64_t index, std::uint64_t count,
                  const char* phase = "sweep");
void flight_end();

// The early-exit message for `f` (no trailing newline).
std::string describe_early_exit(const in_flight& f, std::string_view how);

// One implementation's run in a child of its own where the platform can fork:
// its crash, exit or hang costs only its own result. `fn` returns the result
// as text (sent to the parent through a pipe). Without fork it runs inline.
struct isolated_result {
  bool completed = false;
  std::string output;  // what fn returned, when completed
  std::string why;     // describe_early_exit(), when not
};
isolated_result run_isolated(const std::function<std::string()>& fn, unsigned timeout_seconds);

// Runs work(argc, argv) as described above and returns the process status.
int supervised_main(int (*work)(int, char**), int argc, char** argv);

}  // namespace scanproof
