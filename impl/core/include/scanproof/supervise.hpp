// The process supervisor: the flight record, the one way the suite runs
// something in a child process, and the mains of the drivers. Part of the
// core (impl/core): it includes no driver; what it runs is a callback, and the
// check engine registers where a check's inputs come from
// (set_check_inputs_source) so an early exit can be narrowed to one input.
//
// "A check passes only if it ran to its end" (docs/contracts.md, ctest labels).
//
// A scanner can end the process in the middle of a check -- exit(0), _exit(0),
// a signal -- and an exit status of 0 must not read as success. Every driver
// that runs implementations (conformance_test, the property drivers, the fuzz
// replay main, `scanproof check`) runs its main through supervised_main():
//
//  * where the platform can fork (Linux, also under qemu-user; unless
//    SCANPROOF_NO_SUPERVISOR is set, as toolchains/common/emulator-forks.cmake
//    does where fork() hangs under the emulator), the work runs in a child
//    (run_in_child); the parent waits, and if the child ended before the work
//    returned it names the check and the input in flight (re-running that
//    chunk of inputs one call at a time in another child to find the exact
//    input), and fails. The child reports to its parent only through its
//    own flight record, its pipe and its end (impl/core/src/child_protocol.hpp,
//    the same for a batch's tests); the parent alone writes the flight file's
//    completion and the outputs file. The platforms' back-ends (fork,
//    in-process) are behind one interface, impl/core/src/process_front.hpp;
//  * everywhere (also Wine and WASI, which cannot fork) the verdict is the
//    test launcher's (cmake/scanproof-launch, set on every driver's tests by
//    cmake/ScanproofLaunch.cmake): it makes a nonce per run and passes it with
//    SCANPROOF_NONCE, and a test passes only if the process exits 0 *and* the
//    flight file (SCANPROOF_FLIGHT_FILE) says "done <nonce> 0". The nonce is
//    taken out of the environment before the first check (and before the
//    fork), and written only once the work returned, by the supervising
//    parent where there is one: nothing a scanner prints or does to its exit
//    status can pass, or skip, a test.
//  * the nonce is no secret from a scanner, though: a candidate's static
//    initialiser runs before main() and can read it (getenv,
//    /proc/self/environ) and forge the record where nothing forks. So for the
//    conformance tests the record only says the work returned; what passes a
//    check is its outputs, reported through SCANPROOF_OUTPUTS_FILE
//    (report_outputs()) and compared with the oracle's by the launcher, in a
//    process that never ran candidate code (judge.hpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "scanproof/descriptor.hpp"

namespace scanproof {

// Printed on stderr when the work returned 0, for a person reading the log.
// Nothing decides on it: a scanner can print it too (the launcher decides).
inline constexpr std::string_view completion_marker = "[scanproof] ran to the end";

// The work's status for "every test it ran skipped itself" (ctest's
// SKIP_RETURN_CODE on the launched tests; automake's convention).
inline constexpr int skipped_status = 77;

// What is running now. Written before each chunk of inputs; a child's record
// is its own, in memory shared with its supervising parent, which reads it
// when the child ended. With SCANPROOF_FLIGHT_FILE=PATH (the launcher sets it;
// ci/fuzz for libFuzzer's own main) the record of the process that has it
// (the supervising parent; where nothing forks, the process itself) lives in
// that file instead, which outlives an _exit(0): mapped
// where the platform can (mmap; a file mapping under Wine), else rewritten
// through stdio (WASI). `text` starts the file and holds the state as lines: "running <label> <phase>
// input <hex>" and "  impl=... check=... input(s) in flight ..." (the detail
// line of describe_early_exit), "idle", "reported" (the supervisor already
// explained an early end), or "done <nonce> <status>" (the work returned).
struct in_flight {
  char text[512];
  char label[192];         // "conformance.lsb.foo.random_sparse"
  char impl[96];           // implementation name, "" outside a check
  char check[64];          // check name ("known_answers", an input set, "zero", ...)
  char phase[16];          // "sweep", "shrink", "replay"
  std::uint64_t first;     // first input of the chunk being run (as the scanner is passed it)
  std::uint64_t first_hi;  // its high half (128-bit shapes)
  int two_halves;          // the implementation takes 128 bits: show first as {lo, hi}
  std::uint64_t index;     // its position in the check's input sequence
  std::uint64_t count;     // inputs in the chunk (1: `first` is the exact input)
  int active;              // inside a check
  int finished;            // the work returned
  int status;              // what it returned
  // When the current check began, in ms on the supervisor's clock, written by
  // flight_begin() in a child with a per-check limit: the parent's deadline
  // restarts from it (run_in_child). Read and written whole (32 bits).
  std::uint32_t check_began_ms;
};

in_flight& flight();
// Starts a check of `d`. `label` names it the way its test is named.
void flight_begin(const descriptor& d, std::string_view check, std::string_view label);
// The same for work that is not a check of one descriptor (a benchmark, the
// bench's calibration: `impl` may be empty).
void flight_begin(std::string_view impl, std::string_view check, std::string_view label);
// `inputs` are what the implementation is passed (to_argument() of boards).
void flight_chunk(const word* inputs, std::uint64_t index, std::uint64_t count,
                  const char* phase = "sweep");
void flight_end();

// Appends `line` and a newline to SCANPROOF_OUTPUTS_FILE (judge.hpp), if set
// (in a child: sends it to the parent, which appends it): at once, so the checks that ended before an early exit are on record;
// under WASI once the work returned (each open there risks Node's crash, see
// supervise.cpp). A claim for the judge, never a verdict.
void report_outputs(std::string_view line);

// The early-exit message for `f` (no trailing newline).
std::string describe_early_exit(const in_flight& f, std::string_view how);

// The one way the suite runs something in a child process (run_isolated,
// supervised_main, the re-run of a chunk, the prover's replay): fork; the child
// runs body() and sends what it returns through a pipe, then _exit(0) (body
// may end the process itself). The parent reads the pipe and keeps the time
// limit itself: at the deadline it kills the child (SIGKILL). A limit inside
// the child (alarm) could be undone by the code it runs: alarm(0), SIGALRM
// blocked or ignored.
struct child_limits {
  double seconds = 0;      // 0: no limit
  bool per_check = false;  // the limit restarts when the child begins a check (flight_begin)
};
struct child_end {
  bool forked = false;     // false: nothing ran; `failure` says why
  bool timed_out = false;  // killed by the parent at the limit
  int status = 0;          // waitpid()'s status
  int exit_code = -1;      // its exit status, if it exited
  int signal = 0;          // the signal that ended it, if one did
  std::string signal_name; // "Segmentation fault"
  std::string output;      // what body returned
  std::string failure;     // why nothing forked
  // "exit status 3", "killed by signal 11 (Segmentation fault)".
  std::string how() const;
  bool exited_zero() const;
  // As a shell gives it: the exit status, or 128 + the signal.
  int shell_status() const;
};
// The platform can fork and SCANPROOF_NO_SUPERVISOR is not set. Where it is
// false, every caller runs its work in its own process instead.
bool can_fork();
child_end run_in_child(const std::function<std::string()>& body, child_limits limits = {});

// Where a check's inputs come from, in the order it runs them (the check
// engine's check_inputs(), registered by checks.cpp): the supervisor re-runs
// the chunk in flight one call at a time to name the input that ended the
// process. Without a source, or for a check it returns nothing for, the
// message names the chunk.
using check_inputs_source = std::vector<word> (*)(const descriptor& d, std::string_view check);
void set_check_inputs_source(check_inputs_source source);

// One implementation's run in a child of its own where the platform can fork:
// its crash, exit or hang costs only its own result. `fn` returns the result
// as text (sent to the parent through a pipe). Without fork it runs inline.
struct isolated_result {
  bool completed = false;
  std::string output;  // what fn returned, when completed
  std::string why;     // describe_early_exit(), when not
};
// timeout_seconds bounds the whole of fn, or with per_check each check fn
// begins (each flight_begin() restarts the parent's deadline): `scanproof
// check --timeout`, the limit ctest puts on one check
// (SCANPROOF_TEST_TIMEOUT). 0: no limit.
isolated_result run_isolated(const std::function<std::string()>& fn, unsigned timeout_seconds,
                             bool per_check = false);

// Runs work(argc, argv) as described above and returns the process status.
int supervised_main(int (*work)(int, char**), int argc, char** argv);

// The same without a supervising child, for programs that run no scanner
// outside a child of their own (`scanproof prove`, which replays
// counterexamples through run_isolated): work's status is reported to the
// launcher only once work returned.
int completing_main(int (*work)(int, char**), int argc, char** argv);

}  // namespace scanproof
