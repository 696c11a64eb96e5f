// The supervisor's one way to run a child (supervise.hpp): the parent keeps
// the time limit, so nothing the child does to its own alarm stops it.
#include "scanproof/supervise.hpp"

#include <gtest/gtest.h>

#include <string>

#if defined(__unix__) && !defined(__wasi__)
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <thread>

namespace scanproof {
namespace {

// What a scanner could do to an alarm the supervisor set in its process: ignore
// and block SIGALRM, cancel the alarm. Then it never returns.
[[noreturn]] void evade_alarm_and_hang() {
  ::signal(SIGALRM, SIG_IGN);
  sigset_t s;
  sigemptyset(&s);
  sigaddset(&s, SIGALRM);
  sigprocmask(SIG_BLOCK, &s, nullptr);
  alarm(0);
  for (volatile bool forever = true; forever;) {
  }
  _exit(0);
}

#define SKIP_WITHOUT_FORK() \
  if (!can_fork()) GTEST_SKIP() << "no forking supervisor here (SCANPROOF_NO_SUPERVISOR or the platform)"

TEST(supervisor, a_child_that_evades_its_alarm_is_stopped_at_the_limit) {
  SKIP_WITHOUT_FORK();
  const isolated_result r = run_isolated([]() -> std::string { evade_alarm_and_hang(); }, 1);
  EXPECT_FALSE(r.completed);
  EXPECT_NE(r.why.find("the process ended outside any check (hung: no result after 1 s)"), std::string::npos)
      << r.why;
}

TEST(supervisor, a_child_that_closes_its_pipe_and_goes_on_is_stopped_at_the_limit) {
  SKIP_WITHOUT_FORK();
  const child_end end = run_in_child(
      []() -> std::string {
        for (int fd = 3; fd < 1024; ++fd) close(fd);
        evade_alarm_and_hang();
      },
      {1, false});
  EXPECT_TRUE(end.forked);
  EXPECT_TRUE(end.timed_out);
  EXPECT_EQ(end.how(), "killed by signal 9 (Killed)");
}

// Two checks that each take most of the limit, then one that hangs: the limit
// restarts with each check, so the hung one is named.
TEST(supervisor, the_per_check_limit_restarts_with_each_check) {
  SKIP_WITHOUT_FORK();
  const isolated_result r = run_isolated(
      []() -> std::string {
        for (const char* check : {"first", "second"}) {
          flight_begin("an_impl", check, std::string("a_test.") + check);
          std::this_thread::sleep_for(std::chrono::milliseconds(1300));
          flight_end();
        }
        flight_begin("an_impl", "third", "a_test.third");
        evade_alarm_and_hang();
      },
      2, /*per_check=*/true);
  EXPECT_FALSE(r.completed);
  EXPECT_NE(r.why.find("scanproof: a_test.third: the process ended during the check (hung or too slow: the check "
                       "gave no result within 2 s, the limit per check)"),
            std::string::npos)
      << r.why;
}

TEST(supervisor, a_child_returns_its_output_or_says_how_it_ended) {
  SKIP_WITHOUT_FORK();
  const child_end ok = run_in_child([] { return std::string(100000, 'x'); });  // more than a pipe holds
  EXPECT_TRUE(ok.exited_zero());
  EXPECT_EQ(ok.output, std::string(100000, 'x'));
  const child_end crashed = run_in_child([]() -> std::string {
    ::signal(SIGSEGV, SIG_DFL);
    ::raise(SIGSEGV);
    return "not reached";
  });
  EXPECT_FALSE(crashed.exited_zero());
  EXPECT_FALSE(crashed.timed_out);
  EXPECT_EQ(crashed.how(), "killed by signal 11 (Segmentation fault)");
  EXPECT_TRUE(crashed.output.empty());
}

}  // namespace
}  // namespace scanproof
#else
TEST(supervisor, needs_fork) { GTEST_SKIP() << "this platform cannot fork: nothing runs in a child"; }
#endif
