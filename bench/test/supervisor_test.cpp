// The supervisor: a bench run counts only if it ran to its end. The pure
// reading of records and endings, then real children that end early.
#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>
#include <unistd.h>

#include "supervisor.hpp"

namespace scanproof::bench {
namespace {

child_ending exited(int status, std::string_view records) {
  child_ending e;
  read_records(records, e);
  e.exited = true;
  e.exit_status = status;
  return e;
}

TEST(Supervisor, CompletedRunIsNotReported) {
  EXPECT_EQ(incomplete_report(exited(0, "R\tfoo\tmeasuring x\nC\t0\n")), "");
  EXPECT_EQ(incomplete_report(exited(1, "C\t1\n")), "");
}

TEST(Supervisor, ExitZeroWithoutCompletionNamesTheImplementation) {
  const std::string r = incomplete_report(exited(0, "R\t-\tthe clock calibration\nR\tfoo\tmeasuring lsb/foo/latency/dense\n"));
  EXPECT_NE(r.find("DID NOT COMPLETE"), std::string::npos) << r;
  EXPECT_NE(r.find("exited with status 0 while running implementation 'foo' (measuring lsb/foo/latency/dense)"),
            std::string::npos)
      << r;
}

TEST(Supervisor, TornOrLateRecordsDoNotComplete) {
  EXPECT_NE(incomplete_report(exited(0, "R\tfoo\tx\nC\t0")), "");          // torn completion record
  EXPECT_NE(incomplete_report(exited(0, "C\t0\nR\tfoo\tafter\n")), "");  // ran on after it
  EXPECT_NE(incomplete_report(exited(0, "")), "");
  EXPECT_NE(incomplete_report(exited(0, "")).find("before it ran any implementation"), std::string::npos);
}

TEST(Supervisor, StatusChangedAfterCompletionIsReported) {
  const std::string r = incomplete_report(exited(1, "C\t0\n"));
  EXPECT_NE(r.find("every measurement finished (status 0), but then the process exited with status 1"),
            std::string::npos)
      << r;
}

TEST(Supervisor, SignalIsNamed) {
  child_ending e;
  read_records("R\tbar\tconformance checks\n", e);
  e.signal = SIGSEGV;
  const std::string r = incomplete_report(e);
  EXPECT_NE(r.find("killed by signal"), std::string::npos) << r;
  EXPECT_NE(r.find("'bar' (conformance checks)"), std::string::npos) << r;
}

#if defined(__unix__) || defined(__APPLE__)
TEST(Supervisor, ChildThatExitsZeroMidRunFails) {
  testing::internal::CaptureStderr();
  const int status = run_to_completion([] {
    running("quitter", "measuring popcount/quitter/throughput/uniform");
    _exit(0);
    return 0;
  });
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(status, incomplete_status);
  EXPECT_NE(err.find("while running implementation 'quitter'"), std::string::npos) << err;
}

TEST(Supervisor, ChildThatCallsStdExitFails) {
  testing::internal::CaptureStderr();
  const int status = run_to_completion([] {
    running("quitter", "measuring");
    std::exit(0);
    return 0;
  });
  EXPECT_EQ(status, incomplete_status);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("'quitter'"), std::string::npos);
}

TEST(Supervisor, KilledChildFails) {
  testing::internal::CaptureStderr();
  const int status = run_to_completion([] {
    running("crasher", "measuring");
    std::raise(SIGKILL);
    return 0;
  });
  EXPECT_EQ(status, incomplete_status);
  EXPECT_NE(testing::internal::GetCapturedStderr().find("killed by signal 9"), std::string::npos);
}

TEST(Supervisor, CompletedChildReturnsItsStatus) {
  EXPECT_EQ(run_to_completion([] {
              running("fine", "measuring");
              return 0;
            }),
            0);
  EXPECT_EQ(run_to_completion([] { return 1; }), 1);
}
#endif

}  // namespace
}  // namespace scanproof::bench
