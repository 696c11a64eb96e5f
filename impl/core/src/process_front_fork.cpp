// The "fork" back-end of the process front (process_front.hpp): POSIX, also
// under qemu-user. Each child gets a pipe to its parent and a flight record in
// anonymous shared memory; the parent keeps its time limit (SIGKILL at the
// deadline: a limit inside the child, an alarm, could be undone by the code it
// runs) and learns how it ended from waitpid.
#include "process_front.hpp"

#if defined(__unix__) && !defined(__wasi__)
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

#include "child_protocol.hpp"

namespace scanproof {
namespace fork_front_detail {

using clock = std::chrono::steady_clock;

int pipe_to_parent = -1;  // in a child: the write end of its pipe

// The deadline of a child: with per_check, the limit counts from the latest
// check the child began (its stamp in its record, on the supervisor's clock).
clock::time_point deadline_of(const running_child& c) {
  clock::time_point from = c.started;
  if (c.limits.per_check) {
    const std::uint32_t began = __atomic_load_n(&c.record->check_began_ms, __ATOMIC_RELAXED);
    from = std::max(from, supervisor_epoch() + std::chrono::milliseconds(began));
  }
  return from + std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(c.limits.seconds));
}

// Reads what is in the pipe now; false at its end (or an error).
bool read_available(int fd, std::string& out) {
  char buf[4096];
  for (;;) {
    const ssize_t n = read(fd, buf, sizeof buf);
    if (n > 0) {
      out.append(buf, static_cast<std::size_t>(n));
      pollfd p{fd, POLLIN, 0};
      if (poll(&p, 1, 0) <= 0) return true;
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      return false;
    }
  }
}

// A batch child's own Landlock layer (Linux; under qemu-user where the
// emulator passes Landlock on): it writes no file by name but `writable`, its
// implementation's results JSON (batch_front.cpp), not another's, and signals
// no process outside its layer -- not the batch process, not a sibling. The
// launcher's sandbox (cmake/sandbox/scanproof-sandbox.c) is around them all;
// where the kernel has no Landlock the batch process still owns every test's
// files and runs again alone a child a sibling killed (docs/contracts.md).
void confine_child(const std::string& writable) {
#if defined(__linux__) && defined(SYS_landlock_create_ruleset)
  constexpr std::uint64_t write_file = 1 << 1, remove_dir = 1 << 4, remove_file = 1 << 5, make_all = 0x7f << 6,
                          refer = 1 << 13, truncate = 1 << 14, scope_signal = 1 << 1, none = 0;
  struct {
    std::uint64_t fs, net, scoped;
  } attr{};
  const long abi = syscall(SYS_landlock_create_ruleset, nullptr, 0, 1);
  if (abi < 1) return;
  attr.fs = write_file | remove_dir | remove_file | make_all | (abi >= 2 ? refer : none) | (abi >= 3 ? truncate : none);
  attr.scoped = abi >= 6 ? scope_signal : none;
  const int ruleset = static_cast<int>(
      syscall(SYS_landlock_create_ruleset, &attr, abi >= 6 ? sizeof attr : abi >= 4 ? 16 : 8, 0));
  if (ruleset < 0) return;
  if (!writable.empty()) {  // the batch process made it: a file's rights, to rewrite it whole
    struct __attribute__((packed)) {
      std::uint64_t allowed;
      std::int32_t fd;
    } rule{attr.fs & (write_file | truncate), open(writable.c_str(), O_PATH | O_CLOEXEC)};
    if (rule.fd >= 0) syscall(SYS_landlock_add_rule, ruleset, 1, &rule, 0);
    if (rule.fd >= 0) close(rule.fd);
  }
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0) syscall(SYS_landlock_restrict_self, ruleset, 0);
  close(ruleset);
#else
  (void)writable;
#endif
}

void decode(child_end& end) {
  if (WIFEXITED(end.status)) end.exit_code = WEXITSTATUS(end.status);
  if (WIFSIGNALED(end.status)) {
    end.signal = WTERMSIG(end.status);
    const char* s = strsignal(end.signal);
    end.signal_name = s ? s : "?";
  }
}

void reap(running_child& c, int flags) {
  while (waitpid(static_cast<pid_t>(c.pid), &c.end.status, flags) < 0 && errno == EINTR) {
  }
}

class fork_front final : public process_front {
 public:
  std::string why_inline() const override { return ""; }

  bool start(running_child& c, const std::function<std::string()>& body, const in_flight& record,
             child_limits limits, bool own_group) override {
    void* shared = mmap(nullptr, sizeof(in_flight), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) {
      c.end.failure = std::string("mmap() failed: ") + std::strerror(errno);
      return false;
    }
    c.record = new (shared) in_flight{record};
    int fds[2];
    if (pipe(fds) != 0) {
      c.end.failure = std::string("pipe() failed: ") + std::strerror(errno);
      release(c);
      return false;
    }
    c.limits = limits;
    c.own_group = own_group;
    const int out = c.output_file.empty() ? -1 : open(c.output_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (!c.output_file.empty() && out < 0) {
      c.end.failure = "cannot write " + c.output_file + ": " + std::strerror(errno);
      close(fds[0]);
      close(fds[1]);
      release(c);
      return false;
    }
    std::fflush(nullptr);
    c.started = clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
      close(fds[0]);
      if (out >= 0 && (dup2(out, 1) < 0 || dup2(out, 2) < 0)) _exit(2);
      if (out >= 0) close(out);
      if (own_group) setpgid(0, 0);
#if defined(__linux__)
      prctl(PR_SET_PDEATHSIG, SIGKILL);  // the parent's end (ctest's timeout kills it) ends the child
#endif
      if (own_group) confine_child(c.writable);  // a batch's test: no sibling's files or process
      pipe_to_parent = fds[1];
      if (!send_to_parent(frame(frame_type::result, body()))) _exit(3);
      std::fflush(nullptr);
      _exit(0);  // no atexit handlers, no static destructors: the parent goes on
    }
    close(fds[1]);
    if (out >= 0) close(out);
    if (pid < 0) {
      c.end.failure = std::string("fork() failed: ") + std::strerror(errno);
      close(fds[0]);
      release(c);
      return false;
    }
    if (own_group) setpgid(pid, pid);  // also here: no race with the child's own call
    c.pid = pid;
    c.fd = fds[0];
    c.end.forked = true;
    return true;
  }

  // Looks at the children themselves, not only at their pipes: a descendant
  // can hold a pipe open after the child is gone, and a child can close it
  // and go on running.
  std::size_t wait_any(const std::vector<running_child*>& running) override {
    int tick_ms = 1;  // between looks at the children, growing while nothing happens
    for (;;) {
      int wait_ms = tick_ms;
      std::vector<pollfd> fds;
      for (std::size_t i = 0; i < running.size(); ++i) {
        running_child& c = *running[i];
        if (c.limits.seconds > 0) {
          const auto left = deadline_of(c) - clock::now();
          if (left <= clock::duration::zero()) {
            kill(static_cast<pid_t>(c.pid), SIGKILL);
            reap(c, 0);
            c.end.timed_out = true;
            return finish(c, i);
          }
          wait_ms = static_cast<int>(
              std::min<long long>(wait_ms, std::chrono::ceil<std::chrono::milliseconds>(left).count()));
        }
        fds.push_back({c.fd, POLLIN, 0});  // a negative fd (the pipe's end seen): poll only waits
      }
      if (poll(fds.data(), fds.size(), wait_ms) > 0) {
        for (std::size_t i = 0; i < running.size(); ++i) {
          if (!fds[i].revents) continue;
          if (!read_available(running[i]->fd, running[i]->end.output)) {
            close(running[i]->fd);
            running[i]->fd = -1;  // the pipe's end: the child is ending
            tick_ms = 1;
          }
        }
      }
      for (std::size_t i = 0; i < running.size(); ++i) {
        running_child& c = *running[i];
        const pid_t w = waitpid(static_cast<pid_t>(c.pid), &c.end.status, WNOHANG);
        if (w == c.pid || (w < 0 && errno != EINTR)) return finish(c, i);
      }
      tick_ms = std::min(tick_ms * 2, 100);
    }
  }

  void release(running_child& c) override {
    if (c.own_group && c.pid > 0) kill(-static_cast<pid_t>(c.pid), SIGKILL);  // what it left running
    if (c.fd >= 0) close(c.fd);
    c.fd = -1;
    if (c.record) munmap(c.record, sizeof(in_flight));
    c.record = nullptr;
  }

  bool ended_from_outside(const child_end& end) const override {
    if (end.timed_out || end.signal == 0) return false;
    for (const int fault : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS})
      if (end.signal == fault) return false;
    return true;
  }

 private:
  std::size_t finish(running_child& c, std::size_t i) {
    if (c.fd >= 0) {
      read_available(c.fd, c.end.output);  // what it wrote before it ended
      close(c.fd);
      c.fd = -1;
    }
    decode(c.end);
    c.ended = true;
    return i;
  }
};

}  // namespace fork_front_detail

bool send_to_parent(std::string_view bytes) {
  const int fd = fork_front_detail::pipe_to_parent;
  if (fd < 0) return false;
  for (std::size_t done = 0; done < bytes.size();) {
    const ssize_t w = write(fd, bytes.data() + done, bytes.size() - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    done += static_cast<std::size_t>(w);
  }
  return true;
}

process_front* forking_front() {
  static fork_front_detail::fork_front front;
  return &front;
}

}  // namespace scanproof

#else  // no fork here: the in-process back-end is the only one

namespace scanproof {
bool send_to_parent(std::string_view) { return false; }
process_front* forking_front() { return nullptr; }
}  // namespace scanproof

#endif
