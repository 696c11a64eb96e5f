// A bench run passes only when it ran to the end. The bench runs every
// implementation in one process, and a scanner may end that process
// (_exit(0), std::exit(0), a signal) in the middle of its measurement. So the
// measuring runs in a child process that tells its parent, over a pipe, which
// implementation it is running and, as its very last act, that it completed.
// Any other ending -- whatever the exit status -- is reported as incomplete,
// naming the implementation that was running, and the bench exits non-zero.
#pragma once
#include <functional>
#include <string>
#include <string_view>

namespace scanproof::bench {

// The exit status of a bench that did not run to its end.
inline constexpr int incomplete_status = 3;

// In the measuring process: what runs now (an implementation, or "-" for the
// harness itself, and what is done to it). Cheap enough to call per benchmark.
void running(std::string_view implementation, std::string_view activity);

// Runs body() to completion in a child process where fork() exists and
// returns its status; returns incomplete_status, after printing why to
// stderr, if the child ended any other way. Without fork() (Windows) body()
// runs in this process and an exit handler reports std::exit() from a
// scanner; _exit() and signals then go unnoticed.
int run_to_completion(const std::function<int()>& body);

// How the measuring process ended, as the parent saw it.
struct child_ending {
  bool completed = false;      // the completion record arrived
  int completed_status = 0;    // the status body() returned, from that record
  bool exited = false;         // ended by exit (else killed by `signal`)
  int exit_status = 0;
  int signal = 0;
  std::string implementation;  // from the last running() record; empty if none came
  std::string activity;
};

// Pure: empty when the run completed and exited as it said it would;
// otherwise the report to print ("scanproof bench: DID NOT COMPLETE: ...").
std::string incomplete_report(const child_ending& e);

// Pure: the parent's reading of the pipe's records into `e`.
void read_records(std::string_view records, child_ending& e);

}  // namespace scanproof::bench
