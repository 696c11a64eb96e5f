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
// digest them again. It then runs each test in a child of its own (the
// process front, impl/core/src/process_front.hpp; at most
// SCANPROOF_BATCH_JOBS at once, default 2), each child the leader of a process
// group of its own: the child is what the driver is as a process of its own
// under the launcher, running work(argc, argv) with --gtest_filter=<gtest
// filter> and the driver args, its stdout and stderr in <log>. The child is
// given no file of any test: it reports its flight record, outputs lines and
// end to the batch process (impl/core/src/child_protocol.hpp), which reads
// them as a program's supervising parent does and, once every child ended and
// its process group is gone, alone writes each test's <flight file> (the
// record's text: "done <nonce> <status>", "reported", "running ..."),
// <outputs file> and <status file>: the exit status as a shell gives it (128
// + signal for a signal), or "timeout <seconds>" (SCANPROOF_TEST_TIMEOUT, 0
// or unset: none, kept by the batch process). A child ended by a signal that
// is not a fault of its own code (SIGKILL, SIGTERM, ...: a sibling can send
// it) while other children ran is run again alone, and that run is its
// verdict. The launcher (--from) decides each test's verdict from these
// files exactly as it does for a process of its own. Exit 0 when every test
// has its status file, 1 when some has none, 2 for a bad request or a
// platform that cannot fork.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace scanproof {

inline constexpr std::string_view batch_option = "--scanproof-batch";

// A driver's own share of a batch's start: called by the batch process after
// it loaded the input sets, before its first fork (so only for a request of
// 16 tests or more), with the tests' gtest filters and the driver's arguments
// (argv[0] first, less the batch option), so the children inherit what it made.
// The suite's code only: it must call no scanner. The property driver makes the
// canonical samples of its tests here (property_runner.hpp).
using batch_preparation = void (*)(const std::vector<std::string>& filters, const std::vector<std::string>& args);
void set_batch_preparation(batch_preparation prepare);


}  // namespace scanproof
