// The flight file on Windows (flight_file.hpp): a file mapping.
#include "flight_file.hpp"

#if defined(_WIN32)
#define WIN32_LEAN_AND_MEAN
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include <cstdio>
#include <cstdlib>
#include <new>

namespace scanproof {

const bool record_checks_in_file = true;

// Under Wine a shared mmap of the very file the launcher reads, so nothing is
// rewritten per check (rewriting it made the fuzz corpus replay, about 20000
// checks, the slowest test under 32-bit Wine).
flight_file open_flight_file(const char* path) {
  const HANDLE file = CreateFileA(path, GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr,
                                  CREATE_ALWAYS, FILE_ATTRIBUTE_NORMAL, nullptr);
  const HANDLE mapping = file == INVALID_HANDLE_VALUE
                             ? nullptr
                             : CreateFileMappingA(file, nullptr, PAGE_READWRITE, 0, sizeof(in_flight), nullptr);
  void* p = mapping ? MapViewOfFile(mapping, FILE_MAP_ALL_ACCESS, 0, 0, sizeof(in_flight)) : nullptr;
  const unsigned long error = GetLastError();
  if (mapping) CloseHandle(mapping);  // the view keeps the mapping alive
  if (file != INVALID_HANDLE_VALUE) CloseHandle(file);
  if (!p) {
    std::fprintf(stderr, "scanproof: cannot map SCANPROOF_FLIGHT_FILE=%s (Windows error %lu)\n", path, error);
    return {};
  }
  return {new (p) in_flight{}, false};
}

void remove_env(const char* name) { _putenv_s(name, ""); }

}  // namespace scanproof
#endif
