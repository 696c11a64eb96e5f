// Batch mode (supervise_batch.hpp) on the process front (process_front.hpp):
// this process starts a child per test, at most SCANPROOF_BATCH_JOBS at once,
// and is each one's supervising parent, as supervise.cpp is a program's: it
// reads the child's end and flight record (judge_work) and its frames
// (child_protocol.hpp). It alone writes each test's files -- flight text,
// outputs, status -- from what it observed, and only once every child has
// ended and its process group is gone: a child is given no path, and what a
// child writes to another test's files is overwritten.
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#if defined(__linux__)
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#include "scanproof/inputs.hpp"
#include "scanproof/supervise.hpp"
#include "scanproof/supervise_batch.hpp"
#include "supervisor_parts.hpp"

namespace scanproof {

namespace batch_front_detail {

batch_preparation driver_preparation = nullptr;  // set_batch_preparation()

struct batch_test {
  std::string name, nonce, filter, flight, outputs, log, status;
};

// What the batch process observed of a test's child, written at the end.
struct test_result {
  bool ran = false;
  std::string status;       // the status file's line: "0", "139", "timeout 3", "notforked ..."
  std::string flight_text;  // the flight file's text
  std::string outputs;      // the outputs lines the child sent
  std::string log_tail;     // what this process adds to the child's log
};

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::size_t start = 0;
  for (std::size_t tab; (tab = line.find('\t', start)) != std::string::npos; start = tab + 1)
    fields.push_back(line.substr(start, tab - start));
  fields.push_back(line.substr(start));
  return fields;
}

// DIR/request (supervise_batch.hpp); "" or why it is not a request.
std::string read_request(const std::string& dir, std::vector<batch_test>& tests) {
  // Read through stdio: wasi's libc++ has no file streams, and this file is
  // built everywhere (batch mode itself is refused where nothing forks).
  const std::string path = dir + "/request";
  std::FILE* in = std::fopen(path.c_str(), "rb");
  if (!in) return "cannot read " + path + ": " + std::strerror(errno);
  std::string text;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, in)) > 0;) text.append(buf, n);
  std::fclose(in);
  std::istringstream lines(text);
  std::string line;
  for (int n = 1; std::getline(lines, line); ++n) {
    const std::vector<std::string> f = split_tabs(line);
    if (f.size() != 7 || f[0].empty() || f[1].empty() || f[2].empty())
      return path + ":" + std::to_string(n) + ": not 7 tab-separated fields (test, nonce, filter, flight, outputs, log, status)";
    tests.push_back({f[0], f[1], f[2], f[3], f[4], f[5], f[6]});
  }
  if (tests.empty()) return path + " lists no test";
  return "";
}

// A non-negative number from the environment; false if it is not one.
bool env_number(const char* name, double fallback, double& value) {
  value = fallback;
  const char* s = std::getenv(name);
  if (!s || !*s) return true;
  char* end = nullptr;
  value = std::strtod(s, &end);
  return *end == '\0' && value >= 0;
}

// Every pinned input set, loaded and matched against its pin here, once,
// before the first fork: each child inherits the checked values (copy on
// write) and neither maps nor digests them again (values_of: the process's
// cache; a conformance sweep skips its input digest, a property sample its pin
// check). Read into this process's own memory, not mapped: a child can write
// the cache file, and a mapping would show later children what it wrote.
// Only the suite's code runs here: no scanner is called. It pays for a batch
// of many tests (a catalogue's): loading every set costs the batch process
// about as much as 15-20 short tests' own loads under qemu-aarch64, 4 under
// qemu-m68k (docs/measurements.md); a batch of fewer tests (a candidate's) leaves
// each child to load and check what it reads, as a process of its own does.
constexpr std::size_t batch_preload_min_tests = 16;

void batch_load_inputs() {
  read_inputs_into_memory();
  for (const int width : {8, 16, 32, 64, 128})
    for (const input_set* s : input_sets(width))
      if (pinned(*s, width)) values_of(*s, width);
}

// Writes `text` whole at `path` (a temporary, then rename): what a child left
// there is replaced.
bool write_whole(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  if (std::FILE* f = std::fopen(tmp.c_str(), "wb")) {
    const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    if (std::fclose(f) == 0 && ok && std::rename(tmp.c_str(), path.c_str()) == 0) return true;
  }
  std::fprintf(stderr, "scanproof batch: cannot write %s: %s\n", path.c_str(), std::strerror(errno));
  return false;
}

void append(const std::string& path, const std::string& text) {
  if (text.empty()) return;
  if (std::FILE* f = std::fopen(path.c_str(), "ab")) {
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
  }
}

// The files of a test, from what this process observed; the status last (the
// launcher reads a test whose status is there as complete).
bool write_result(const batch_test& t, const test_result& r) {
  append(t.log, r.log_tail);
  return write_whole(t.flight, r.flight_text) && write_whole(t.outputs, r.outputs) &&
         write_whole(t.status, r.status + "\n");
}

// The one file a test's child may write by name: its implementation's
// results JSON, where conformance_test.cpp's write_results puts it
// (SCANPROOF_RESULTS_DIR/<impl>.json; the test is conformance.<op>.<impl>.<check>).
// "" for a test that writes none there.
std::string results_file_of(const batch_test& t) {
  const char* dir = std::getenv("SCANPROOF_RESULTS_DIR");
  const std::string label = "conformance.";
  if (!dir || !*dir || t.name.compare(0, label.size(), label) != 0) return "";
  const std::size_t op_end = t.name.find('.', label.size());
  const std::size_t impl_end = op_end == std::string::npos ? op_end : t.name.find('.', op_end + 1);
  if (impl_end == std::string::npos) return "";
  return std::string(dir) + "/" + t.name.substr(op_end + 1, impl_end - op_end - 1) + ".json";
}

// Makes `path` empty if it is not there, so a confined child can be granted
// it alone (Landlock grants an existing file: Linux only, process_front_fork.cpp);
// true if made here.
bool make_if_missing(const std::string& path) {
#if defined(__linux__)
  if (path.empty()) return false;
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) return false;
  close(fd);
  return true;
#else
  (void)path;
  return false;
#endif
}

// What make_if_missing made and the child left empty goes: no test wrote it.
void remove_if_left_empty(const std::string& path) {
#if defined(__linux__)
  struct stat st;
  if (stat(path.c_str(), &st) == 0 && st.st_size == 0) std::remove(path.c_str());
#else
  (void)path;
#endif
}

// Runs the tests through the process front, `jobs` at once.
class batch_run {
 public:
  batch_run(int (*work)(int, char**), std::vector<batch_test>& tests, std::vector<std::string> args, double limit)
      : work_(work), tests_(tests), args_(std::move(args)), limit_(limit), results_(tests.size()) {}

  // Runs `which` (indices into the tests), `jobs` at once; returns those a
  // signal may have ended from outside (another test's child) to run again.
  std::vector<std::size_t> run(const std::vector<std::size_t>& which, std::size_t jobs) {
    std::vector<std::size_t> again;
    std::vector<running_child> slots(jobs);
    std::vector<char> made(jobs);  // the slot's results file was made for its child (make_if_missing)
    std::vector<std::size_t> test_of(jobs);
    std::vector<std::size_t> busy;  // slots with a child
    std::size_t next = 0;
    for (;;) {
      while (next < which.size() && busy.size() < jobs) {
        std::size_t s = 0;
        while (std::find(busy.begin(), busy.end(), s) != busy.end()) ++s;  // a free slot
        const std::size_t i = which[next++];
        slots[s] = running_child{};
        slots[s].output_file = tests_[i].log;
        slots[s].writable = results_file_of(tests_[i]);
        made[s] = make_if_missing(slots[s].writable);
        if (!start_child(slots[s], child_body(i), in_flight{}, {limit_, false}, /*own_group=*/true)) {
          results_[i] = {true, "notforked " + slots[s].end.failure, "", "", ""};
          continue;
        }
        test_of[s] = i;
        busy.push_back(s);
      }
      if (busy.empty()) return again;
      std::vector<running_child*> running;
      for (const std::size_t s : busy) running.push_back(&slots[s]);
      const std::size_t k = the_process_front().wait_any(running);
      const std::size_t s = busy[k];
      busy.erase(busy.begin() + static_cast<std::ptrdiff_t>(k));
      const child_run ended = finish_child(slots[s]);
      if (made[s]) remove_if_left_empty(slots[s].writable);
      if (jobs > 1 && the_process_front().ended_from_outside(ended.end)) {
        again.push_back(test_of[s]);
        continue;
      }
      results_[test_of[s]] = observed(ended, tests_[test_of[s]]);
    }
  }

  // Writes every test's files; false if one could not be written.
  bool write_all() const {
    bool ok = true;
    for (std::size_t i = 0; i < tests_.size(); ++i)
      if (results_[i].ran) ok &= write_result(tests_[i], results_[i]);
    return ok;
  }

  std::size_t unfinished() const {
    std::size_t n = 0;
    for (const test_result& r : results_) n += !r.ran;
    return n;
  }

 private:
  // The child of test i: what the driver is as a process of its own, with
  // this test's filter. It knows no test's files (its stdout and stderr go to
  // its log, its outputs and record to this process).
  std::function<std::string()> child_body(std::size_t i) {
    return [this, i]() -> std::string {
      std::vector<std::string> own = args_;
      own.insert(own.begin() + 1, "--gtest_filter=" + tests_[i].filter);
      tests_.clear();  // the other tests' names and files are not this child's
      std::vector<char*> argv;
      for (std::string& a : own) argv.push_back(a.data());
      argv.push_back(nullptr);
      run_work_as_main(work_, static_cast<int>(own.size()), argv.data());
    };
  }

  test_result observed(const child_run& ended, const batch_test& t) const {
    test_result r;
    r.ran = true;
    r.outputs = ended.outputs;
    if (ended.end.timed_out) {
      std::ostringstream s;
      s << "timeout " << limit_;
      r.status = s.str();
      r.flight_text = state_text(ended.record);
      return r;
    }
    const work_verdict v = judge_work(ended, t.nonce, {limit_, false});
    r.status = std::to_string(v.status);
    r.flight_text = v.text;
    if (!v.explanation.empty()) r.log_tail = "\n" + v.explanation + "\n";
    else if (v.status == 0) r.log_tail = std::string(completion_marker) + "\n";
    return r;
  }

  int (*work_)(int, char**);
  std::vector<batch_test>& tests_;
  std::vector<std::string> args_;
  double limit_;
  std::vector<test_result> results_;
};

}  // namespace batch_front_detail

using namespace batch_front_detail;

void set_batch_preparation(batch_preparation prepare) { driver_preparation = prepare; }

int run_batch(int (*work)(int, char**), int argc, char** argv) {
  std::string dir;
  std::vector<std::string> args;  // the driver's arguments less the batch option
  for (int i = 0; i < argc; ++i) {
    if (batch_option == argv[i] && i + 1 < argc) {
      dir = argv[++i];
    } else if (batch_option == argv[i]) {
      std::fprintf(stderr, "scanproof batch: %s needs a directory\n", argv[i]);
      return 2;
    } else {
      args.emplace_back(argv[i]);
    }
  }
  const std::string why_not = the_process_front().why_inline();
  if (why_not == "SCANPROOF_NO_SUPERVISOR is set") {
    std::fprintf(stderr, "scanproof batch: SCANPROOF_NO_SUPERVISOR is set: batch mode forks a child per test; "
                         "run each test in its own process instead\n");
    return 2;
  }
  if (!why_not.empty()) {
    std::fprintf(stderr, "scanproof batch: %s %s: %s (batch mode forks a child per test)\n",
                 std::string(batch_option).c_str(), dir.c_str(), why_not.c_str());
    return 2;
  }
  std::vector<batch_test> tests;
  if (const std::string bad = read_request(dir, tests); !bad.empty()) {
    std::fprintf(stderr, "scanproof batch: %s\n", bad.c_str());
    return 2;
  }
  double limit = 0, jobs_wanted = 2;
  if (!env_number("SCANPROOF_TEST_TIMEOUT", 0, limit) || !env_number("SCANPROOF_BATCH_JOBS", 2, jobs_wanted) ||
      jobs_wanted < 1) {
    std::fprintf(stderr, "scanproof batch: SCANPROOF_TEST_TIMEOUT must be seconds (>= 0), "
                         "SCANPROOF_BATCH_JOBS a count (>= 1)\n");
    return 2;
  }
  for (const batch_test& t : tests)
    for (const std::string* f : {&t.status, &t.flight, &t.outputs}) std::remove(f->c_str());
  if (tests.size() >= batch_preload_min_tests) {
    batch_load_inputs();
    if (driver_preparation) {
      std::vector<std::string> filters;
      for (const batch_test& t : tests) filters.push_back(t.filter);
      driver_preparation(filters, args);
    }
  }
  std::vector<std::size_t> all(tests.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  const auto jobs = static_cast<std::size_t>(jobs_wanted < static_cast<double>(tests.size()) ? jobs_wanted : tests.size());
  batch_run batch(work, tests, args, limit);
  // A child killed by a signal while others ran may have been killed by one
  // of them: it runs again alone, and that run is its verdict.
  const std::vector<std::size_t> again = batch.run(all, jobs);
  for (const std::size_t i : again)
    std::fprintf(stderr, "scanproof batch: %s ended by a signal while other tests ran: run again alone\n",
                 tests[i].name.c_str());
  batch.run(again, 1);
  const bool written = batch.write_all();
  if (const std::size_t missing = batch.unfinished(); missing || !written) {
    std::fprintf(stderr, "scanproof batch: %zu of %zu tests have no status\n", missing, tests.size());
    return 1;
  }
  std::fprintf(stderr, "scanproof batch: %zu tests ran, each in a child of its own\n", tests.size());
  return 0;
}

}  // namespace scanproof
