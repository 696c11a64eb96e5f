// The main() of the fuzz targets where libFuzzer is not available (gcc, every
// cross target under qemu): runs each file given, and each regular file of each
// directory given, through LLVMFuzzerTestOneInput once. A mismatch aborts;
// bad arguments are an error, never an empty pass.
#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>
#include <vector>

#include "scanproof/supervise.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {
namespace fs = std::filesystem;

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
               "  (this build has no libFuzzer: it replays inputs; build the `fuzz` preset to fuzz)\n",
               self, problem.c_str(), self);
  return 2;
}
}  // namespace

int replay(int argc, char** argv) {
  const char* self = argv[0];
  if (argc < 2) return usage(self, "no inputs given");
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    const fs::path p = argv[i];
    std::error_code ec;
    if (argv[i][0] == '-') return usage(self, std::string("unknown option '") + argv[i] + "'");
    if (fs::is_directory(p, ec)) {
      std::vector<fs::path> found;
      for (const fs::directory_entry& e : fs::directory_iterator(p, ec))
        if (e.is_regular_file()) found.push_back(e.path());
      if (ec) return usage(self, "cannot read directory '" + p.string() + "': " + ec.message());
      if (found.empty()) return usage(self, "directory '" + p.string() + "' holds no input files");
      std::sort(found.begin(), found.end());
      inputs.insert(inputs.end(), found.begin(), found.end());
    } else if (fs::is_regular_file(p, ec)) {
      inputs.push_back(p);
    } else {
      return usage(self, "'" + p.string() + "' is neither a file nor a directory");
    }
  }
  std::signal(SIGABRT, name_failing_input);
  for (const fs::path& p : inputs) {
    std::snprintf(current, sizeof current, "%s", p.string().c_str());  // wchar_t on Windows
    std::ifstream in(p, std::ios::binary);
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in), {}};
    if (!in.good() && !in.eof()) return usage(self, "cannot read '" + p.string() + "'");
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  }
  std::fprintf(stderr, "%s: replayed %zu inputs, no mismatch\n", self, inputs.size());
  return 0;
}

// Supervised: a replay passes only if it ran to its end (supervise.hpp); an
// exit inside a scanner names the implementation and the input in flight.
int main(int argc, char** argv) { return scanproof::supervised_main(replay, argc, argv); }
