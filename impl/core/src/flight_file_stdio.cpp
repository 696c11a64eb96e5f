// The flight file where nothing can map it (flight_file.hpp): WASI. The text
// is rewritten through stdio (supervise.cpp's sync_text), and not at each
// check: Node 20's WASI crashed (SIGSEGV in V8, after the program's last line)
// once a run had opened the file a few dozen times, and 3 opens never did
// (measured: 0 crashes in 6 runs). So the record is written when the work
// returned, and the outputs lines with it.
#include "flight_file.hpp"

#if !defined(_WIN32) && !(defined(__unix__) && !defined(__wasi__))
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace scanproof {

#if defined(__wasi__)
const bool record_checks_in_file = false;
#else
const bool record_checks_in_file = true;
#endif

flight_file open_flight_file(const char* path) {
  std::FILE* f = std::fopen(path, "wb");
  if (!f) {
    std::fprintf(stderr, "scanproof: cannot use SCANPROOF_FLIGHT_FILE=%s: %s\n", path, std::strerror(errno));
    return {};
  }
  std::fclose(f);
  return {nullptr, true};
}

void remove_env(const char* name) { unsetenv(name); }

}  // namespace scanproof
#endif
