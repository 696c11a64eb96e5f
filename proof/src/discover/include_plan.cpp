// The #include lines of a written candidate file (include_plan.hpp).
#include "discover/include_plan.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>

namespace scanproof::discover {
namespace {
namespace fs = std::filesystem;

// One #include line of a file: as written, and the tree's file it names
// (empty for a system header or one the tree does not hold).
struct include_line {
  std::string text;
  std::string file;
};

// The #include lines of `file`, in order; a name resolved against the
// file's own directory (for "..."), then the include directories. A line
// inside #if is read as the compiler usually reads it: taken.
std::vector<include_line> direct_includes(const std::string& file, const std::set<std::string>& dirs) {
  static const std::regex line(R"re(^\s*#\s*include\s*(["<])([^">]+)[">])re");
  std::vector<include_line> out;
  std::ifstream in(file);
  for (std::string text; std::getline(in, text);) {
    std::smatch m;
    if (!std::regex_search(text, m, line)) continue;
    include_line l{"#include " + m[1].str() + m[2].str() + (m[1].str() == "<" ? ">" : "\""), ""};
    std::vector<fs::path> where;
    if (m[1].str() == "\"") where.push_back(fs::path(file).parent_path() / m[2].str());
    for (const std::string& d : dirs) where.push_back(fs::path(d) / m[2].str());
    for (const fs::path& p : where)
      if (fs::exists(p)) {
        l.file = fs::weakly_canonical(p).string();
        break;
      }
    out.push_back(l);
  }
  return out;
}

// The tree's files `file` includes, directly or not.
const std::set<std::string>& closure(const std::string& file, const std::set<std::string>& dirs,
                                     std::map<std::string, std::set<std::string>>& memo) {
  if (auto it = memo.find(file); it != memo.end()) return it->second;
  std::set<std::string>& seen = memo[file];  // empty while it is read: an include cycle ends here
  std::vector<std::string> todo{file};
  while (!todo.empty()) {
    const std::string f = todo.back();
    todo.pop_back();
    for (const include_line& l : direct_includes(f, dirs))
      if (!l.file.empty() && seen.insert(l.file).second) todo.push_back(l.file);
  }
  return seen;
}

// What the compiler reads before `target` when it compiles `from`: the
// #include lines on the way (from's before the one leading to target, then
// that header's before the next, ...). False when `from` does not reach it.
bool lines_before(const std::string& from, const std::string& target, const std::set<std::string>& dirs,
                  std::map<std::string, std::set<std::string>>& memo, std::vector<include_line>& before) {
  for (const include_line& l : direct_includes(from, dirs)) {
    if (l.file == target) return true;
    if (!l.file.empty() && closure(l.file, dirs, memo).count(target))
      return lines_before(l.file, target, dirs, memo, before);
    before.push_back(l);
  }
  return false;
}

bool is_header(const std::string& file) {
  static const std::regex h(R"(\.(h|hh|hpp|hxx|inl)$)");
  return std::regex_search(file, h);
}
}  // namespace

std::string include_path(const std::string& file, const std::set<std::string>& dirs, const std::string& out_dir) {
  std::string rel = fs::path(file).lexically_relative(fs::weakly_canonical(out_dir)).string();
  std::size_t best = 0;
  for (const std::string& dir : dirs)
    if (dir.size() > best && file.compare(0, dir.size() + 1, dir + "/") == 0) {
      best = dir.size();
      rel = file.substr(dir.size() + 1);
    }
  return rel;
}

std::vector<std::string> header_lines(const std::vector<std::string>& given, const std::vector<unit>& units,
                                      const std::set<std::string>& dirs, const std::string& out_dir) {
  std::map<std::string, std::set<std::string>> memo;
  std::vector<std::string> headers;  // named as the include lines resolve them
  for (const std::string& h : given) headers.push_back(fs::weakly_canonical(h).string());
  // The outermost: a header another of them includes comes with it (an
  // engine's bitop.h may not compile before its types.h has defined what it
  // uses; the bitboard.h that includes both does).
  std::vector<std::string> outer;
  for (const std::string& h : headers)
    if (std::none_of(headers.begin(), headers.end(), [&](const std::string& other) {
          return other != h && closure(other, dirs, memo).count(h) && !closure(h, dirs, memo).count(other);
        }))
      outer.push_back(h);
  std::vector<std::string> out;
  auto add = [&](const std::string& line) {
    if (std::find(out.begin(), out.end(), line) == out.end()) out.push_back(line);
  };
  for (const std::string& h : outer) {
    // What the engine's unit that reaches h soonest includes before it (none
    // for a header its own source includes first): the engine compiles so.
    std::vector<include_line> best;
    bool found = false;
    for (const unit& u : units) {
      std::vector<include_line> before;
      if (u.header || !lines_before(u.source, h, dirs, memo, before)) continue;
      if (!found || before.size() < best.size()) best = before;
      found = true;
    }
    for (const include_line& l : best)
      if (l.file.empty()) add(l.text);
      else if (is_header(l.file)) add("#include \"" + include_path(l.file, dirs, out_dir) + "\"");
    add("#include \"" + include_path(h, dirs, out_dir) + "\"");
  }
  return out;
}

}  // namespace scanproof::discover
