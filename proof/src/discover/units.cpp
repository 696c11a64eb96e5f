#include "discover/units.hpp"

#include <glob.h>
#include <sys/wait.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace scanproof::discover {
namespace fs = std::filesystem;

namespace {

bool has_extension(const fs::path& p, std::initializer_list<const char*> exts) {
  const std::string e = p.extension().string();
  return std::any_of(exts.begin(), exts.end(), [&](const char* x) { return e == x; });
}
bool is_cxx_source(const fs::path& p) { return has_extension(p, {".cpp", ".cc", ".cxx", ".C", ".c++"}); }
bool is_c_source(const fs::path& p) { return has_extension(p, {".c"}); }
bool is_header(const fs::path& p) { return has_extension(p, {".h", ".hpp", ".hh", ".hxx", ".inl"}); }

// A shell command line split as a POSIX shell would (quotes, backslashes):
// compile_commands.json's "command" form.
std::vector<std::string> split_command(const std::string& s) {
  std::vector<std::string> out;
  std::string cur;
  bool in = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char ch = s[i];
    if (ch == '\\' && i + 1 < s.size()) {
      cur += s[++i];
      in = true;
    } else if (ch == '\'' || ch == '"') {
      const std::size_t end = s.find(ch, i + 1);
      cur += s.substr(i + 1, end == std::string::npos ? std::string::npos : end - i - 1);
      i = end == std::string::npos ? s.size() : end;
      in = true;
    } else if (ch == ' ' || ch == '\t' || ch == '\n') {
      if (in) out.push_back(cur);
      cur.clear();
      in = false;
    } else {
      cur += ch;
      in = true;
    }
  }
  if (in) out.push_back(cur);
  return out;
}

std::string absolute_in(const std::string& dir, const std::string& p) {
  return fs::weakly_canonical(fs::path(p).is_absolute() ? fs::path(p) : fs::path(dir) / p).string();
}

// What of a compiler's arguments says how the engine's code is compiled:
// its defines, include directories (made absolute), dialect and ISA flags.
// Output, optimisation, warnings and the source itself are the IR's own.
std::vector<std::string> engine_flags(const std::vector<std::string>& args, const std::string& dir) {
  std::vector<std::string> out;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto with_path = [&](const std::string& opt) {
      if (a == opt && i + 1 < args.size()) {
        out.push_back(opt);
        out.push_back(absolute_in(dir, args[++i]));
        return true;
      }
      if (a.rfind(opt, 0) == 0 && a.size() > opt.size()) {
        out.push_back(opt + absolute_in(dir, a.substr(opt.size())));
        return true;
      }
      return false;
    };
    if (with_path("-I") || with_path("-isystem") || with_path("-iquote") || with_path("-include")) continue;
    if (a == "-D" || a == "-U") {
      if (i + 1 < args.size()) out.push_back(a + args[++i]);
    } else if (a.rfind("-D", 0) == 0 || a.rfind("-U", 0) == 0 || a.rfind("-std=", 0) == 0 ||
               (a.rfind("-m", 0) == 0 && a != "-m32" && a != "-m64" && a.rfind("-mtune", 0) != 0) ||
               a.rfind("-march=", 0) == 0 || a == "-fno-exceptions" || a == "-fno-rtti") {
      out.push_back(a);
    }
  }
  return out;
}

std::vector<unit> from_compile_commands(const fs::path& json_file, const std::vector<std::string>& extra) {
  std::ifstream in(json_file);
  nlohmann::json db;
  try {
    in >> db;
  } catch (const std::exception& e) {
    throw std::runtime_error(json_file.string() + " is not JSON: " + e.what());
  }
  if (!db.is_array()) throw std::runtime_error(json_file.string() + " is not a compilation database (a JSON array)");
  std::vector<unit> units;
  std::set<std::string> seen;
  for (const auto& e : db) {
    if (!e.is_object() || !e.contains("file") || !e.contains("directory"))
      throw std::runtime_error(json_file.string() + ": an entry without \"file\" or \"directory\"");
    const std::string dir = e["directory"].get<std::string>();
    unit u;
    u.source = absolute_in(dir, e["file"].get<std::string>());
    if (!is_cxx_source(u.source) && !is_c_source(u.source)) continue;  // assembly, Fortran...
    if (!seen.insert(u.source).second) continue;
    std::vector<std::string> args;
    if (e.contains("arguments")) args = e["arguments"].get<std::vector<std::string>>();
    else if (e.contains("command")) args = split_command(e["command"].get<std::string>());
    u.language = is_c_source(u.source) ? "C" : "C++";
    u.flags = engine_flags(args, dir);
    u.flags.insert(u.flags.end(), extra.begin(), extra.end());
    units.push_back(std::move(u));
  }
  return units;
}

bool skipped_directory(const fs::path& p) {
  const std::string n = p.filename().string();
  return n.empty() || n[0] == '.' || n.rfind("build", 0) == 0 || n == "CMakeFiles" || n == "target" ||
         n == "node_modules";
}

std::vector<unit> from_tree(const fs::path& root, const std::vector<std::string>& extra) {
  std::vector<fs::path> sources, headers;
  std::set<std::string> include_dirs{root.string()};
  for (auto it = fs::recursive_directory_iterator(root, fs::directory_options::skip_permission_denied);
       it != fs::recursive_directory_iterator(); ++it) {
    if (it->is_directory()) {
      if (skipped_directory(it->path())) it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file()) continue;
    const fs::path& p = it->path();
    if (is_cxx_source(p) || is_c_source(p)) sources.push_back(p);
    else if (is_header(p)) {
      headers.push_back(p);
      include_dirs.insert(p.parent_path().string());
    }
  }
  std::sort(sources.begin(), sources.end());
  std::sort(headers.begin(), headers.end());
  // A .h file is C++ in a tree with C++ sources, C otherwise.
  const bool any_cxx = std::any_of(sources.begin(), sources.end(), [](const fs::path& p) { return is_cxx_source(p); }) ||
                       std::any_of(headers.begin(), headers.end(), [](const fs::path& p) { return !has_extension(p, {".h"}); });
  std::vector<std::string> common;
  for (const std::string& d : include_dirs) common.push_back("-I" + d);
  common.insert(common.end(), extra.begin(), extra.end());
  std::vector<unit> units;
  for (const fs::path& p : sources)
    units.push_back({fs::weakly_canonical(p).string(), is_c_source(p) ? "C" : "C++", common, false});
  for (const fs::path& p : headers)
    units.push_back({fs::weakly_canonical(p).string(), any_cxx ? "C++" : "C", common, true});
  return units;
}

}  // namespace

std::string tree_root(const std::string& path) {
  const fs::path p = fs::weakly_canonical(path);
  return (fs::is_directory(p) ? p : p.parent_path()).string();
}

namespace {
std::string shell_quoted(const std::string& s);

// The sources a compiler argument names in `dir`: itself, or what a shell
// glob in it matches (a recipe `$(CC) $(CFLAGS) *.c -o engine` is printed by
// `make -n` unexpanded), sorted as the shell would pass them.
std::vector<std::string> sources_named(const std::string& arg, const fs::path& dir) {
  if (arg.find_first_of("*?[") == std::string::npos) return {arg};
  const std::string pattern = fs::path(arg).is_absolute() ? arg : (dir / arg).string();
  glob_t g{};
  std::vector<std::string> found;
  if (glob(pattern.c_str(), 0, nullptr, &g) == 0)
    for (std::size_t i = 0; i < g.gl_pathc; ++i) found.emplace_back(g.gl_pathv[i]);
  globfree(&g);
  return found;
}

// The compiler commands `make -n -B` prints (it runs nothing): a compiler
// with C or C++ sources, as the Makefile would run it in `dir` -- one source
// with -c, or several compiled and linked in one command (Ethereal's
// `$(CC) $(CFLAGS) *.c ... -o $(EXE)`), each a unit with the command's flags.
std::vector<unit> from_make(const fs::path& dir, const build_hints& hints, std::string& why) {
  const std::string log = hints.work + "/make-n.txt";
  const std::string cmd = "make -n -B -C " + shell_quoted(dir.string()) + " " + hints.make_args + " > " + shell_quoted(log) + " 2>&1";
  // Its status is not the answer: a recursive make's link step runs even
  // under -n and fails on the objects -n never made; the commands printed are.
  const int status = std::system(cmd.c_str());
  static const std::regex compiler(R"((^|/)((c|g)\+\+|clang\+\+|cc|gcc|clang)(-[0-9.]+)?$)");
  std::ifstream in(log);
  std::vector<unit> units;
  std::set<std::string> seen;
  for (std::string line; std::getline(in, line);) {
    const std::vector<std::string> args = split_command(line);
    if (args.empty() || !std::regex_search(args[0], compiler)) continue;
    for (std::size_t i = 1; i < args.size(); ++i) {
      const std::string& a = args[i];
      if (a.empty() || a[0] == '-' || !(is_cxx_source(a) || is_c_source(a))) continue;
      if (args[i - 1] == "-o" || args[i - 1] == "-include") continue;  // not a source compiled
      for (const std::string& src : sources_named(a, dir)) {
        unit u;
        u.source = absolute_in(dir.string(), src);
        if (!seen.insert(u.source).second) continue;
        u.language = is_c_source(src) ? "C" : "C++";
        u.flags = engine_flags(args, dir.string());
        u.flags.insert(u.flags.end(), hints.extra.begin(), hints.extra.end());
        units.push_back(std::move(u));
      }
    }
  }
  if (units.empty())
    why = "`make -n -B " + hints.make_args + "` lists no compiler command" +
          (status != 0 ? " and failed" : "") + " (" + log + ")";
  return units;
}

// A CMake project configured with clang-19 to get its compilation database.
std::vector<unit> from_cmake(const fs::path& dir, const build_hints& hints, std::string& why, std::string& db) {
  const std::string build = hints.work + "/cmake-build", log = hints.work + "/cmake-configure.txt";
  const std::string cmd = "cmake -S " + shell_quoted(dir.string()) + " -B " + shell_quoted(build) +
                          " -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DCMAKE_CXX_COMPILER=" + shell_quoted(SCANPROOF_CLANG19) +
                          " -DCMAKE_C_COMPILER=" + shell_quoted(SCANPROOF_CLANG19_C) + " > " + shell_quoted(log) + " 2>&1";
  if (std::system(cmd.c_str()) != 0 || !fs::exists(build + "/compile_commands.json")) {
    why = "configuring its CMake project failed (" + log + ")";
    return {};
  }
  db = build + "/compile_commands.json";
  return from_compile_commands(db, hints.extra);
}
}  // namespace

std::vector<unit> find_units(const std::string& path, const build_hints& hints, std::string& how) {
  const fs::path p = fs::weakly_canonical(path);
  if (!fs::exists(p)) throw std::runtime_error("'" + path + "' does not exist");
  std::vector<unit> units;
  if (fs::is_regular_file(p)) {
    if (p.extension() == ".rs") {
      units.push_back({p.string(), "Rust", hints.extra, false});
      how = "the Rust file " + p.string() + " (rustc --crate-type=lib)";
    } else if (p.filename() == "Cargo.toml") {
      units.push_back({p.string(), "Rust", hints.extra, false});
      how = "the Rust crate " + p.string() + " (cargo rustc --lib)";
    } else if (p.filename() == "compile_commands.json") {
      how = "the compilation database " + p.string();
      units = from_compile_commands(p, hints.extra);
    } else {
      throw std::runtime_error("'" + path + "' is a file, not a source tree, a compile_commands.json, a Cargo.toml or a .rs file");
    }
  } else if (fs::exists(p / "Cargo.toml")) {
    // A Rust crate: one unit, its library built by cargo to bitcode.
    units.push_back({(p / "Cargo.toml").string(), "Rust", hints.extra, false});
    how = "the Rust crate " + (p / "Cargo.toml").string() + " (cargo rustc --lib)";
  } else if (fs::exists(p / "compile_commands.json") || fs::exists(p / "build" / "compile_commands.json")) {
    const fs::path db = fs::exists(p / "compile_commands.json") ? p / "compile_commands.json" : p / "build" / "compile_commands.json";
    how = "the compilation database " + db.string();
    units = from_compile_commands(db, hints.extra);
  } else {
    std::string tried;
    fs::create_directories(hints.work);
    if (fs::exists(p / "CMakeLists.txt")) {
      std::string why, db;
      units = from_cmake(p, hints, why, db);
      if (!units.empty()) how = "its CMake project's compilation database " + db;
      else tried += why + "; ";
    }
    if (units.empty() && (fs::exists(p / "Makefile") || fs::exists(p / "GNUmakefile") || fs::exists(p / "makefile"))) {
      std::string why;
      units = from_make(p, hints, why);
      if (!units.empty()) how = "the compiler commands of `make -n -B " + hints.make_args + "` in " + p.string();
      else tried += why + "; ";
    }
    if (units.empty()) {
      units = from_tree(p, hints.extra);
      how = "every source and header under " + p.string() + " (" + tried +
            "each header compiled on its own, with -I for every header directory)";
    }
  }
  if (units.empty()) throw std::runtime_error("no C or C++ source files under '" + path + "'");
  return units;
}

namespace {
// The shell's quoting of one argument.
std::string shell_quoted(const std::string& s) {
  std::string out = "'";
  for (char ch : s) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}
}  // namespace

namespace {
// The first line of a compiler's log that says `what` ("error:"), or "".
std::string first_line_with(const std::string& log, const char* what) {
  std::ifstream in(log);
  for (std::string line; std::getline(in, line);)
    if (line.find(what) != std::string::npos) return line;
  return "";
}

// What discover reads of a Cargo.toml.
struct manifest {
  std::string lib_name, edition = "2015";
  bool has_dependencies = false;
};
manifest read_manifest(const std::string& cargo_toml) {
  std::ifstream in(cargo_toml);
  manifest m;
  std::string section, package;
  static const std::regex key(R"re(^\s*([A-Za-z0-9_-]+)\s*=\s*"?([^"]*)"?)re");
  for (std::string line; std::getline(in, line);) {
    std::smatch k;
    if (!line.empty() && line[0] == '[') section = line.substr(0, line.find(']') + 1);
    else if (std::regex_search(line, k, key)) {
      if (section == "[package]" && k[1] == "name") package = k[2];
      else if (section == "[package]" && k[1] == "edition") m.edition = k[2];
      else if (section == "[lib]" && k[1] == "name") m.lib_name = k[2];
      else if (section == "[dependencies]") m.has_dependencies = true;
    }
    if (section.rfind("[dependencies.", 0) == 0) m.has_dependencies = true;
  }
  if (m.lib_name.empty()) m.lib_name = package;
  std::replace(m.lib_name.begin(), m.lib_name.end(), '-', '_');
  return m;
}

// A crate's library (cargo rustc --lib) or one .rs file (rustc) to bitcode,
// with debug information, unoptimised (at -O2 rustc merges functions with
// one body into aliases: the second would vanish; discover runs LLVM's -O2
// itself), by the proof's rustc (its LLVM no newer than 19,
// which this LLVM reads). "" and `bc` set, or the error.
std::string compile_rust(const unit& u, const std::string& stem, std::string& bc) {
  const std::string rustc = SCANPROOF_DISCOVER_RUSTC, cargo = SCANPROOF_DISCOVER_CARGO;
  if (rustc.empty())
    return "needs a rustc whose LLVM is 19 or older (Debian's: apt-get install rustc cargo), as the proof of Rust "
           "candidates does (SCANPROOF_RUST_IR_RUSTC)";
  const std::string log = stem + ".log";
  std::string extra;
  for (const std::string& f : u.flags) extra += " " + shell_quoted(f);
  // A crate without dependencies is its src/lib.rs: rustc alone, as cargo
  // would run it (its name, its edition), so a crates.io dev-dependency that
  // an offline cargo cannot resolve costs nothing.
  std::string file = u.source, crate, edition = "2021";
  if (fs::path(u.source).filename() == "Cargo.toml") {
    const manifest m = read_manifest(u.source);
    if (!m.has_dependencies && fs::exists(fs::path(u.source).parent_path() / "src/lib.rs")) {
      file = (fs::path(u.source).parent_path() / "src/lib.rs").string();
      crate = " --crate-name " + m.lib_name;
      edition = m.edition;
    }
  }
  if (fs::path(file).extension() == ".rs") {
    bc = stem + ".bc";
    const std::string cmd = shell_quoted(rustc) + " --crate-type=lib --edition=" + edition + crate +
                            " --emit=llvm-bc -g -C opt-level=0 -C no-prepopulate-passes -C link-dead-code -C debug-assertions=off -C overflow-checks=off -C panic=abort" +
                            extra + " -o " + shell_quoted(bc) + " " + shell_quoted(file) + " > " + shell_quoted(log) + " 2>&1";
    if (std::system(cmd.c_str()) == 0) return "";
  } else {
    const std::string target = stem + ".target";
    const std::string cmd = "CARGO_TARGET_DIR=" + shell_quoted(target) + " CARGO_HOME=" + shell_quoted(stem + ".cargo-home") +
                            " RUSTC=" + shell_quoted(rustc) + " " + shell_quoted(cargo) + " rustc --lib --offline --release -q --manifest-path " +
                            shell_quoted(u.source) + " -- --emit=llvm-bc -g -C opt-level=0 -C no-prepopulate-passes -C link-dead-code -C debug-assertions=off -C overflow-checks=off -C panic=abort" + extra + " > " + shell_quoted(log) + " 2>&1";
    if (std::system(cmd.c_str()) == 0) {
      for (const auto& e : fs::directory_iterator(target + "/release/deps"))
        if (e.path().extension() == ".bc") bc = e.path().string();
      if (!bc.empty()) return "";
    }
  }
  bc.clear();
  const std::string first = first_line_with(log, "error");
  return (first.empty() ? std::string("rustc failed") : first) + " (log: " + log + ")";
}
}  // namespace

std::vector<compiled> compile_units(const std::vector<unit>& units, const std::string& work, int jobs) {
  fs::create_directories(work);
  std::vector<compiled> out(units.size());
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    for (std::size_t i; (i = next++) < units.size();) {
      const unit& u = units[i];
      compiled& c = out[i];
      c.u = u;
      const std::string stem = work + "/" + std::to_string(i) + "-" + fs::path(u.source).filename().string();
      const std::string bc = stem + ".bc", log = stem + ".log";
      if (u.language == "Rust") {
        c.error = compile_rust(u, stem, c.ir);
        continue;
      }
      auto command = [&](const char* emit) {
        std::string cmd = shell_quoted(u.language == "C" ? SCANPROOF_CLANG19_C : SCANPROOF_CLANG19);
        cmd += u.language == "C" ? " -x c" : " -x c++";
        for (const std::string& f : u.flags) cmd += " " + shell_quoted(f);
        return cmd + " -O2 -Xclang -disable-llvm-passes -g" + emit + " -fno-discard-value-names -w -emit-llvm -c -o " +
               shell_quoted(bc) + " " + shell_quoted(u.source) + " > " + shell_quoted(log) + " 2>&1";
      };
      int rc = std::system(command(" -femit-all-decls").c_str());
      // Every declaration emitted includes the intrinsic headers' own
      // (always_inline, for target features the unit is not built with):
      // then only what the unit uses and defines.
      if (rc != 0 && !first_line_with(log, "requires target feature").empty())
        rc = std::system(command("").c_str());
      if (rc == 0) {
        c.ir = bc;
        continue;
      }
      const std::string first = first_line_with(log, "error:");
      c.error = (first.empty() ? "the compiler exited with status " + std::to_string(WEXITSTATUS(rc)) : first) +
                " (log: " + log + ")";
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::min<int>(jobs, static_cast<int>(units.size())); ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  return out;
}

}  // namespace scanproof::discover
