#include "supervisor.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

#if defined(__unix__) || defined(__APPLE__)
#define SCANPROOF_BENCH_FORK 1
#include <cerrno>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace scanproof::bench {
namespace {

// Records are lines: "R\t<implementation>\t<activity>" (running) and
// "C\t<status>" (completed). Names and activities carry no tab or newline.
std::string clean(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c == '\t' || c == '\n') c = ' ';
  return out;
}

std::string last_implementation, last_activity;  // the last running() record

#if SCANPROOF_BENCH_FORK
int record_fd = -1;  // the pipe to the parent, in the child

void send(const std::string& line) {
  if (record_fd < 0) return;
  for (std::size_t done = 0; done < line.size();) {
    const ssize_t n = write(record_fd, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // the parent is gone: nothing left to tell
    done += static_cast<std::size_t>(n);
  }
}

std::string signal_name(int sig) { return strsignal(sig); }
#else
bool completed_here = false;

// An exit handler: a scanner called std::exit() before body() returned.
void report_unfinished_exit() {
  if (completed_here) return;
  child_ending e;
  e.exited = true;
  e.implementation = last_implementation;
  e.activity = last_activity;
  std::fputs(incomplete_report(e).c_str(), stderr);
  std::_Exit(incomplete_status);  // allowed in an exit handler; the status is no longer 0
}

std::string signal_name(int) { return "signal"; }
#endif

}  // namespace

void running(std::string_view implementation, std::string_view activity) {
  if (implementation == last_implementation && activity == last_activity) return;
  last_implementation = clean(implementation);
  last_activity = clean(activity);
#if SCANPROOF_BENCH_FORK
  send("R\t" + last_implementation + "\t" + last_activity + "\n");
#endif
}

void read_records(std::string_view records, child_ending& e) {
  while (!records.empty()) {
    const std::size_t nl = records.find('\n');
    if (nl == std::string_view::npos) break;  // a torn last record counts for nothing
    const std::string_view line = records.substr(0, nl);
    records.remove_prefix(nl + 1);
    if (line.starts_with("R\t")) {
      const std::string_view rest = line.substr(2);
      const std::size_t tab = rest.find('\t');
      e.implementation = std::string(rest.substr(0, tab));
      e.activity = tab == std::string_view::npos ? "" : std::string(rest.substr(tab + 1));
      e.completed = false;  // anything after a completion record undoes it
    } else if (line.starts_with("C\t")) {
      e.completed = true;
      e.completed_status = std::atoi(std::string(line.substr(2)).c_str());
    }
  }
}

std::string incomplete_report(const child_ending& e) {
  if (e.completed && e.exited && e.exit_status == e.completed_status) return "";
  std::string how;
  if (e.exited)
    how = "the process exited with status " + std::to_string(e.exit_status);
  else
    how = "the process was killed by signal " + std::to_string(e.signal) + " (" + signal_name(e.signal) + ")";
  std::string r = "scanproof bench: DID NOT COMPLETE: ";
  if (e.completed) {
    r += "every measurement finished (status " + std::to_string(e.completed_status) + "), but then " + how +
         "; the run is not reported as complete.\n";
    return r;
  }
  r += how;
  if (e.implementation.empty())
    r += " before it ran any implementation";
  else if (e.implementation == "-")
    r += " during " + e.activity;
  else
    r += " while running implementation '" + e.implementation + "' (" + e.activity + ")";
  r += ". No result of this run is valid";
  if (!e.implementation.empty() && e.implementation != "-")
    r += ": a scanner that ends the process cannot be benchmarked (measure the others with --op or --impl)";
  r += ".\n";
  return r;
}

int run_to_completion(const std::function<int()>& body) {
#if SCANPROOF_BENCH_FORK
  int fds[2];
  if (pipe(fds) != 0) {
    std::perror("scanproof bench: pipe");
    return incomplete_status;
  }
  // Close-on-exec: objdump and other programs the child starts must not hold
  // the pipe open (the parent waits for its end-of-file).
  for (int fd : fds) fcntl(fd, F_SETFD, FD_CLOEXEC);
  std::cout.flush();
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    std::perror("scanproof bench: fork");
    return incomplete_status;
  }
  if (pid == 0) {
    close(fds[0]);
    record_fd = fds[1];
    const int status = body();
    std::cout.flush();
    std::fflush(nullptr);
    send("C\t" + std::to_string(status) + "\n");
    std::exit(status);  // exit handlers still run; the parent compares the status
  }
  close(fds[1]);
  std::string records;
  char buf[4096];
  for (;;) {
    const ssize_t n = read(fds[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    records.append(buf, static_cast<std::size_t>(n));
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  child_ending e;
  read_records(records, e);
  e.exited = WIFEXITED(status);
  e.exit_status = e.exited ? WEXITSTATUS(status) : 0;
  e.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  const std::string report = incomplete_report(e);
  if (report.empty()) return e.completed_status;
  std::fputs(report.c_str(), stderr);
  return incomplete_status;
#else
  std::atexit(report_unfinished_exit);
  const int status = body();
  completed_here = true;
  return status;
#endif
}

}  // namespace scanproof::bench
