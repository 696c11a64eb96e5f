// The flight file on POSIX (flight_file.hpp): mapped, shared with children.
#include "flight_file.hpp"

#if defined(__unix__) && !defined(__wasi__)
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

namespace scanproof {

const bool record_checks_in_file = true;

flight_file open_flight_file(const char* path) {
  const int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
  if (fd < 0 || ftruncate(fd, sizeof(in_flight)) != 0) {
    std::fprintf(stderr, "scanproof: cannot use SCANPROOF_FLIGHT_FILE=%s: %s\n", path, std::strerror(errno));
    if (fd >= 0) close(fd);
    return {};
  }
  void* p = mmap(nullptr, sizeof(in_flight), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd);
  if (p == MAP_FAILED) return {};
  return {new (p) in_flight{}, false};
}

void remove_env(const char* name) { unsetenv(name); }

}  // namespace scanproof
#endif
