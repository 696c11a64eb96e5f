// Batch mode (supervise_batch.hpp): one driver process forks a child per test.
#include "scanproof/supervise_batch.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "fork_platform.hpp"  // SCANPROOF_CAN_FORK
#include "scanproof/inputs.hpp"
#include "scanproof/supervise.hpp"

namespace scanproof {

namespace {

batch_preparation driver_preparation = nullptr;  // set_batch_preparation()

struct batch_test {
  std::string name, nonce, filter, flight, outputs, log, status;
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

#if SCANPROOF_CAN_FORK
// Written whole (a temporary, then rename) once the child ended.
void write_status(const batch_test& t, const child_end& end, double limit) {
  std::ostringstream text;
  if (!end.forked) {
    text << "notforked " << end.failure;
  } else if (end.timed_out) {
    text << "timeout " << limit;
  } else if (WIFEXITED(end.status)) {
    text << WEXITSTATUS(end.status);
  } else if (WIFSIGNALED(end.status)) {
    text << 128 + WTERMSIG(end.status);
  } else {
    text << "status " << end.status;
  }
  text << '\n';
  const std::string tmp = t.status + ".tmp";
  if (std::FILE* f = std::fopen(tmp.c_str(), "wb")) {
    const std::string s = text.str();
    const bool ok = std::fwrite(s.data(), 1, s.size(), f) == s.size();
    if (std::fclose(f) == 0 && ok && std::rename(tmp.c_str(), t.status.c_str()) == 0) return;
  }
  std::fprintf(stderr, "scanproof batch: %s: cannot write %s: %s\n", t.name.c_str(), t.status.c_str(),
               std::strerror(errno));
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
// qemu-m68k (docs/matrix.md); a batch of fewer tests (a candidate's) leaves
// each child to load and check what it reads, as a process of its own does.
constexpr std::size_t batch_preload_min_tests = 16;

void batch_load_inputs() {
  read_inputs_into_memory();
  for (const int width : {8, 16, 32, 64, 128})
    for (const input_set* s : input_sets(width))
      if (pinned(*s, width)) values_of(*s, width);
}

// One test in a child: what the driver is as a process of its own under the
// launcher, with this test's files and filter.
void run_test(int (*work)(int, char**), const batch_test& t, const std::vector<std::string>& args,
              double limit) {
  const child_end end = run_in_child(
      [&]() -> std::string {
        const int log = open(t.log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (log < 0 || dup2(log, 1) < 0 || dup2(log, 2) < 0) _exit(2);
        close(log);
        // Empty: lines from before this run (another test's child, an earlier
        // run) are not this test's outputs.
        if (std::FILE* f = std::fopen(t.outputs.c_str(), "wb")) std::fclose(f);
        if (!detail::adopt_test(t.flight, t.outputs, t.nonce)) {
          std::fprintf(stderr, "scanproof batch: %s: cannot map the flight file %s\n", t.name.c_str(),
                       t.flight.c_str());
          std::fflush(nullptr);
          _exit(2);
        }
        std::vector<std::string> own = args;
        own.insert(own.begin() + 1, "--gtest_filter=" + t.filter);
        std::vector<char*> argv;
        for (std::string& a : own) argv.push_back(a.data());
        argv.push_back(nullptr);
        const int rc = detail::supervise(work, static_cast<int>(own.size()), argv.data());
        std::fflush(nullptr);
        _exit(rc);  // as that process would end; the batch's own state is not this test's
      },
      {limit, false});
  write_status(t, end, limit);
}
#endif

}  // namespace

void set_batch_preparation(batch_preparation prepare) { driver_preparation = prepare; }

int batch_main(int (*work)(int, char**), int argc, char** argv) {
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
#if SCANPROOF_CAN_FORK
  if (!can_fork()) {
    std::fprintf(stderr, "scanproof batch: SCANPROOF_NO_SUPERVISOR is set: batch mode forks a child per test; "
                         "run each test in its own process instead\n");
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
  for (const batch_test& t : tests) std::remove(t.status.c_str());
  if (tests.size() >= batch_preload_min_tests) {
    batch_load_inputs();
    if (driver_preparation) {
      std::vector<std::string> filters;
      for (const batch_test& t : tests) filters.push_back(t.filter);
      driver_preparation(filters, args);
    }
  }
  // The workers: processes that each take the next test (a counter in shared
  // memory) and run it in a child; as many as SCANPROOF_BATCH_JOBS. Processes,
  // not threads: fork() from a threaded process is what hangs first under an
  // emulator.
  void* shared = mmap(nullptr, sizeof(unsigned long), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) {
    std::fprintf(stderr, "scanproof batch: mmap() failed: %s\n", std::strerror(errno));
    return 2;
  }
  auto* next = static_cast<unsigned long*>(shared);
  *next = 0;
  const auto jobs = static_cast<unsigned>(jobs_wanted < tests.size() ? jobs_wanted : tests.size());
  std::vector<pid_t> workers;
  std::fflush(nullptr);
  for (unsigned j = 0; j < jobs; ++j) {
    const pid_t pid = fork();
    if (pid == 0) {
#if defined(__linux__)
      prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
      for (unsigned long i; (i = __atomic_fetch_add(next, 1, __ATOMIC_RELAXED)) < tests.size();)
        run_test(work, tests[i], args, limit);
      std::fflush(nullptr);
      _exit(0);
    }
    if (pid < 0) std::fprintf(stderr, "scanproof batch: fork() failed: %s\n", std::strerror(errno));
    else workers.push_back(pid);
  }
  for (const pid_t pid : workers) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  std::size_t missing = 0;
  for (const batch_test& t : tests) {
    if (std::FILE* f = std::fopen(t.status.c_str(), "rb")) {
      std::fclose(f);
    } else if (++missing <= 5) {
      std::fprintf(stderr, "scanproof batch: %s did not run to its end: no %s\n", t.name.c_str(), t.status.c_str());
    }
  }
  if (missing) {
    std::fprintf(stderr, "scanproof batch: %zu of %zu tests have no status\n", missing, tests.size());
    return 1;
  }
  std::fprintf(stderr, "scanproof batch: %zu tests ran, each in a child of its own\n", tests.size());
  return 0;
#else
  (void)work;
  std::fprintf(stderr, "scanproof batch: %s %s: this platform cannot fork (batch mode forks a child per test)\n",
               std::string(batch_option).c_str(), dir.c_str());
  return 2;
#endif
}

}  // namespace scanproof
