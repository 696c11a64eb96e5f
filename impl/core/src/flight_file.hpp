// Internal to the core: where the platform keeps the flight file
// (SCANPROOF_FLIGHT_FILE, supervise.hpp), one file per platform:
// flight_file_posix.cpp (mmap, shared with children), flight_file_windows.cpp
// (a file mapping: under Wine a shared mmap of the file the launcher reads),
// flight_file_stdio.cpp (WASI: rewritten through stdio).
#pragma once
#include "scanproof/supervise.hpp"

namespace scanproof {

struct flight_file {
  in_flight* mapped = nullptr;  // the record in the file, where it can be mapped
  bool rewritten = false;       // else: the text is rewritten through stdio (sync_flight_text)
};
// Creates (truncates) the file at `path`; says on stderr why not and returns
// neither when it cannot.
flight_file open_flight_file(const char* path);

// Whether the record is written at each check's start and end (and outputs
// lines at once): not under WASI, where Node crashed after a run had opened
// files a few dozen times (flight_file_stdio.cpp).
extern const bool record_checks_in_file;

// Takes `name` out of this process's environment.
void remove_env(const char* name);

}  // namespace scanproof
