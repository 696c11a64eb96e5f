#include "scanproof/supervise.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>

#include "scanproof/batch.hpp"
#include "scanproof/registry.hpp"

#include "fork_platform.hpp"  // SCANPROOF_CAN_FORK
#include "scanproof/supervise_batch.hpp"
#if defined(_WIN32)
#define WIN32_LEAN_AND_MEAN
#define NOMINMAX
#include <windows.h>
#endif

namespace scanproof {

namespace {

in_flight local_record{};
in_flight* record = &local_record;
bool file_backed = false;
std::string flight_path;             // SCANPROOF_FLIGHT_FILE where nothing can map it
std::string nonce;                   // SCANPROOF_NONCE, out of the environment
std::string outputs_path;            // SCANPROOF_OUTPUTS_FILE (judge.hpp)
std::string outputs_pending;         // lines not yet written (WASI: until the work returned)
bool stamp_checks = false;           // in a child with a per-check limit: flight_begin() stamps the record
check_inputs_source inputs_source = nullptr;  // set_check_inputs_source (the check engine's)

// The supervisor's clock: milliseconds since this process (or the first of
// its forked family) started, the same in parent and children.
using supervisor_clock = std::chrono::steady_clock;
const supervisor_clock::time_point clock_epoch = supervisor_clock::now();
std::uint32_t clock_ms() {
  return static_cast<std::uint32_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(supervisor_clock::now() - clock_epoch).count());
}

void copy(char* dst, std::size_t cap, std::string_view s) {
  const std::size_t n = s.size() < cap - 1 ? s.size() : cap - 1;
  std::memcpy(dst, s.data(), n);
  dst[n] = '\0';
}

void remove_env(const char* name) {
#if defined(_WIN32)
  _putenv_s(name, "");
#else
  unsetenv(name);
#endif
}

// The launcher's nonce, taken before any check runs (and before the fork):
// the scanners never find it in their environment.
void take_nonce() {
  if (const char* n = std::getenv("SCANPROOF_NONCE")) {
    nonce = n;
    remove_env("SCANPROOF_NONCE");
  }
  if (const char* p = std::getenv("SCANPROOF_OUTPUTS_FILE")) outputs_path = p;
}

void write_outputs() {
  if (outputs_path.empty() || outputs_pending.empty()) return;
  std::FILE* f = std::fopen(outputs_path.c_str(), "ab");
  if (!f) {
    std::fprintf(stderr, "scanproof: cannot write SCANPROOF_OUTPUTS_FILE=%s: %s\n", outputs_path.c_str(),
                 std::strerror(errno));
    return;
  }
  std::fwrite(outputs_pending.data(), 1, outputs_pending.size(), f);
  std::fclose(f);
  outputs_pending.clear();
}

// SCANPROOF_FLIGHT_FILE (see supervise.hpp): the record in that file, mapped
// where the platform can (mmap, shared with children; a Windows file
// mapping), else (WASI) written through stdio.
void map_flight_file_at(const char* path);
void map_flight_file() { map_flight_file_at(std::getenv("SCANPROOF_FLIGHT_FILE")); }
void map_flight_file_at(const char* path) {
  if (!path || !*path || file_backed || record != &local_record) return;
#if SCANPROOF_CAN_FORK
  const int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (fd < 0 || ftruncate(fd, sizeof(in_flight)) != 0) {
    std::fprintf(stderr, "scanproof: cannot use SCANPROOF_FLIGHT_FILE=%s: %s\n", path, std::strerror(errno));
    if (fd >= 0) close(fd);
    return;
  }
  void* p = mmap(nullptr, sizeof(in_flight), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  if (p == MAP_FAILED) return;
  record = new (p) in_flight{};
#elif defined(_WIN32)
  // A file mapping: under Wine a shared mmap of the very file the launcher
  // reads, so nothing is rewritten per check (rewriting it made the fuzz
  // corpus replay, about 20000 checks, the slowest test under 32-bit Wine).
  const HANDLE file = CreateFileA(path, GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE,
                                  nullptr, CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
  const HANDLE mapping = file == INVALID_HANDLE_VALUE
                             ? nullptr
                             : CreateFileMappingA(file, nullptr, PAGE_READWRITE, 0, sizeof(in_flight), nullptr);
  void* p = mapping ? MapViewOfFile(mapping, FILE_MAP_ALL_ACCESS, 0, 0, sizeof(in_flight)) : nullptr;
  const unsigned long error = GetLastError();
  if (mapping) CloseHandle(mapping);  // the view keeps the mapping alive
  if (file != INVALID_HANDLE_VALUE) CloseHandle(file);
  if (!p) {
    std::fprintf(stderr, "scanproof: cannot map SCANPROOF_FLIGHT_FILE=%s (Windows error %lu)\n", path, error);
    return;
  }
  record = new (p) in_flight{};
#else
  std::FILE* f = std::fopen(path, "wb");
  if (!f) {
    std::fprintf(stderr, "scanproof: cannot use SCANPROOF_FLIGHT_FILE=%s: %s\n", path, std::strerror(errno));
    return;
  }
  std::fclose(f);
  flight_path = path;
#endif
  file_backed = true;
}

// Rewrites the file (opened and closed each time: Node's WASI crashed at exit,
// SIGSEGV, when the file stayed open while the driver wrote its result file).
void sync_text() {
  if (flight_path.empty()) return;  // mapped: the text is the file
  if (std::FILE* f = std::fopen(flight_path.c_str(), "wb")) {
    std::fwrite(record->text, 1, sizeof record->text, f);
    std::fclose(f);
  }
}

void set_text(std::string_view text) {
  if (!file_backed) return;
  std::memset(record->text, 0, sizeof record->text);  // no tail of a longer earlier text
  copy(record->text, sizeof record->text, text);
  sync_text();
}

std::string shown(const in_flight& f) {
  return f.two_halves ? "{lo=" + hex(f.first) + ", hi=" + hex(f.first_hi) + "}" : hex(f.first);
}

// The detail line of an early exit: "impl=... check=... input in flight: ...".
std::string flight_detail(const in_flight& f) {
  std::string s;
  if (f.impl[0]) s += std::string("impl=") + f.impl + " ";
  s += "check=";
  s += f.check;
  if (f.count == 1 && std::strcmp(f.phase, "sweep") != 0) {
    s += " input in flight: " + shown(f) + " (while " + f.phase + "ing a failure)";
  } else if (f.count == 1) {
    s += " input in flight: " + shown(f) + " (input #" + std::to_string(f.index + 1) + ")";
  } else if (f.count > 1) {
    s += " inputs in flight: #" + std::to_string(f.index + 1) + "..#" +
         std::to_string(f.index + f.count) + ", the chunk starting at " + shown(f);
  }
  return s;
}

// `chunk`: only the inputs in flight changed. Where the file is not mapped
// (WASI) it would be written through stdio when a check begins or ends, but
// under WASI it is not written at all before the completion: Node 20's WASI crashed (SIGSEGV in
// V8, after the program's last line) once a run had opened the file a few
// dozen times, and 3 opens never did (measured: 0 crashes in 6 runs).
constexpr bool record_checks_in_file =
#if defined(__wasi__)
    false;
#else
    true;
#endif
void update_text(bool chunk = false) {
  if (!file_backed || (chunk && !flight_path.empty())) return;
  if (!record_checks_in_file && !flight_path.empty()) return;
  if (!record->active) return set_text("idle\n");
  set_text("running " + std::string(record->label) + " " + (record->phase[0] ? record->phase : "sweep") +
           " input " + shown(*record) + "\n  " + flight_detail(*record) + "\n");
}

// The work returned `status`: the one thing the launcher accepts as the end.
void report_completion(int status) {
  write_outputs();
  record->finished = 1;
  record->status = status;
  set_text("done " + (nonce.empty() ? std::string("-") : nonce) + " " + std::to_string(status) + "\n");
  if (status == 0)
    std::fprintf(stderr, "%.*s\n", static_cast<int>(completion_marker.size()), completion_marker.data());
}

// Where the process can end without returning (exit, atexit handlers run)
// and no launcher reads the flight file: name the check here.
void at_exit_report() {
  if (record->active && !record->finished && (!file_backed || !record_checks_in_file))
    std::fprintf(stderr, "\n%s\n", describe_early_exit(*record, "exit() called").c_str());
}

#if SCANPROOF_CAN_FORK
constexpr char end_of_result = '\x04';

// The flight record in memory shared with children (supervised_main shares it
// before its fork; a program that only runs children gets it here).
// Once per process, thread-safe: `scanproof prove --jobs` runs children from
// several threads.
bool share_record() {
  static const bool shared = [] {
    if (record != &local_record) return true;
    void* p = mmap(nullptr, sizeof(in_flight), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return false;
    record = new (p) in_flight{local_record};
    return true;
  }();
  return shared;
}

// The deadline of a child started at `started`: with per_check, the limit
// counts from the latest check the child began (its stamp in the record).
supervisor_clock::time_point deadline_of(supervisor_clock::time_point started, const child_limits& limits) {
  if (limits.per_check) {
    const std::uint32_t began = __atomic_load_n(&record->check_began_ms, __ATOMIC_RELAXED);
    started = std::max(started, clock_epoch + std::chrono::milliseconds(began));
  }
  return started + std::chrono::duration_cast<supervisor_clock::duration>(std::chrono::duration<double>(limits.seconds));
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

// The parent's side of run_in_child: the child's output until the child ended,
// or until its deadline, when the parent kills it. It looks at the child
// itself, not only at the pipe's end: a descendant can hold the pipe open
// after the child is gone, and a child can close it and go on running.
void wait_for(pid_t pid, int fd, supervisor_clock::time_point started, const child_limits& limits,
              child_end& end) {
  bool open = true;
  int tick_ms = 1;  // between looks at the child, growing while nothing happens
  for (;;) {
    int wait_ms = tick_ms;
    if (limits.seconds > 0) {
      const auto left = deadline_of(started, limits) - supervisor_clock::now();
      if (left <= supervisor_clock::duration::zero()) {
        kill(pid, SIGKILL);
        while (waitpid(pid, &end.status, 0) < 0 && errno == EINTR) {
        }
        end.timed_out = true;
        return;
      }
      const auto left_ms = std::chrono::ceil<std::chrono::milliseconds>(left).count();
      wait_ms = static_cast<int>(std::min<long long>(wait_ms, left_ms));
    }
    pollfd p{open ? fd : -1, POLLIN, 0};  // a negative fd: poll only waits
    if (poll(&p, 1, wait_ms) > 0 && p.revents) {
      if (read_available(fd, end.output)) continue;
      open = false;
      tick_ms = 1;  // the pipe's end: the child is ending
    }
    const pid_t w = waitpid(pid, &end.status, WNOHANG);
    if (w == pid || (w < 0 && errno != EINTR)) {
      if (open) read_available(fd, end.output);  // what it wrote before it ended
      return;
    }
    tick_ms = std::min(tick_ms * 2, 100);
  }
}

// The child died inside a chunk of `count` inputs: re-run that chunk one call
// at a time in a fresh child, recording each input first, to name the input
// whose call ended the process. Only for checks whose inputs the registered
// source regenerates (the canonical input sets); false when not found.
bool locate_exact(in_flight& f, const child_limits& limits) {
  const descriptor* d = inputs_source ? find(f.impl) : nullptr;
  if (!d || !d->built() || f.count <= 1) return false;
  std::vector<word> words = inputs_source(*d, f.check);
  for (word& b : words) b = to_argument(d->sh, b);
  if (f.index + f.count > words.size() || words[f.index] != word{f.first, f.first_hi}) return false;
  const in_flight before = f;
  const child_end rerun = run_in_child(
      [&] {
        for (std::uint64_t i = 0; i < before.count; ++i) {
          flight_chunk(&words[before.index + i], before.index + i, 1);
          (void)call_one(d->batch, words[before.index + i]);
        }
        record->active = 0;  // the whole chunk ran: the exit depended on state, not on one input
        return std::string();
      },
      {limits.seconds, false});
  if (!rerun.forked || !record->active || record->count != 1) {
    *record = before;
    return false;
  }
  f = *record;
  return true;
}
#endif

}  // namespace

std::string child_end::how() const {
#if SCANPROOF_CAN_FORK
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const char* s = strsignal(WTERMSIG(status));
    return "killed by signal " + std::to_string(WTERMSIG(status)) + " (" + (s ? s : "?") + ")";
  }
#endif
  return "status " + std::to_string(status);
}

bool child_end::exited_zero() const {
#if SCANPROOF_CAN_FORK
  return forked && WIFEXITED(status) && WEXITSTATUS(status) == 0;
#else
  return false;
#endif
}

bool can_fork() {
#if SCANPROOF_CAN_FORK
  return !std::getenv("SCANPROOF_NO_SUPERVISOR");
#else
  return false;
#endif
}

void set_check_inputs_source(check_inputs_source source) { inputs_source = source; }

child_end run_in_child(const std::function<std::string()>& body, child_limits limits) {
  child_end end;
#if SCANPROOF_CAN_FORK
  int fds[2];
  if (!can_fork()) {
    end.failure = "SCANPROOF_NO_SUPERVISOR is set";
  } else if (!share_record()) {
    end.failure = std::string("mmap() failed: ") + std::strerror(errno);
  } else if (pipe(fds) != 0) {
    end.failure = std::string("pipe() failed: ") + std::strerror(errno);
  } else {
    std::fflush(nullptr);
    const supervisor_clock::time_point started = supervisor_clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
      close(fds[0]);
#if defined(__linux__)
      prctl(PR_SET_PDEATHSIG, SIGKILL);  // the parent's end (ctest's timeout kills it) ends the child
#endif
      stamp_checks = limits.per_check && limits.seconds > 0;
      const std::string out = body();
      for (std::size_t done = 0; done < out.size();) {
        const ssize_t w = write(fds[1], out.data() + done, out.size() - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) _exit(3);
        done += static_cast<std::size_t>(w);
      }
      std::fflush(nullptr);
      _exit(0);  // no atexit handlers, no static destructors: the parent goes on
    }
    close(fds[1]);
    if (pid < 0) {
      end.failure = std::string("fork() failed: ") + std::strerror(errno);
    } else {
      end.forked = true;
      wait_for(pid, fds[0], started, limits, end);
    }
    close(fds[0]);
  }
#else
  (void)body;
  (void)limits;
  end.failure = "this platform cannot fork";
#endif
  return end;
}

isolated_result run_isolated(const std::function<std::string()>& fn, unsigned timeout_seconds,
                             bool per_check) {
#if SCANPROOF_CAN_FORK
  const child_limits limits{static_cast<double>(timeout_seconds), per_check};
  // The result, then an end-of-result byte: completed means it arrived.
  const child_end end = run_in_child([&] { return fn() + end_of_result; }, limits);
  if (end.forked) {
    isolated_result r;
    r.output = end.output;
    r.completed = end.exited_zero() && !r.output.empty() && r.output.back() == end_of_result;
    if (r.completed) r.output.pop_back();
    if (!r.completed) {
      in_flight f = *record;
      const std::string how =
          !end.timed_out ? end.how()
          : per_check && f.active
              ? "hung or too slow: the check gave no result within " + std::to_string(timeout_seconds) +
                    " s, the limit per check"
              : "hung: no result after " + std::to_string(timeout_seconds) + " s";
      const bool exact = !end.timed_out && f.active && locate_exact(f, limits);
      r.why = describe_early_exit(f, how) +
              (exact ? "\n  (located by re-running the chunk one call at a time)" : "");
      record->active = 0;
    }
    return r;
  }
#endif
  (void)timeout_seconds;
  (void)per_check;
  return {true, fn(), ""};
}

in_flight& flight() { return *record; }

void report_outputs(std::string_view line) {
  if (outputs_path.empty()) return;
  outputs_pending.append(line).push_back('\n');
  if (record_checks_in_file) write_outputs();
}

void flight_begin(const descriptor& d, std::string_view check, std::string_view label) {
  flight_begin(std::string_view(d.name), check, label);
  record->two_halves = d.sh.width > 64;
}

void flight_begin(std::string_view impl, std::string_view check, std::string_view label) {
  static const bool mapped = (map_flight_file(), true);
  (void)mapped;
  if (stamp_checks) __atomic_store_n(&record->check_began_ms, clock_ms(), __ATOMIC_RELAXED);  // a fresh limit
  copy(record->label, sizeof record->label, label);
  copy(record->impl, sizeof record->impl, impl);
  copy(record->check, sizeof record->check, check);
  record->first = record->first_hi = record->index = record->count = 0;
  record->two_halves = 0;
  record->phase[0] = '\0';
  record->active = 1;
  update_text();
}

void flight_chunk(const word* inputs, std::uint64_t index, std::uint64_t count,
                  const char* phase) {
  copy(record->phase, sizeof record->phase, phase);
  record->first = count ? inputs[0].lo : 0;
  record->first_hi = count ? inputs[0].hi : 0;
  record->index = index;
  record->count = count;
  update_text(true);
}

void flight_end() {
  record->active = 0;
  update_text();
}

std::string describe_early_exit(const in_flight& f, std::string_view how) {
  std::string s = "scanproof: ";
  if (!f.active) {
    s += "the process ended outside any check (";
    s += how;
    s += ") before it ran to its end";
    return s;
  }
  s += f.label;
  s += ": the process ended during the check (";
  s += how;
  s += "): a check passes only if it ran to its end\n  ";
  s += flight_detail(f);
  return s;
}

int supervised_main(int (*work)(int, char**), int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (batch_option == argv[i]) return batch_main(work, argc, argv);  // supervise_batch.hpp
  take_nonce();
  map_flight_file();
  return detail::supervise(work, argc, argv);
}

bool detail::adopt_test(const std::string& flight_file, const std::string& outputs_file,
                        const std::string& test_nonce) {
  record = &local_record;  // not the batch's record: this test's file
  *record = in_flight{};
  file_backed = false;
  flight_path.clear();
  map_flight_file_at(flight_file.c_str());
  nonce = test_nonce;
  outputs_path = outputs_file;
  outputs_pending.clear();
  return file_backed && record != &local_record;  // mapped: shared with the work's child
}

int detail::supervise(int (*work)(int, char**), int argc, char** argv) {
  // gtest's test listing (ctest discovery) needs no supervision.
  bool listing = false;
  for (int i = 1; i < argc; ++i) listing |= std::strcmp(argv[i], "--gtest_list_tests") == 0;
#if SCANPROOF_CAN_FORK
  if (!listing && can_fork() && share_record()) {
    const child_end end = run_in_child([&]() -> std::string {
      const int rc = work(argc, argv);
      record->status = rc;  // the parent reports it only if the child's exit agrees
      record->finished = 1;
      std::fflush(nullptr);
      std::exit(rc);  // as main's return would: atexit handlers and static destructors run, in the child
    });
    if (end.forked) {
      const int status = end.status;
      if (record->finished && WIFEXITED(status) && WEXITSTATUS(status) == record->status) {
        report_completion(record->status);
        return record->status;
      }
      in_flight f = *record;
      std::string how = end.how();
      if (f.finished)  // the work returned, then something at exit changed its status
        how += " after the work returned " + std::to_string(f.status) + ": a static destructor or atexit handler";
      const bool exact = f.active && !f.finished && locate_exact(f, {});
      std::fprintf(stderr, "\n%s%s\n", describe_early_exit(f, how).c_str(),
                   exact ? "\n  (located by re-running the chunk one call at a time)" : "");
      set_text("reported\n");
      if (WIFSIGNALED(status)) {  // keep ctest's "***Exception: <signal>" line
        ::signal(WTERMSIG(status), SIG_DFL);
        ::raise(WTERMSIG(status));
      }
      return 1;
    }
    // fork failed: run unsupervised below
  }
#endif
  std::atexit(at_exit_report);
  const int rc = work(argc, argv);
  report_completion(rc);
  return rc;
}

int completing_main(int (*work)(int, char**), int argc, char** argv) {
  take_nonce();
  map_flight_file();
  const int rc = work(argc, argv);
  report_completion(rc);
  return rc;
}

}  // namespace scanproof
