// Batch mode of the drivers' mains: one process per driver that forks a child
// per ctest test, so the tests of a target share the start of one process
// (under qemu-user: its code translated once, docs/matrix.md). Opt-in:
// SCANPROOF_BATCH_TESTS (cmake/ScanproofDriverTests.cmake), contract in
// docs/contracts.md ("Batch mode").
//
//   <driver> [driver args...] --scanproof-batch DIR
//
// reads DIR/request, one line per test, seven fields separated by tabs:
//   <test name> <nonce> <gtest filter> <flight file> <outputs file> <log> <status file>
// Before its first fork, for a request of 16 tests or more, it loads every
// pinned input set into its own memory and matches each against its pin
// (inputs.hpp), so the children inherit the checked values and do not read or
// digest them again. It then runs each test
// in a child of its own (run_in_child, at most
// SCANPROOF_BATCH_JOBS at once, default 2): stdout and stderr go to <log>,
// and the child is what the driver is as a process of its own under the
// launcher (supervised_main with SCANPROOF_FLIGHT_FILE=<flight file>,
// SCANPROOF_OUTPUTS_FILE=<outputs file>, SCANPROOF_NONCE=<nonce>), running
// work(argc, argv) with --gtest_filter=<gtest filter> and the driver args.
// The limit of one test is SCANPROOF_TEST_TIMEOUT seconds (0 or unset: none),
// kept by the process that forked it. Once the child ended, that process
// writes <status file>: the exit status as a shell gives it (128 + signal for
// a signal), or "timeout <seconds>". The launcher (--from) decides each
// test's verdict from these files exactly as it does for a process of its
// own. Exit 0 when every test has its status file, 1 when some has none
// (named on stderr), 2 for a bad request or a platform that cannot fork.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace scanproof {

inline constexpr std::string_view batch_option = "--scanproof-batch";

// supervised_main calls it when argv holds batch_option DIR.
int batch_main(int (*work)(int, char**), int argc, char** argv);

// A driver's own share of a batch's start: called by the batch process after
// it loaded the input sets, before its first fork (so only for a request of
// 16 tests or more), with the tests' gtest filters and the driver's arguments
// (argv[0] first, less the batch option), so the children inherit what it made.
// The suite's code only: it must call no scanner. The property driver makes the
// canonical samples of its tests here (property_runner.hpp).
using batch_preparation = void (*)(const std::vector<std::string>& filters, const std::vector<std::string>& args);
void set_batch_preparation(batch_preparation prepare);

namespace detail {
// supervise.cpp's side of a batch child: this test's flight file (mapped and
// shared with the work's child), outputs file and nonce replace the batch's;
// false if the flight file cannot be mapped.
bool adopt_test(const std::string& flight_file, const std::string& outputs_file, const std::string& nonce);
// supervised_main after it took the nonce and mapped the flight file.
int supervise(int (*work)(int, char**), int argc, char** argv);
}  // namespace detail

}  // namespace scanproof
