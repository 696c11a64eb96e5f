// The registration of each classified function (registration.hpp): its name,
// the line in the engine's language (C++ NAMED/EXPR forms, C, a Rust
// crate's declarations), the header or source files it must include and the
// `// scanproof:` lines they need, and the files written (their #include
// lines: include_plan.hpp). About 550 lines in one file because each
// language's form and the writing share the per-function plan (`discovered`)
// and its small helpers; split, each part would re-read the same plan
// through a header of its own.
#include "discover/registration.hpp"

#include "discover/include_plan.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <llvm/Demangle/Demangle.h>

#include "scanproof/command_json.hpp"
#include "scanproof/op.hpp"
#include "scanproof/shape.hpp"

namespace scanproof::discover {
namespace {
namespace fs = std::filesystem;

bool is_header(const std::string& file) {
  static const std::regex h(R"(\.(h|hh|hpp|hxx|inl)$)");
  return std::regex_search(file, h);
}

std::string relative(const std::string& file, const std::string& root) {
  return fs::path(file).lexically_relative(root).string();
}

// A C identifier from a qualified name: "engine::popcount<unsigned long>" -> "engine_popcount_unsigned_long".
std::string identifier(const std::string& qualified) {
  std::string out;
  for (char ch : qualified) {
    if (std::isalnum(static_cast<unsigned char>(ch))) out += ch;
    else if (!out.empty() && out.back() != '_') out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0]))) out = "f_" + out;
  return out;
}

std::string base_name(const std::string& qualified) {
  // The last component outside template arguments.
  int depth = 0;
  std::size_t start = 0;
  for (std::size_t i = 0; i < qualified.size(); ++i) {
    if (qualified[i] == '<') ++depth;
    else if (qualified[i] == '>') --depth;
    else if (depth == 0 && qualified.compare(i, 2, "::") == 0) start = i + 2;
  }
  std::string b = qualified.substr(start);
  return b.substr(0, b.find('<'));
}

std::string class_of(const std::string& qualified) {
  const std::string b = base_name(qualified);
  const std::size_t at = qualified.rfind("::" + b);
  return at == std::string::npos ? "" : qualified.substr(0, at);
}

// The board's own type: the parameter's type without reference, pointer and const.
std::string board_value_type(std::string t) {
  for (bool changed = true; changed;) {
    changed = false;
    for (const char* tail : {"&&", "&", "*", " const"})
      if (t.size() > std::strlen(tail) && t.compare(t.size() - std::strlen(tail), std::string::npos, tail) == 0) {
        t.resize(t.size() - std::strlen(tail));
        changed = true;
      }
  }
  return t;
}

// A define that selects the engine's x86 code (USE_AVX2, USE_SSE41,
// USE_POPCNT, USE_PEXT, HAS_BMI2, ...) comes from the x86 build the compiler
// commands are of: another CPU's build of the engine leaves it out (its headers
// would include <immintrin.h> there), so the written file gives it as an x86
// option line, like the -m flags, not as a define for every target.
bool selects_x86_code(const std::string& define) {
  static const std::regex isa("(^|.*_)(SSE[0-9A-Z_]*|SSSE3|AVX[0-9A-Z_]*|BMI[12]?|POPCNT|LZCNT|ABM|PEXT|F16C|FMA|VNNI)"
                              "(_.*)?");
  return std::regex_match(define.substr(0, define.find('=')), isa);
}

std::string hex(std::uint64_t v) {
  std::ostringstream os;
  os << "0x" << std::hex << v << "ULL";
  return os.str();
}

// The options after the op, in the order candidate.hpp reads them.
std::string options(const discovered& d, bool c) {
  const shape& sh = d.c.sh;
  std::string o;
  if (sh.width == 128 && sh.high_offset != 64) o += ", .high_offset = " + std::to_string(sh.high_offset);
  if (sh.index_base) o += ", .index_base = " + std::to_string(sh.index_base);
  if (sh.halves == half_order::high_first) o += ", .halves = scanproof::high_first";
  if (sh.domain_declared)
    o += c ? ", .domain = {" + hex(sh.domain.lo) + ", " + hex(sh.domain.hi) + "}"
           : ", .domain = scanproof::word{" + hex(sh.domain.lo) + ", " + hex(sh.domain.hi) + "}";
  const bool count = d.c.operation == op::ctz || d.c.operation == op::clz;
  if (d.c.zero.k == zero_spec::kind::declared)
    o += c ? ", .zero = SCANPROOF_ZERO_RETURNS(" + std::to_string(d.c.zero.value) + ")"
           : ", .zero = " + std::to_string(d.c.zero.value);
  else if (d.c.zero.k == zero_spec::kind::undefined && count)  // lsb/msb and the pops never judge 0 by default
    o += c ? ", .zero = SCANPROOF_ZERO_UNDEFINED" : ", .zero = undefined";
  return o;
}

// The source files a candidate file must include for `source` to link on
// its own: it, and for each function or global it needs that another unit
// defines, a unit defining it (one without main(), the one defining the
// fewest symbols: random.c rather than an amalgamation that includes
// everything), until nothing is missing; at most 8 files, none defining what
// another already does. Empty with `why` when there is no such set.
std::vector<std::string> sources_to_include(const std::string& source, const std::vector<unit_symbols>& symbols,
                                            const std::string& root, std::string& why) {
  auto unit_of = [&](const std::string& file) {
    return std::find_if(symbols.begin(), symbols.end(), [&](const unit_symbols& u) { return u.source == file; });
  };
  const auto own = unit_of(source);
  if (own == symbols.end()) {
    why = "defined in " + relative(source, root) + ", which was not compiled";
    return {};
  }
  if (own->has_main) {
    why = "defined in " + relative(source, root) + ", which has main()";
    return {};
  }
  std::vector<const unit_symbols*> set{&*own};
  std::set<std::string> defined(own->defines.begin(), own->defines.end());
  for (std::size_t i = 0; i < set.size(); ++i)
    for (const std::string& need : set[i]->needs) {
      if (defined.count(need)) continue;
      const unit_symbols* best = nullptr;
      for (const unit_symbols& u : symbols)
        if (!u.has_main && std::find(u.defines.begin(), u.defines.end(), need) != u.defines.end() &&
            (!best || u.defines.size() < best->defines.size()))
          best = &u;
      if (!best) {
        const auto in_main = std::find_if(symbols.begin(), symbols.end(), [&](const unit_symbols& u) {
          return std::find(u.defines.begin(), u.defines.end(), need) != u.defines.end();
        });
        if (in_main == symbols.end()) continue;  // the C or C++ library's
        why = "defined in " + relative(source, root) + ", which needs " + llvm::demangle(need) + " from " +
              relative(in_main->source, root) + ", which has main()";
        return {};
      }
      for (const std::string& d : best->defines)
        if (defined.count(d)) {
          why = "defined in " + relative(source, root) + ", which needs " + llvm::demangle(need) + " from " +
                relative(best->source, root) + ", which also defines " + llvm::demangle(d);
          return {};
        }
      if (set.size() == 8) {
        why = "defined in " + relative(source, root) + ", which needs more than 8 of the tree's files";
        return {};
      }
      set.push_back(best);
      defined.insert(best->defines.begin(), best->defines.end());
    }
  std::vector<std::string> files;
  for (const unit_symbols* u : set) files.push_back(u->source);
  return files;
}

// The name a crate's library is used by: Cargo.toml's [lib] name, else its
// package name with '-' as '_'.
std::string crate_name(const std::string& cargo_toml, std::string* package_name = nullptr) {
  std::ifstream in(cargo_toml);
  std::string line, section, package, lib;
  static const std::regex name_line(R"re(^\s*name\s*=\s*"([^"]+)")re");
  for (std::smatch m; std::getline(in, line);) {
    if (!line.empty() && line[0] == '[') section = line.substr(0, line.find(']') + 1);
    else if (std::regex_search(line, m, name_line)) (section == "[lib]" ? lib : section == "[package]" ? package : line) = m[1];
  }
  if (package_name) *package_name = package;
  std::string n = lib.empty() ? package : lib;
  std::replace(n.begin(), n.end(), '-', '_');
  return n;
}

// Every .rs file of the crate that defines `file` (its src/), as one text.
std::string crate_text(const std::string& file) {
  fs::path dir = fs::path(file).parent_path();
  while (!dir.empty() && dir != dir.root_path() && !fs::exists(dir / "Cargo.toml")) dir = dir.parent_path();
  std::string text;
  if (!fs::exists(dir / "src")) return text;
  for (const auto& e : fs::recursive_directory_iterator(dir / "src"))
    if (e.path().extension() == ".rs") {
      std::ifstream in(e.path());
      std::ostringstream t;
      t << in.rdbuf();
      text += t.str();
    }
  // Comments (doc comments between a tuple struct's parenthesis and its `pub`) say nothing here.
  return std::regex_replace(text, std::regex("//[^\\n]*"), "");
}

// crate::module::Item as the crate's users name it: unchanged where the
// module is `pub mod`, else the crate root's re-export (`pub use module::*`
// or `pub use module::Item`).
std::string public_path(const std::string& path, const std::string& text) {
  std::smatch m;
  if (!std::regex_match(path, m, std::regex(R"(([A-Za-z0-9_]+)::([A-Za-z0-9_]+)::(.+))"))) return path;
  const std::string module = m[2], rest = m[3], item = rest.substr(0, rest.find("::"));
  if (std::regex_search(text, std::regex("pub\\s+mod\\s+" + module + "\\b"))) return path;
  if (std::regex_search(text, std::regex("pub\\s+use\\s+(self::|crate::)?" + module + "::(\\*|" + item + "\\b|\\{[^}]*\\b" + item + "\\b)")))
    return m[1].str() + "::" + rest;
  return path;
}

// A Rust function's declaration in a candidate crate (docs/contracts.md:
// `// scanproof: candidate(name, op, fn=<path>, ...)`), or "" with `why`.
std::string rust_declaration(const discovered& d, std::string& why) {
  const board_form& form = d.f.form;
  if (form.how == board_form::passing::two_values) {
    why = "it takes its halves as two parameters; fn= takes one board (export it as extern \"C\" fn(lo: u64, hi: u64))";
    return "";
  }
  const std::string text = crate_text(d.f.file);
  const std::string board = board_value_type(d.f.board_type);
  // The path the candidate crate names it by: a trait's method by its board
  // type (`BitBoardIter::next`: the prelude's traits are in scope), a private
  // module's item by its re-export at the crate root.
  std::string path = d.f.qualified;
  const std::string method = base_name(path);
  if (path.find("{impl#") != std::string::npos) {
    if (board.empty() || std::regex_match(board, std::regex("u(8|16|32|64|128|size)"))) {
      why = "a trait's method on " + (board.empty() ? std::string("its board") : board) + ": fn= cannot name it";
      return "";
    }
    path = board + "::" + method;
  } else if (!std::regex_search(text, std::regex("pub\\s+(const\\s+)?(unsafe\\s+)?fn\\s+" + method + "\\b"))) {
    why = "not pub in its crate: the candidate crate cannot name it";
    return "";
  }
  path = public_path(path, text);
  std::string decl = "// scanproof: candidate(" + d.name + ", " + std::string(name(d.c.operation)) + ", fn=" + path;
  const bool primitive = std::regex_match(board, std::regex("u(8|16|32|64|128|size)"));
  if (!primitive && !board.empty() && board.find('[') == std::string::npos && board.find('(') == std::string::npos) {
    // A newtype: built from the integer by its public tuple constructor or
    // by From<uN>; a pop's board read back by From into the integer.
    const std::string type = base_name(board), integer = "u" + std::to_string(form.bits);
    if (std::regex_search(text, std::regex("struct\\s+" + type + "\\s*\\(\\s*pub\\s"))) {
      decl += ", board=" + public_path(board, text);
    } else if (!std::regex_search(text, std::regex("impl\\s+From\\s*<\\s*" + integer + "\\s*>\\s+for\\s+" + type + "\\b"))) {
      why = "its board " + board + " has no public tuple constructor and no From<" + integer +
            ">, which a candidate crate builds it with";
      return "";
    }
    if (pops(d.c.operation) &&
        !std::regex_search(text, std::regex("impl\\s+From\\s*<\\s*(\\w+::)*" + type + "\\s*>\\s+for\\s+" + integer + "\\b"))) {
      why = "a pop over " + board + " is read back by From (" + integer + ": From<" + type +
            ">), which its crate does not implement";
      return "";
    }
  }
  if (form.bits != 64) decl += ", width=" + std::to_string(form.bits);
  if (form.bits == 128 && form.how == board_form::passing::memory && (board.empty() || board[0] == '['))
    decl += ", pack=array";
  const shape& sh = d.c.sh;
  if (sh.halves == half_order::high_first) decl += ", halves=high_first";
  if (sh.width == 128 && sh.high_offset != 64) decl += ", high_offset=" + std::to_string(sh.high_offset);
  if (sh.index_base) decl += ", index_base=" + std::to_string(sh.index_base);
  if (sh.domain_declared) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "0x%llx%016llx", static_cast<unsigned long long>(sh.domain.hi),
                  static_cast<unsigned long long>(sh.domain.lo));
    decl += std::string(", domain=") + buf;
  }
  // An Option result: the IR's value outside the squares is its None, which
  // the candidate crate reads as -1.
  const bool option = d.f.result_type.rfind("core::option::Option<", 0) == 0;
  if (d.c.zero.k == zero_spec::kind::declared) decl += ", zero=" + (option ? std::string("-1") : std::to_string(d.c.zero.value));
  else if (d.c.zero.k == zero_spec::kind::undefined && (d.c.operation == op::ctz || d.c.operation == op::clz))
    decl += ", zero=undefined";
  return decl + ")";
}
}  // namespace

void plan_registrations(std::vector<discovered>& all, const std::string& root,
                        const std::map<std::string, std::string>& out_of_line,
                        const std::vector<unit_symbols>& symbols) {
  std::set<std::string> taken;  // names, ignoring case (registry.cpp refuses two that differ in case only)
  for (discovered& d : all) {
    if (d.c.k != classification::kind::classified) continue;
    std::string n = identifier(d.f.qualified), key;
    for (int k = 2;; ++k) {
      key = n;
      std::transform(key.begin(), key.end(), key.begin(), [](unsigned char ch) { return std::tolower(ch); });
      if (taken.insert(key).second) break;
      n = identifier(d.f.qualified) + "_" + std::to_string(k);
    }
    d.name = n;
    const bool c = d.f.language == "C";
    if (d.f.language == "Rust") {
      d.registration = rust_declaration(d, d.unregistrable);
      continue;
    }
    // A definition in a source file (the function's, or the board class's
    // out-of-line members: the board model may construct it) comes with the
    // candidate: its source included, where that links on its own (a static
    // function is then named as well).
    const std::string board_class = d.f.member ? class_of(d.f.qualified) : board_value_type(d.f.board_type);
    std::string source = is_header(d.f.file) ? "" : d.f.file;
    d.header = is_header(d.f.file) ? d.f.file : d.f.member && is_header(d.f.board_type_file) ? d.f.board_type_file : "";
    if (auto it = out_of_line.find(board_class); source.empty() && it != out_of_line.end()) source = it->second;
    if (!source.empty()) {
      std::string why;
      d.definitions = sources_to_include(source, symbols, root, why);
      if (d.definitions.empty())  // the line is still written, commented out, for a build that links the engine
        d.unregistrable = why + ": a candidate file cannot include it (register it in a build that links the engine: "
                                "scanproof_add_candidates(... LIBRARIES))";
    }
    const std::string opts = options(d, c);
    if (c) {
      if (d.c.sh.halves == half_order::high_first) {
        d.unregistrable = "a C scanner over (hi, lo) halves: candidate.h takes (lo, hi)";
        continue;
      }
      d.registration = "SCANPROOF_CANDIDATE_NAMED(" + d.name + ", " + d.f.qualified + ", " + std::string(c_name(d.c.operation)) + opts + ");";
      continue;
    }
    const std::string o = "scanproof::op::" + std::string(name(d.c.operation));
    // The candidate API takes the function as it is (NAMED) where its
    // signature says what the op does: by value or const& for a scan, by
    // non-const reference or pointer for a pop. Otherwise (an overload set, a
    // scan through a pointer or a non-const reference it does not write) an
    // expression calls it, as the engine's code does (EXPR).
    const bool memory = d.f.form.how == board_form::passing::memory;
    const bool by_pointer = !d.f.member && !d.f.board_type.empty() && d.f.board_type.back() == '*';
    const bool pop = pops(d.c.operation);
    // A template-id names one function of an overload set by itself.
    const bool one = !d.f.overloaded || d.f.qualified.find('<') != std::string::npos;
    if (one && !(memory && !pop && (by_pointer || d.f.form.writable))) {
      d.registration = "SCANPROOF_CANDIDATE_NAMED(" + d.name + ", " + (d.f.member ? "&" : "") + d.f.qualified + ", " + o +
                       opts + ");";
      continue;
    }
    const std::string board = d.f.member ? class_of(d.f.qualified) : board_value_type(d.f.board_type);
    if (board.empty()) {
      d.unregistrable = "its board type has no name a candidate file can write";
      continue;
    }
    const std::string call = d.f.member ? "b." + base_name(d.f.qualified) + "()"
                                        : d.f.qualified + "(" + (by_pointer ? "&b" : "b") + ")";
    d.registration = "SCANPROOF_CANDIDATE_EXPR(" + d.name + ", " + board + (pop ? "& b" : " b") + ", " + call +
                     ", " + o + opts + ");";
  }
}

std::string candidate_file(const std::vector<discovered>& all, const std::string& language,
                           const std::vector<unit>& units, const std::string& root, const std::string& out_dir,
                           bool needing_library) {
  std::vector<const discovered*> mine;
  for (const discovered& d : all)
    if (!d.registration.empty() && d.f.language == language) mine.push_back(&d);
  if (mine.empty()) return "";
  // The file for a build that links the engine's library holds the rest
  // (found and proved, but their definitions do not link alone).
  mine.erase(std::remove_if(mine.begin(), mine.end(),
                            [&](const discovered* d) { return d->unregistrable.empty() == needing_library; }),
             mine.end());
  if (mine.empty()) return "";
  const bool c = language == "C";
  // The engine's build settings, as the units that define these functions have them.
  std::set<std::string> includes, defines, isa;
  std::string standard;
  for (const unit& u : units) {
    if (u.language != language) continue;
    for (const std::string& fl : u.flags) {
      if (fl.rfind("-I", 0) == 0 && fs::path(fl.substr(2)).lexically_relative(root).string().rfind("..", 0) != 0)
        includes.insert(fl.substr(2));
      else if (fl.rfind("-D", 0) == 0 && selects_x86_code(fl.substr(2))) isa.insert(fl);
      else if (fl.rfind("-D", 0) == 0) defines.insert(fl.substr(2));
      else if (fl.rfind("-std=", 0) == 0) standard = fl.substr(5);
      else if (std::regex_match(fl, std::regex("-m(sse[0-9.a-z]*|ssse3|popcnt|abm|lzcnt|bmi2?|avx[0-9a-z]*|f16c|fma)")))
        isa.insert(fl);  // the engine's ISA: built so, its scanner may trap on a CPU without it
    }
  }
  std::ostringstream out;
  out << "// The scanners `scanproof discover` found in " << root << ", classified by what\n"
      << "// they compute and proved (or refuted) on its IR: docs/discovery.md. "
      << (needing_library ? "Their definitions\n// link only with the engine's library: scanproof_add_candidates(<this file> LIBRARIES\n"
                            "// <the engine's library>) checks them.\n"
                          : "Check them on\n// every target with `ci/matrix --candidates <this file>`.\n");
  if (!c && !standard.empty() && standard.find("++") != std::string::npos &&
      !(standard.find("98") != std::string::npos || standard.find("03") != std::string::npos ||
        standard.find("11") != std::string::npos || standard.find("14") != std::string::npos))
    out << "// scanproof: std " << standard << "\n";
  for (const std::string& dir : includes) {
    std::string rel = fs::path(dir).lexically_relative(fs::weakly_canonical(out_dir)).string();
    out << "// scanproof: include " << (rel.empty() ? "." : rel) << "\n";
  }
  for (const std::string& def : defines) out << "// scanproof: define " << def << "\n";
  for (const std::string& flag : isa) out << "// scanproof: option x86 " << flag << "\n";
  out << (c ? "#include <scanproof/candidate.h>\n" : "#include <scanproof/candidate.hpp>\n\n");
  std::vector<std::string> headers;
  for (const discovered* d : mine)
    if (!d->header.empty() && std::find(headers.begin(), headers.end(), d->header) == headers.end())
      headers.push_back(d->header);
  for (const std::string& line : header_lines(headers, units, includes, out_dir)) out << line << "\n";
  std::set<std::string> defining;
  for (const discovered* d : mine)
    for (const std::string& file : d->definitions)
      if (defining.insert(file).second)
        out << (defining.size() == 1 ? "// Definitions in source files (a function's, its board's out-of-line members, what they\n"
                                       "// call): included so this file links on its own (or link the engine's library:\n"
                                       "// scanproof_add_candidates(... LIBRARIES <it>)).\n"
                                     : "")
            << "#include \"" << include_path(file, includes, out_dir) << "\"\n";
  out << "\n";
  for (const discovered* d : mine)
    out << "// " << d->f.shown << ", " << relative(d->f.file, root) << ":" << d->f.line << ": " << d->proof.verdict
        << "\n"
        << d->registration << "\n";
  return out.str();
}

std::string rust_candidate_crate(const std::vector<discovered>& all, const std::vector<unit>& units,
                                 std::string& cargo_toml) {
  std::vector<const discovered*> mine;
  for (const discovered& d : all)
    if (!d.registration.empty() && d.f.language == "Rust") mine.push_back(&d);
  const auto crate = std::find_if(units.begin(), units.end(), [](const unit& u) {
    return u.language == "Rust" && fs::path(u.source).filename() == "Cargo.toml";
  });
  if (mine.empty() || crate == units.end()) return "";
  std::string package;
  const std::string dep = crate_name(crate->source, &package);
  cargo_toml = "# Written by `scanproof discover`: a candidate crate naming the scanners of " + dep +
               " (docs/discovery.md).\n[package]\nname = \"scanproof_discovered\"\nversion = \"0.0.0\"\n"
               "edition = \"2021\"\n\n# Its own workspace, wherever it is written (inside the engine's too).\n[workspace]\n\n[dependencies]\n" + dep + " = { path = \"" +
               fs::path(crate->source).parent_path().string() + "\", package = \"" + package + "\" }\n";
  std::ostringstream out;
  out << "// The scanners `scanproof discover` found in the crate " << dep << ", classified by what they\n"
      << "// compute and proved (or refuted) on its IR: docs/discovery.md. Check them on every target\n"
      << "// with `ci/matrix --candidates <this crate's directory>`.\n";
  for (const discovered* d : mine)
    out << "// " << d->f.shown << ", " << d->f.file << ":" << d->f.line << ": " << d->proof.verdict << "\n"
        << d->registration << "\n";
  return out.str();
}

namespace {
std::string proof_text(const discovered& d) {
  if (d.c.k != classification::kind::classified) return "-";
  std::string s = d.proof.verdict;
  if (d.proof.verdict == "counterexample")
    s += " at " + d.proof.input_shown + ": " +
         (d.proof.expected_value ? "expected " + std::to_string(*d.proof.expected_value) : std::string()) +
         (d.proof.got ? ", got " + std::to_string(*d.proof.got) : std::string()) +
         (d.proof.replay.rfind("replayed", 0) == 0 ? " (replayed on the host)" : " (" + d.proof.replay + ")");
  else if (d.proof.verdict != "proved" && !d.proof.reason.empty())
    s += ": " + d.proof.reason;
  return s;
}
std::string op_column(const discovered& d) {
  switch (d.c.k) {
    case classification::kind::classified: return std::string(name(d.c.operation));
    case classification::kind::unmatched: return "none";
    case classification::kind::not_run: return "not run";
  }
  return "";
}
}  // namespace

std::string table(const std::vector<discovered>& all, const std::string& root) {
  std::ostringstream out;
  std::vector<std::vector<std::string>> rows{{"function", "file:line", "op", "shape", "zero", "proof"}};
  std::vector<const discovered*> unclassified;
  for (const discovered& d : all) {
    if (d.c.k != classification::kind::classified) {
      unclassified.push_back(&d);
      continue;
    }
    rows.push_back({d.f.shown, relative(d.f.file, root) + ":" + std::to_string(d.f.line), op_column(d),
                    shape_text(d.c.sh), d.c.zero_text, proof_text(d)});
  }
  std::vector<std::size_t> width(6, 0);
  for (const auto& r : rows)
    for (std::size_t k = 0; k + 1 < r.size(); ++k) width[k] = std::max(width[k], std::min<std::size_t>(r[k].size(), 48));
  for (const auto& r : rows) {
    for (std::size_t k = 0; k < r.size(); ++k) {
      out << r[k];
      if (k + 1 < r.size()) out << std::string(width[k] > r[k].size() ? width[k] - r[k].size() + 2 : 2, ' ');
    }
    out << "\n";
  }
  for (const discovered& d : all)
    if (!d.unregistrable.empty()) out << "not registered: " << d.f.shown << ": " << d.unregistrable << "\n";
  // A function that matched an op on many probes and then missed is a
  // scanner wrong somewhere (or a near relative of one): shown. The others
  // (a function that is no scanner fails on the first probes) are counted;
  // discover.json has each with its nearest op and probe.
  const auto near = [](const discovered* d) { return d->c.k == classification::kind::not_run || 2 * d->c.matched >= static_cast<int>(d->f.form.bits); };
  const auto shown = std::count_if(unclassified.begin(), unclassified.end(), near);
  if (!unclassified.empty())
    out << "\n" << unclassified.size() << " function" << (unclassified.size() == 1 ? "" : "s")
        << " with a scanner's signature compute no op (each with the nearest op and the probe that ruled it out: "
           "discover.json)"
        << (shown ? "; near misses and functions that could not be run:" : "") << "\n";
  for (const discovered* d : unclassified)
    if (near(d))
      out << "  " << d->f.shown << ", " << relative(d->f.file, root) << ":" << d->f.line << ": "
          << (d->c.k == classification::kind::not_run ? "not run: " : "") << d->c.reason
          << (d->c.k == classification::kind::not_run ? "" : " (after " + std::to_string(d->c.matched) + " probes matched)")
          << "\n";
  return out.str();
}

std::string json_report(const std::vector<discovered>& all, const std::string& root, const std::string& how) {
  using json = command_line::json;
  std::vector<json> items;
  for (const discovered& d : all) {
    json j;
    j["function"] = d.f.shown;
    j["symbol"] = d.f.symbol;
    j["file"] = relative(d.f.file, root);
    j["line"] = d.f.line;
    j["language"] = d.f.language;
    j["classification"] = d.c.k == classification::kind::classified ? "classified"
                          : d.c.k == classification::kind::unmatched ? "unmatched"
                                                                     : "not run";
    if (d.c.k == classification::kind::classified) {
      j["op"] = std::string(name(d.c.operation));
      j["shape"] = shape_text(d.c.sh);
      j["width"] = d.c.sh.width;
      j["high_offset"] = d.c.sh.high_offset;
      j["index_base"] = d.c.sh.index_base;
      j["halves"] = d.c.sh.halves == half_order::high_first ? "high_first" : "low_first";
      j["domain"] = domain_text(d.c.sh);
      j["zero"] = d.c.zero_text;
      j["proof"] = d.proof.verdict;
      j["proof_reason"] = d.proof.reason;
      if (d.proof.verdict == "counterexample") {
        j["counterexample"] = d.proof.input_argument;
        if (d.proof.expected_value) j["expected"] = *d.proof.expected_value;
        if (d.proof.got) j["got"] = *d.proof.got;
        j["replay"] = d.proof.replay;
      }
      j["name"] = d.name;
      j["registration"] = d.registration;
      if (!d.unregistrable.empty()) j["not_registered"] = d.unregistrable;
    } else {
      j["reason"] = d.c.reason;
      j["matched"] = d.c.matched;
    }
    j["probes"] = d.c.probes;
    items.push_back(j);
  }
  json head;
  head["root"] = root;
  head["units"] = how;
  return command_line::json_document(head, "functions", items);
}

}  // namespace scanproof::discover
