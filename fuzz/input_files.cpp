// Before any header: 64-bit stat/readdir on 32-bit glibc targets, whose
// plain stat() fails with EOVERFLOW on the host file system's 64-bit inode
// numbers under qemu (measured on ppc: "holds no input files").
#define _FILE_OFFSET_BITS 64

#include "input_files.hpp"

#include <algorithm>
#include <cstdio>
#include <dirent.h>
#include <sys/stat.h>

namespace scanproof::fuzz {

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
}  // namespace

bool input_files(const std::vector<std::string>& paths, std::vector<std::string>& files, std::string& problem) {
  for (const std::string& p : paths) {
    switch (kind_of(p)) {
      case kind::directory: {
        std::vector<std::string> found;
        if (!files_in(p, found)) {
          problem = "cannot read directory '" + p + "'";
          return false;
        }
        if (found.empty()) {
          problem = "directory '" + p + "' holds no input files";
          return false;
        }
        files.insert(files.end(), found.begin(), found.end());
        break;
      }
      case kind::file: files.push_back(p); break;
      case kind::other: problem = "'" + p + "' is neither a file nor a directory"; return false;
    }
  }
  return true;
}

bool read_input(const std::string& path, std::vector<char>& bytes) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) bytes.insert(bytes.end(), buf, buf + n);
  const bool ok = !std::ferror(f);
  std::fclose(f);
  return ok;
}

}  // namespace scanproof::fuzz
