// The fuzz inputs a replay runs and the judge's oracle reads (the same files
// in the same order: differential.hpp): each file given, and each regular
// file of each directory given, sorted by path. Read with POSIX
// <dirent.h>/<sys/stat.h> and stdio, not std::filesystem: wasm32-wasi's
// libc++ has neither <filesystem> nor <fstream>, while wasi-libc, mingw-w64
// and glibc all have these.
#pragma once
#include <string>
#include <vector>

namespace scanproof::fuzz {

// The files `paths` name, in replay order; false with `problem` set for a
// path that is neither a file nor a directory, an unreadable or empty
// directory.
bool input_files(const std::vector<std::string>& paths, std::vector<std::string>& files, std::string& problem);

// The bytes of the file at `path`; false if it cannot be read.
bool read_input(const std::string& path, std::vector<char>& bytes);

}  // namespace scanproof::fuzz
