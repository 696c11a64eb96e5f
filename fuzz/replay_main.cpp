// The main() of the fuzz targets where libFuzzer is not available (gcc, every
// cross target under qemu): runs each file given, and each regular file of each
// directory given (input_files.hpp), through LLVMFuzzerTestOneInput once. A
// mismatch aborts; bad arguments are an error, never an empty pass. At its end
// it reports each implementation's calls for the judge (differential.hpp).
// `--scanproof-judge-manifest` prints the target's judge manifest instead.
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

#include "differential.hpp"
#include "input_files.hpp"
#include "scanproof/supervise.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

char current[4096];  // the input being run, for the SIGABRT handler

void name_failing_input(int sig) {
  const char head[] = "replay: failing input file: ";
  [[maybe_unused]] auto w = write(2, head, sizeof head - 1);
  w = write(2, current, std::strlen(current));
  w = write(2, "\n", 1);
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

int usage(const char* self, const std::string& problem) {
  std::fprintf(stderr,
               "%s: error: %s\n"
               "usage: %s FILE_OR_DIRECTORY...\n"
               "       %s --scanproof-judge-manifest\n"
               "  (this build has no libFuzzer: it replays inputs; build the `fuzz` preset to fuzz)\n",
               self, problem.c_str(), self, self);
  return 2;
}

// The target's differential, made as its first input would make it.
void make_target() { LLVMFuzzerTestOneInput(nullptr, 0); }
}  // namespace

int replay(int argc, char** argv) {
  const char* self = argv[0];
  if (argc == 2 && std::string(argv[1]) == "--scanproof-judge-manifest") {
    make_target();
    for (const scanproof::fuzz::differential* d : scanproof::fuzz::differentials()) std::fputs(d->manifest().c_str(), stdout);
    return 0;
  }
  if (argc < 2) return usage(self, "no inputs given");
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    if (argv[i][0] == '-') return usage(self, std::string("unknown option '") + argv[i] + "'");
    paths.push_back(argv[i]);
  }
  std::vector<std::string> inputs;
  std::string problem;
  if (!scanproof::fuzz::input_files(paths, inputs, problem)) return usage(self, problem);
  std::signal(SIGABRT, name_failing_input);
  scanproof::fuzz::restore_kernels_before_each_implementation(true);
  for (const std::string& p : inputs) {
    std::snprintf(current, sizeof current, "%s", p.c_str());
    std::vector<char> bytes;
    if (!scanproof::fuzz::read_input(p, bytes)) return usage(self, "cannot read '" + p + "'");
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  }
  for (const scanproof::fuzz::differential* d : scanproof::fuzz::differentials()) d->report_outputs();
  if (scanproof::fuzz::nothing_to_compare()) {  // ctest's SKIP_RETURN_CODE (ScanproofLaunch.cmake)
    std::printf("%s: skip: no candidate of this build has this target's ops\n", self);
    return 77;
  }
  std::fprintf(stderr, "%s: replayed %zu inputs, no mismatch\n", self, inputs.size());
  return 0;
}

// Supervised: a replay passes only if it ran to its end (supervise.hpp); an
// exit inside a scanner names the implementation and the input in flight.
int main(int argc, char** argv) { return scanproof::supervised_main(replay, argc, argv); }
