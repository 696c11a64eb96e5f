// The supervisor's shared logic (supervise.hpp): the flight record, a child's
// run and its reading, one program's supervised run. The platform's part is
// the process front (process_front.hpp) and the flight file's storage
// (flight_file.hpp); batch mode is batch_front.cpp.
#include "scanproof/supervise.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "child_protocol.hpp"
#include "flight_file.hpp"
#include "scanproof/batch.hpp"
#include "scanproof/registry.hpp"
#include "supervisor_parts.hpp"

namespace scanproof {

namespace supervisor_state {

in_flight local_record{};
in_flight* record = &local_record;
bool file_backed = false;
bool text_rewritten = false;         // the file is not mapped: its text is rewritten through stdio
std::string flight_path;             // SCANPROOF_FLIGHT_FILE, where the text is rewritten
std::string nonce;                   // SCANPROOF_NONCE, out of the environment
std::string outputs_path;            // SCANPROOF_OUTPUTS_FILE (judge.hpp)
std::string outputs_pending;         // lines not yet written (WASI: until the work returned)
bool stamp_checks = false;           // in a child with a per-check limit: flight_begin() stamps the record
check_inputs_source inputs_source = nullptr;  // set_check_inputs_source (the check engine's)

// The supervisor's clock: milliseconds since this process (or the first of
// its forked family) started, the same in parent and children.
const std::chrono::steady_clock::time_point clock_epoch = std::chrono::steady_clock::now();
std::uint32_t clock_ms() {
  return static_cast<std::uint32_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - clock_epoch).count());
}

void copy(char* dst, std::size_t cap, std::string_view s) {
  const std::size_t n = s.size() < cap - 1 ? s.size() : cap - 1;
  std::memcpy(dst, s.data(), n);
  dst[n] = '\0';
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

// Lines a child of this process reported, or this process itself.
void add_outputs(std::string_view lines) {
  if (outputs_path.empty() || lines.empty()) return;
  outputs_pending.append(lines);
  if (record_checks_in_file) write_outputs();
}

// SCANPROOF_FLIGHT_FILE (see supervise.hpp), once per process.
void map_flight_file() {
  const char* path = std::getenv("SCANPROOF_FLIGHT_FILE");
  if (!path || !*path || file_backed || record != &local_record) return;
  const flight_file f = open_flight_file(path);
  if (f.mapped) record = f.mapped;
  else if (f.rewritten) flight_path = path;
  else return;
  text_rewritten = f.rewritten;
  file_backed = true;
}

// Rewrites the file (opened and closed each time: Node's WASI crashed at exit,
// SIGSEGV, when the file stayed open while the driver wrote its result file).
void sync_text() {
  if (!text_rewritten) return;  // mapped: the text is the file
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

// `chunk`: only the inputs in flight changed; a file rewritten through stdio
// is not rewritten for that (nor at all before the completion, under WASI:
// flight_file_stdio.cpp).
void update_text(bool chunk = false) {
  if (!file_backed || (chunk && text_rewritten)) return;
  if (!record_checks_in_file && text_rewritten) return;
  set_text(state_text(*record));
}

std::string completion_text(int status) {
  return "done " + (nonce.empty() ? std::string("-") : nonce) + " " + std::to_string(status) + "\n";
}

// The work returned `status`: the one thing the launcher accepts as the end.
void report_completion(int status) {
  write_outputs();
  record->finished = 1;
  record->status = status;
  set_text(completion_text(status));
  if (status == 0)
    std::fprintf(stderr, "%.*s\n", static_cast<int>(completion_marker.size()), completion_marker.data());
}

// Where the process can end without returning (exit, atexit handlers run)
// and no launcher reads the flight file: name the check here.
void at_exit_report() {
  if (record->active && !record->finished && (!file_backed || !record_checks_in_file))
    std::fprintf(stderr, "\n%s\n", describe_early_exit(*record, "exit() called").c_str());
}

// A child started with its own record: flight_begin and flight_chunk write it.
void enter_child(in_flight* own, child_limits limits) {
  record = own;
  stamp_checks = limits.per_check && limits.seconds > 0;
}

// Runs body in a child and waits for its end; the child's outputs lines
// become this process's (its parent's, the launcher's).
child_run run_child(const std::function<std::string()>& body, const in_flight& initial, child_limits limits) {
  running_child c;
  if (!start_child(c, body, initial, limits, false)) {
    child_run failed;
    failed.end = c.end;
    return failed;
  }
  the_process_front().wait_any({&c});
  child_run run = finish_child(c);
  add_outputs(run.outputs);
  return run;
}

// The child died inside a chunk of `count` inputs: re-run that chunk one call
// at a time in a fresh child, recording each input first, to name the input
// whose call ended the process. Only for checks whose inputs the registered
// source regenerates (the canonical input sets); false when not found.
bool locate_exact(in_flight& f, child_limits limits) {
  const descriptor* d = inputs_source ? find(f.impl) : nullptr;
  if (!d || !d->built() || f.count <= 1) return false;
  std::vector<word> words = inputs_source(*d, f.check);
  for (word& b : words) b = to_argument(d->sh, b);
  if (f.index + f.count > words.size() || words[f.index] != word{f.first, f.first_hi}) return false;
  const in_flight before = f;
  const child_run rerun = run_child(
      [&] {
        for (std::uint64_t i = 0; i < before.count; ++i) {
          flight_chunk(&words[before.index + i], before.index + i, 1);
          (void)call_one(d->batch, words[before.index + i]);
        }
        record->active = 0;  // the whole chunk ran: the exit depended on state, not on one input
        return std::string();
      },
      before, {limits.seconds, false});
  if (!rerun.end.forked || !rerun.record.active || rerun.record.count != 1) return false;
  f = rerun.record;
  return true;
}

}  // namespace supervisor_state

using namespace supervisor_state;

std::chrono::steady_clock::time_point supervisor_epoch() { return clock_epoch; }

std::string child_end::how() const {
  if (exit_code >= 0) return "exit status " + std::to_string(exit_code);
  if (signal > 0) return "killed by signal " + std::to_string(signal) + " (" + signal_name + ")";
  return "status " + std::to_string(status);
}

bool child_end::exited_zero() const { return forked && exit_code == 0; }

int child_end::shell_status() const { return signal > 0 ? 128 + signal : exit_code; }

bool can_fork() { return the_process_front().why_inline().empty(); }

void set_check_inputs_source(check_inputs_source source) { inputs_source = source; }

bool start_child(running_child& c, const std::function<std::string()>& body, const in_flight& initial,
                 child_limits limits, bool own_group) {
  return the_process_front().start(
      c,
      [&c, &body, limits] {
        enter_child(c.record, limits);
        return body();
      },
      initial, limits, own_group);
}

child_run finish_child(running_child& c) {
  child_run run;
  child_frames frames = read_frames(c.end.output);
  run.end = std::move(c.end);
  run.end.output = std::move(frames.result);
  run.returned = frames.returned;
  run.outputs = std::move(frames.outputs);
  if (c.record) run.record = *c.record;
  the_process_front().release(c);
  return run;
}

void run_work_as_main(int (*work)(int, char**), int argc, char** argv) {
  const int rc = work(argc, argv);
  record->status = rc;  // the parent reports it only if the child's exit agrees
  record->finished = 1;
  std::fflush(nullptr);
  std::exit(rc);  // as main's return would: atexit handlers and static destructors run, in the child
}

work_verdict judge_work(const child_run& run, std::string_view test_nonce, child_limits limits) {
  const child_end& end = run.end;
  in_flight f = run.record;
  work_verdict v;
  if (f.finished && end.exit_code >= 0 && end.exit_code == f.status) {
    v.status = f.status;
    v.text = "done " + (test_nonce.empty() ? std::string("-") : std::string(test_nonce)) + " " +
             std::to_string(f.status) + "\n";
    return v;
  }
  std::string how = end.how();
  if (f.finished)  // the work returned, then something at exit changed its status
    how += " after the work returned " + std::to_string(f.status) + ": a static destructor or atexit handler";
  const bool exact = f.active && !f.finished && locate_exact(f, limits);
  v.explanation = describe_early_exit(f, how) + (exact ? "\n  (located by re-running the chunk one call at a time)" : "");
  v.text = "reported\n";
  v.signal = end.signal;
  v.status = end.signal > 0 ? end.shell_status() : 1;
  return v;
}

std::string state_text(const in_flight& f) {
  if (!f.active) return "idle\n";
  return "running " + std::string(f.label) + " " + (f.phase[0] ? f.phase : "sweep") + " input " + shown(f) +
         "\n  " + flight_detail(f) + "\n";
}

child_end run_in_child(const std::function<std::string()>& body, child_limits limits) {
  child_run run = run_child(body, *record, limits);
  return run.end;
}

isolated_result run_isolated(const std::function<std::string()>& fn, unsigned timeout_seconds,
                             bool per_check) {
  if (!can_fork()) return {true, fn(), ""};
  const child_limits limits{static_cast<double>(timeout_seconds), per_check};
  child_run run = run_child(fn, *record, limits);
  if (!run.end.forked) return {true, fn(), ""};  // nothing started: run it here, as where nothing forks
  isolated_result r;
  r.completed = run.end.exited_zero() && run.returned;
  if (r.completed) {
    r.output = std::move(run.end.output);
    return r;
  }
  in_flight f = run.record;
  const std::string how =
      !run.end.timed_out ? run.end.how()
      : per_check && f.active
          ? "hung or too slow: the check gave no result within " + std::to_string(timeout_seconds) +
                " s, the limit per check"
          : "hung: no result after " + std::to_string(timeout_seconds) + " s";
  const bool exact = !run.end.timed_out && f.active && locate_exact(f, limits);
  r.why = describe_early_exit(f, how) + (exact ? "\n  (located by re-running the chunk one call at a time)" : "");
  return r;
}

in_flight& flight() { return *record; }

void report_outputs(std::string_view line) {
  // In a child: to its parent, who alone writes the outputs file.
  if (send_to_parent(frame(frame_type::outputs_line, line))) return;
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

// One program's run (supervised_main.cpp): the work in a child where the
// front forks, this process judging its end; else in this process.
int supervise_program(int (*work)(int, char**), int argc, char** argv) {
  take_nonce();
  map_flight_file();
  // gtest's test listing (ctest discovery) needs no supervision.
  bool listing = false;
  for (int i = 1; i < argc; ++i) listing |= std::strcmp(argv[i], "--gtest_list_tests") == 0;
  if (!listing && can_fork()) {
    const child_run run = run_child([&]() -> std::string { run_work_as_main(work, argc, argv); }, *record, {});
    if (run.end.forked) {
      const work_verdict v = judge_work(run, nonce, {});
      if (v.explanation.empty()) {
        report_completion(v.status);
        return v.status;
      }
      std::fprintf(stderr, "\n%s\n", v.explanation.c_str());
      set_text(v.text);
      if (v.signal) {  // keep ctest's "***Exception: <signal>" line
        std::signal(v.signal, SIG_DFL);
        std::raise(v.signal);
      }
      return 1;
    }
    // fork failed: run unsupervised below
  }
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
