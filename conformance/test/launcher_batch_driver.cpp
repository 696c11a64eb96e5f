// A small driver for unit.launcher.batch (launcher_batch_test.sh): one
// GoogleTest test per behaviour, each a "check" of a fake implementation that
// records itself in the flight record and reports its outputs as a
// conformance check does (supervise.hpp), run through supervised_main, so
// batch mode (--scanproof-batch, supervise_batch.hpp) forks a child per test.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <dirent.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "scanproof/digest.hpp"
#include "scanproof/inputs.hpp"
#include "scanproof/supervise.hpp"
#include "scanproof/supervise_batch.hpp"

namespace {

const char* const right = "known_answers pass 28 0x1111111111111111";

// The input set the hostile pair below shares: a child that overwrites its
// cache file in place, then one that reads the set as its process holds it.
const scanproof::input_set& shared_set() { return *scanproof::find_input_set("single_bits"); }

void overwrite_cache_file() {
  const char* dir = std::getenv("SCANPROOF_INPUTS_DIR");
  const std::string path = std::string(dir ? dir : ".") + "/single_bits-64.u64";
  const int fd = ::open(path.c_str(), O_WRONLY);
  if (fd < 0 && errno == EACCES) {  // a confined child (Landlock): nothing to overwrite with
    std::printf("overwrites_inputs: write refused: %s\n", std::strerror(errno));
    return;
  }
  const char zeros[64] = {};
  if (fd < 0 || ::pwrite(fd, zeros, sizeof zeros, 0) != static_cast<ssize_t>(sizeof zeros)) std::abort();
  ::close(fd);
}

// Whether the set this process holds is the pinned one.
bool inputs_are_pinned() {
  const scanproof::input_values& v = scanproof::values_of(shared_set(), 64);
  scanproof::value_digest d;
  d.add(v.data, v.count);
  return d.value() == scanproof::pinned(shared_set(), 64)->digest;
}

// The batch's run directory, as a hostile child finds it: its parent's
// command line (--scanproof-batch DIR).
std::string batch_dir_of_parent() {
  std::ifstream in("/proc/" + std::to_string(::getppid()) + "/cmdline");
  std::string arg, previous;
  while (std::getline(in, arg, '\0')) {
    if (previous == "--scanproof-batch") return arg;
    previous = arg;
  }
  return "";
}

// Writes a failing status and a forged record into every other test's files.
void spoil_other_tests() {
  const std::string dir = batch_dir_of_parent();
  DIR* d = ::opendir(dir.c_str());
  if (!d) std::abort();
  while (const dirent* e = ::readdir(d)) {
    const std::string name = e->d_name;
    if (name.find("spoils_others") != std::string::npos) continue;
    const auto ends = [&](const std::string& tail) {
      return name.size() > tail.size() && name.compare(name.size() - tail.size(), tail.size(), tail) == 0;
    };
    if (ends(".status")) std::ofstream(dir + "/" + name) << "1\n";
    if (ends(".flight")) std::ofstream(dir + "/" + name) << "done 0 1\n";
    if (ends(".outputs")) std::ofstream(dir + "/" + name) << "";
  }
  ::closedir(d);
}

// Writes another implementation's results JSON (the matrix reads it) and its
// own: a confined child may write its own alone.
void spoil_results() {
  const char* dir = std::getenv("SCANPROOF_RESULTS_DIR");
  if (!dir) std::abort();
  if (std::FILE* other = std::fopen((std::string(dir) + "/good.json").c_str(), "w")) {
    std::fputs("forged\n", other);
    std::fclose(other);
  } else if (errno == EACCES) {  // a confined child (Landlock)
    std::printf("spoils_results: write refused: %s\n", std::strerror(errno));
  }
  std::FILE* own = std::fopen((std::string(dir) + "/spoils_results.json").c_str(), "w");
  if (!own || std::fputs("{}\n", own) < 0 || std::fclose(own) != 0) std::abort();
}

// Kills every other child of its parent (its siblings in the batch), once one
// is there (at most 2 s).
void kill_siblings() {
  const std::string children = "/proc/" + std::to_string(::getppid()) + "/task/" + std::to_string(::getppid()) +
                               "/children";
  for (int tries = 0; tries < 200; ++tries) {
    std::ifstream in(children);
    bool killed = false;
    bool refused = false;
    for (long pid; in >> pid;)
      if (pid != ::getpid()) {
        const bool ok = ::kill(static_cast<pid_t>(pid), SIGKILL) == 0;
        killed |= ok;
        refused |= !ok && errno == EPERM;
      }
    if (refused) std::printf("kills_siblings: kill refused: %s\n", std::strerror(EPERM));  // a confined child (Landlock)
    if (killed || refused) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

// What the batch process made before it forked (set_batch_preparation): the
// gtest filters of its tests, one a line. sees_preparation's child looks for its own.
std::string prepared;
void prepare(const std::vector<std::string>& filters, const std::vector<std::string>& /*args*/) {
  for (const std::string& f : filters) prepared += f + "\n";
}

// The check of `impl`: begins, runs one input, then does what `impl` names.
void check(const std::string& impl) {
  scanproof::flight_begin(impl, "known_answers", "conformance.lsb." + impl + ".known_answers");
  const scanproof::word input{0x10, 0};
  scanproof::flight_chunk(&input, 0, 1);
  if (impl == "exits") _exit(0);
  if (impl == "crashes") ::raise(SIGSEGV);
  if (impl == "hangs")
    for (volatile bool forever = true; forever;) {
    }
  if (impl == "overwrites_inputs") overwrite_cache_file();
  if (impl == "spoils_others") spoil_other_tests();
  if (impl == "spoils_results") spoil_results();
  if (impl == "kills_siblings") kill_siblings();
  if (impl == "slow_neighbour") std::this_thread::sleep_for(std::chrono::seconds(2));
  if (impl == "reads_inputs" && !inputs_are_pinned()) {
    scanproof::report_outputs(impl + " known_answers pass 28 0x5555555555555555");
    scanproof::flight_end();
    return;
  }
  if (impl == "sees_preparation" && prepared.find("lsb.sees_preparation.all_checks\n") == std::string::npos) {
    scanproof::report_outputs(impl + " known_answers pass 28 0x5555555555555555");
    scanproof::flight_end();
    return;
  }
  if (impl == "forges") {  // claims the work returned 0 (the record is in its memory), reports nothing
    scanproof::flight().status = 0;
    scanproof::flight().finished = 1;
    _exit(0);
  }
  scanproof::report_outputs(impl + " " + (impl == "wrong" ? "known_answers pass 28 0x5555555555555555" : right));
  scanproof::flight_end();
}

class fake_check : public testing::Test {
 public:
  explicit fake_check(std::string impl) : impl_(std::move(impl)) {}
  void TestBody() override { check(impl_); }

 private:
  std::string impl_;
};

int run(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  // neighbour2..9: more passing tests, so the whole batch is big enough to
  // load the input sets before it forks (supervise_batch.cpp).
  for (const char* impl : {"good", "exits", "crashes", "hangs", "wrong", "forges", "neighbour", "neighbour2", "neighbour3",
                           "neighbour4", "neighbour5", "neighbour6", "neighbour7", "neighbour8", "neighbour9",
                           "overwrites_inputs", "reads_inputs", "sees_preparation", "spoils_others", "spoils_results", "slow_neighbour", "kills_siblings"}) {
    const std::string test = std::string(impl) + ".all_checks";
    testing::RegisterTest("lsb", test.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                          [impl]() -> testing::Test* { return new fake_check(impl); });
  }
  return RUN_ALL_TESTS() == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  // Start-up code of the batch process itself (where a candidate's static
  // initialisers run): writes the file SCANPROOF_TEST_PLANT names, if it can.
  if (const char* plant = std::getenv("SCANPROOF_TEST_PLANT")) {
    std::FILE* f = std::fopen(plant, "w");
    std::fprintf(stderr, "plant: %s\n", f ? "written" : std::strerror(errno));
    if (f) std::fclose(f);
  }
  scanproof::set_batch_preparation(prepare);
  return scanproof::supervised_main(run, argc, argv);
}
