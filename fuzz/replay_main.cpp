// The main() of the fuzz targets where libFuzzer is not available (gcc, every
// cross target under qemu): runs each file given, and each regular file of each
// directory given, through LLVMFuzzerTestOneInput once. A mismatch aborts;
// bad arguments are an error, never an empty pass. Files and directories are
// read with POSIX <dirent.h>/<sys/stat.h> and stdio, not std::filesystem:
// wasm32-wasi's libc++ has neither <filesystem> nor <fstream>, while
// wasi-libc, mingw-w64 and glibc all have these.
// Before any header: 64-bit stat/readdir on 32-bit glibc targets, whose
// plain stat() fails with EOVERFLOW on the host file system's 64-bit inode
// numbers under qemu (measured on ppc: "holds no input files").
#define _FILE_OFFSET_BITS 64

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <dirent.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "differential.hpp"
#include "scanproof/supervise.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

enum class kind { file, directory, other };
kind kind_of(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return kind::other;
  if (S_ISDIR(st.st_mode)) return kind::directory;
  return S_ISREG(st.st_mode) ? kind::file : kind::other;
}

// The regular files of `dir`, sorted; false if it cannot be read.
bool files_in(const std::string& dir, std::vector<std::string>& found) {
  DIR* d = opendir(dir.c_str());
  if (!d) return false;
  while (const dirent* e = readdir(d)) {
    const std::string path = dir + "/" + e->d_name;
    if (e->d_name[0] != '.' && kind_of(path) == kind::file) found.push_back(path);
  }
  closedir(d);
  std::sort(found.begin(), found.end());
  return true;
}

bool read_file(const std::string& path, std::vector<char>& bytes) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) bytes.insert(bytes.end(), buf, buf + n);
  const bool ok = !std::ferror(f);
  std::fclose(f);
  return ok;
}

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
  std::vector<std::string> inputs;
  for (int i = 1; i < argc; ++i) {
    const std::string p = argv[i];
    if (argv[i][0] == '-') return usage(self, std::string("unknown option '") + argv[i] + "'");
    switch (kind_of(p)) {
      case kind::directory: {
        std::vector<std::string> found;
        if (!files_in(p, found)) return usage(self, "cannot read directory '" + p + "'");
        if (found.empty()) return usage(self, "directory '" + p + "' holds no input files");
        inputs.insert(inputs.end(), found.begin(), found.end());
        break;
      }
      case kind::file: inputs.push_back(p); break;
      case kind::other: return usage(self, "'" + p + "' is neither a file nor a directory");
    }
  }
  std::signal(SIGABRT, name_failing_input);
  for (const std::string& p : inputs) {
    std::snprintf(current, sizeof current, "%s", p.c_str());
    std::vector<char> bytes;
    if (!read_file(p, bytes)) return usage(self, "cannot read '" + p + "'");
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  }
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
