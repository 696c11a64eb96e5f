#include "scanproof/registry.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>

namespace scanproof {

namespace {
struct store {
  std::vector<descriptor> items;
  std::vector<std::string> errors;
  std::vector<std::string> candidate_files;  // from the build's manifest
  std::vector<std::pair<std::string, std::string>> file_options;  // file, its ISA flags here
  // A declared candidate's kernels as its registration made them (restore_declarations).
  std::vector<std::pair<const scanproof_declaration*, kernels>> declared_kernels;
  // The catalogue's entries as their registrations made them (restore_declarations).
  std::vector<descriptor> entries;
  bool options_applied = false;
  bool files_checked = false;
  bool sorted = false;
};

store& the_store() {
  static store s;  // function-local: safe to use from other TUs' static init
  return s;
}

bool same_ignoring_case(const std::string& a, const std::string& b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](unsigned char x, unsigned char y) {
           return std::tolower(x) == std::tolower(y);
         });
}

bool is_identifier(const char* s) {
  if (!s || !*s || std::isdigit(static_cast<unsigned char>(*s))) return false;
  for (; *s; ++s)
    if (!std::isalnum(static_cast<unsigned char>(*s)) && *s != '_') return false;
  return true;
}

// The shape from the function's signature plus the declared layout and domain.
shape shaped(shape sh, const layout_options& l) {
  if (l.width) sh.width = l.width;
  sh.high_offset = l.high_offset;
  sh.index_base = l.index_base;
  sh.domain_declared = l.domain.has_value();
  sh.domain = l.domain ? *l.domain : sh.all_squares();
  return sh;
}

// Where an implementation is registered: its file, and a candidate's line there.
std::string where(const descriptor& d) { return d.line ? d.source + ":" + std::to_string(d.line) : d.source; }

int add(descriptor d) {
  store& s = the_store();
  if (const std::string e = shape_error(d.operation, d.sh); !e.empty())
    s.errors.push_back(where(d) + ": '" + d.name + "': " + e);
  if (!is_identifier(d.name.c_str()))
    s.errors.push_back(where(d) + ": '" + d.name + "' is not a valid C identifier");
  for (const descriptor& e : s.items) {
    // A name is also a file name (SCANPROOF_RESULTS_DIR/<name>.json, proofs),
    // and Windows (Wine) ignores case in file names: Ethereal's poplsb and
    // berserk's PopLSB lost one result there.
    if (!same_ignoring_case(e.name, d.name)) continue;
    std::string what = e.candidate && d.candidate ? "two candidates"
                       : e.candidate || d.candidate ? "a candidate and a catalogue entry"
                                                    : "two catalogue entries";
    // Name the candidate's file first: it is the one to rename.
    const bool swap = e.candidate && !d.candidate;
    const std::string named =
        e.name == d.name ? " are both named '" + d.name + "'"
                         : " are named '" + (swap ? e.name : d.name) + "' and '" + (swap ? d.name : e.name) +
                               "', which differ only in case (a name is also a file name, and Windows "
                               "ignores case in file names)";
    s.errors.push_back(where(swap ? e : d) + ": " + what + named + " (the other is in " + where(swap ? d : e) +
                       ")");
  }
  s.items.push_back(std::move(d));
  s.sorted = false;
  return static_cast<int>(s.items.size());
}

// The one place a language is decided: from the name of the file the code is in.
std::string language_of(const std::string& source) {
  auto ends = [&](std::string_view tail) {
    return source.size() >= tail.size() && source.compare(source.size() - tail.size(), tail.size(), tail) == 0;
  };
  if (ends(".rs") || ends("Cargo.toml")) return "Rust";
  if (ends(".c")) return "C";
  return "C++";
}

void set_kernels(descriptor& d, const kernels& k) {
  d.batch = k.batch;
  d.chain = k.chain;
  d.serialize = k.serialize;
  d.batch_values = k.batch_values;
}

descriptor from_info(const char* name, op o, const char* file, const entry_info& info) {
  descriptor d;
  d.name = name;
  d.operation = o;
  d.zero = info.zero;
  d.requires_cpu = info.requires_cpu;
  d.expected = info.expected;
  d.needs = info.needs;
  d.provenance = info.provenance;
  d.source = file;
  d.language = language_of(d.source);
  d.same_listing = info.same_listing;
  return d;
}
}  // namespace

// The CPU features a compiler flag lets the compiler use (x86's; the others'
// flags name no feature a CPU of the matrix may lack).
struct flag_feature {
  const char* flag;
  cpu_feature feature;
};
constexpr flag_feature flag_features[] = {
    {"-mpopcnt", cpu_feature::popcnt}, {"-msse4.2", cpu_feature::popcnt}, {"-msse4", cpu_feature::popcnt},
    {"-mabm", cpu_feature::popcnt},    {"-mabm", cpu_feature::lzcnt},     {"-mlzcnt", cpu_feature::lzcnt},
    {"-mbmi", cpu_feature::bmi1},
};

// What a candidate of `source` requires of the CPU: what its file's ISA
// options enable.
std::vector<requirement> option_requirements(const store& s, const std::string& source) {
  std::vector<requirement> out;
  for (const auto& [file, options] : s.file_options) {
    if (file != source) continue;
    std::string flag;
    for (std::size_t i = 0; i <= options.size(); ++i) {
      if (i < options.size() && options[i] != ' ') {
        flag += options[i];
        continue;
      }
      for (const flag_feature& f : flag_features)
        if (flag == f.flag) out.push_back({f.feature, f.flag});
      flag.clear();
    }
  }
  return out;
}

// Each candidate of a file with ISA options requires what they enable; the
// manifest and the candidates register in any order, so this runs once, from
// main (registry()), after both.
void apply_file_options(store& s) {
  if (s.options_applied) return;
  s.options_applied = true;
  for (descriptor& d : s.items)
    if (d.candidate)
      for (const requirement& r : option_requirements(s, d.source)) d.requires_cpu.push_back(r);
}

std::span<const descriptor> registry() {
  store& s = the_store();
  apply_file_options(s);
  if (!s.sorted) {
    std::stable_sort(s.items.begin(), s.items.end(), [](const descriptor& a, const descriptor& b) {
      if (a.operation != b.operation) return a.operation < b.operation;
      return a.name < b.name;
    });
    s.sorted = true;
  }
  return s.items;
}

const descriptor* find(std::string_view name) {
  for (const descriptor& d : registry())
    if (d.name == name) return &d;
  return nullptr;
}

const std::vector<std::string>& registry_errors() {
  store& s = the_store();
  if (!s.files_checked) {  // every TU has registered by now: main is running
    s.files_checked = true;
    for (const std::string& f : s.candidate_files) {
      bool found = false;
      for (const descriptor& d : s.items) found = found || (d.candidate && d.source == f);
      if (!found && language_of(f) == "Rust")
        s.errors.push_back(f + ": registers no candidate (expected at least one `// scanproof: candidate(name, "
                               "op)` line above a #[no_mangle] pub extern \"C\" fn name, or `// scanproof: "
                               "candidate(name, op, fn=<path>)` naming the scanner)");
      else if (!found)
        s.errors.push_back(f + ": registers no candidate (expected at least one "
                               "SCANPROOF_CANDIDATE(function, scanproof::op::...) or SCANPROOF_CANDIDATE_NAMED(name, function, op))");
    }
    for (const descriptor& d : s.items) {  // a twin names an entry of the same op
      if (d.same_listing.empty()) continue;
      const auto twin = std::find_if(s.items.begin(), s.items.end(), [&](const descriptor& e) {
        return !e.candidate && e.name == d.same_listing && e.operation == d.operation;
      });
      if (twin == s.items.end())
        s.errors.push_back(d.source + ": '" + d.name + "': same_listing names '" + d.same_listing +
                           "', which is no catalogue entry of the same op");
    }
  }
  return s.errors;
}

bool registry_ok() {
  for (const std::string& e : registry_errors()) std::fprintf(stderr, "scanproof: error: %s\n", e.c_str());
  return registry_errors().empty();
}

std::string declaration_problem(const scanproof_declaration& r) {
  if (std::memcmp(r.magic, SCANPROOF_DECLARATION_MAGIC, sizeof SCANPROOF_DECLARATION_MAGIC) != 0 ||
      r.byte_order != SCANPROOF_DECLARATION_BYTE_ORDER || r.end != SCANPROOF_DECLARATION_END)
    return "not a declaration record (declaration.h)";
  if (std::memchr(r.name, 0, sizeof r.name) == nullptr || !is_identifier(r.name))
    return "a declaration's name is not a C identifier of at most " +
           std::to_string(SCANPROOF_DECLARATION_NAME_MAX) + " characters";
  const std::string who = std::string("'") + r.name + "': ";
  if (r.op < 0 || r.op >= static_cast<std::int64_t>(std::size(all_ops)))
    return who + "names no op (" + std::to_string(r.op) + "): use SCANPROOF_LSB..SCANPROOF_POP_MSB";
  if (r.argument < 0 || r.argument > static_cast<std::int64_t>(argument::pair) || r.width < 1 || r.width > 128)
    return who + "declares no board (width " + std::to_string(r.width) + ", argument " +
           std::to_string(r.argument) + ")";
  if (r.line < 0 || r.line > 100000000) return who + "declares no line (" + std::to_string(r.line) + ")";
  if (r.halves < 0 || r.halves > 1 || r.zero.kind < 0 || r.zero.kind > 2 || r.high_offset < 0 ||
      r.high_offset > 64 || r.index_base < 0 || r.index_base > 1)
    return who + "declares a layout or zero contract that is none (halves " + std::to_string(r.halves) +
           ", high_offset " + std::to_string(r.high_offset) + ", index_base " + std::to_string(r.index_base) +
           ", zero kind " + std::to_string(r.zero.kind) + ")";
  return "";
}

descriptor declared_descriptor(const scanproof_declaration& r) {
  descriptor d;
  d.name = r.name;
  d.operation = static_cast<op>(r.op);
  shape sh = integer_shape(static_cast<int>(r.width));
  sh.arg = static_cast<argument>(r.argument);
  sh.halves = static_cast<half_order>(r.halves);
  layout_options layout{r.high_offset != 0 ? static_cast<int>(r.high_offset) : 64, static_cast<int>(r.index_base),
                        std::nullopt};
  if ((r.domain.lo | r.domain.hi) != 0) layout.domain = word{r.domain.lo, r.domain.hi};
  d.sh = shaped(sh, layout);
  if (r.zero.kind == 1) d.zero = zero_spec::returns(r.zero.value, candidate_zero_note);
  if (r.zero.kind == 2) d.zero = zero_spec::is_undefined(candidate_zero_note);
  d.line = static_cast<int>(r.line);
  d.candidate = true;
  d.provenance = "candidate";
  return d;
}

namespace {
// What of a catalogue entry differs from its registration ("" if nothing).
std::string entry_changes(const descriptor& d, const descriptor& e) {
  std::string what;
  const auto differs = [&](bool diff, const char* field) {
    if (diff) what += (what.empty() ? "" : ", ") + std::string(field);
  };
  differs(d.operation != e.operation, "its op");
  differs(d.sh.width != e.sh.width || d.sh.arg != e.sh.arg || d.sh.halves != e.sh.halves ||
              d.sh.high_offset != e.sh.high_offset || d.sh.index_base != e.sh.index_base ||
              !(d.sh.domain == e.sh.domain) || d.sh.domain_declared != e.sh.domain_declared,
          "its board or domain");
  differs(d.zero.k != e.zero.k || d.zero.value != e.zero.value, "its zero contract");
  differs(d.batch != e.batch || d.chain != e.chain || d.serialize != e.serialize ||
              d.batch_values != e.batch_values || d.unavailable != e.unavailable,
          "its kernels");
  differs(d.expected.size() != e.expected.size() ||
              !std::equal(d.expected.begin(), d.expected.end(), e.expected.begin(),
                          [](const expectation& a, const expectation& b) {
                            return a.on == b.on && a.reason == b.reason && a.when.name == b.when.name &&
                                   a.when.holds == b.when.holds;
                          }),
          "its expectations");
  differs(d.requires_cpu.size() != e.requires_cpu.size() ||
              !std::equal(d.requires_cpu.begin(), d.requires_cpu.end(), e.requires_cpu.begin(),
                          [](const requirement& a, const requirement& b) {
                            return a.feature == b.feature && a.option == b.option;
                          }),
          "what it requires of the CPU");
  differs(d.candidate || d.declaration, "whether it is a candidate");
  return what;
}

// The catalogue's entries as their registrations made them: start-up code in
// this process (a candidate's: hostile/spoils_catalogue.cpp swaps
// std_popcount's kernel) may have changed, renamed or removed one, or added
// an entry no registration made. The candidates (an item with its record) stay.
void restore_entries(store& s, std::vector<std::string>& changed) {
  const auto has_record = [&](const descriptor& d) {
    return std::any_of(s.declared_kernels.begin(), s.declared_kernels.end(),
                       [&](const auto& k) { return k.first == d.declaration; });
  };
  std::vector<descriptor> kept, others;
  for (descriptor& d : s.items) (d.declaration && has_record(d) ? kept : others).push_back(std::move(d));
  const std::string by = "start-up code in this process (a candidate's)";
  for (const descriptor& e : s.entries) {
    const auto now = std::find_if(others.begin(), others.end(), [&](const descriptor& d) { return d.name == e.name; });
    if (now == others.end())
      changed.push_back(where(e) + ": catalogue entry '" + e.name + "': " + by + " renamed or removed it; judged as registered");
    else if (const std::string what = entry_changes(*now, e); !what.empty())
      changed.push_back(where(e) + ": catalogue entry '" + e.name + "': " + by + " changed " + what +
                        "; judged as registered");
  }
  for (const descriptor& d : others)
    if (std::none_of(s.entries.begin(), s.entries.end(), [&](const descriptor& e) { return e.name == d.name; }))
      changed.push_back("'" + d.name + "': neither a catalogue entry's registration nor a candidate's record made it (" +
                        by + " did): left out");
  kept.insert(kept.end(), s.entries.begin(), s.entries.end());
  s.items = std::move(kept);
  s.sorted = false;
}
}  // namespace

std::vector<std::string> restore_kernels() {
  store& s = the_store();
  std::vector<std::string> changed;
  for (descriptor& d : s.items) {
    if (!d.declaration) continue;
    for (const auto& [record, k] : s.declared_kernels) {
      if (record != d.declaration) continue;
      // (No kernel at all is a claim of "not built here", a change of its
      // declaration: left to the judge, which names it.)
      if ((d.batch == k.batch && d.chain == k.chain && d.serialize == k.serialize &&
           d.batch_values == k.batch_values) ||
          (d.batch == nullptr) != (k.batch == nullptr))
        break;
      set_kernels(d, k);
      changed.push_back(where(d) + ": candidate '" + d.name +
                        "': start-up code in this process (this candidate's or another's) changed its kernels; "
                        "the kernels its registration made are tested");
      break;
    }
  }
  return changed;
}

std::vector<std::string> restore_declarations() {
  store& s = the_store();
  apply_file_options(s);
  std::vector<std::string> changed;
  restore_entries(s, changed);
  for (descriptor& d : s.items) {
    if (!d.declaration) continue;
    descriptor want = declared_descriptor(*d.declaration);
    want.source = d.source;  // not in the record: the registration's file
    want.requires_cpu = option_requirements(s, d.source);
    std::string what;
    const auto differs = [&](bool diff, const char* field) {
      if (diff) what += (what.empty() ? "" : ", ") + std::string(field);
    };
    differs(d.name != want.name, "its name");
    differs(d.operation != want.operation, "its op");
    differs(d.sh.width != want.sh.width || d.sh.arg != want.sh.arg || d.sh.halves != want.sh.halves ||
                d.sh.high_offset != want.sh.high_offset || d.sh.index_base != want.sh.index_base,
            "its board");
    differs(!(d.sh.domain == want.sh.domain) || d.sh.domain_declared != want.sh.domain_declared, "its domain");
    differs(d.zero.k != want.zero.k || d.zero.value != want.zero.value, "its zero contract");
    kernels k{};
    for (const auto& [record, registered] : s.declared_kernels)
      if (record == d.declaration) k = registered;
    differs(!d.unavailable.empty() || (d.batch == nullptr) != (k.batch == nullptr), "whether it is built here");
    differs(d.batch != k.batch || d.chain != k.chain || d.serialize != k.serialize ||
                d.batch_values != k.batch_values,
            "its kernels");
    differs(!d.candidate || !d.expected.empty(), "its expectations");
    differs(d.requires_cpu.size() != want.requires_cpu.size() ||
                !std::equal(d.requires_cpu.begin(), d.requires_cpu.end(), want.requires_cpu.begin(),
                            [](const requirement& a, const requirement& b) {
                              return a.feature == b.feature && a.option == b.option;
                            }),
            "what it requires of the CPU");
    if (what.empty()) continue;
    changed.push_back(where(want) + ": '" + want.name + "': its start-up code changed " + what +
                      (d.name != want.name ? " (to '" + d.name + "')" : "") + "; judged as its source declares");
    d.name = want.name;
    d.line = want.line;
    d.operation = want.operation;
    d.sh = want.sh;
    d.zero = want.zero;
    d.unavailable.clear();
    set_kernels(d, k);
    d.candidate = true;
    d.expected.clear();
    d.requires_cpu = want.requires_cpu;
    s.sorted = false;
  }
  return changed;
}

namespace detail {
int register_entry(const char* name, op o, kernels k, const char* file, entry_info info) {
  descriptor d = from_info(name, o, file, info);
  set_kernels(d, k);
  d.sh = shaped(k.sh, info.layout);
  if (info.layout.width && info.layout.width != k.sh.width)
    the_store().errors.push_back(d.source + ": '" + d.name + "' declares width " +
                                 std::to_string(info.layout.width) + " but its function takes " +
                                 std::to_string(k.sh.width) + " bits");
  the_store().entries.push_back(d);
  return add(std::move(d));
}

int register_unavailable(const char* name, op o, const char* why, const char* file,
                         entry_info info) {
  descriptor d = from_info(name, o, file, info);
  d.unavailable = why;
  // Unbuilt: the width it declares (64 if none), its layout and domain still show.
  // (A 128-bit entry goes unbuilt only for want of unsigned __int128.)
  if (info.layout.width == 128) d.sh.arg = argument::int128;
  d.sh = shaped(d.sh, info.layout);
  the_store().entries.push_back(d);
  return add(std::move(d));
}

int register_declared(const scanproof_declaration& r, kernels k, const char* file) {
  if (const std::string why = declaration_problem(r); !why.empty()) {
    std::fprintf(stderr, "scanproof: %s: %s\n", file, why.c_str());
    std::abort();
  }
  descriptor d = declared_descriptor(r);
  d.declaration = &r;
  d.source = file;
  d.language = language_of(d.source);
  if (d.operation == op::popcount && d.zero.k != zero_spec::kind::op_default)
    the_store().errors.push_back(where(d) + ": '" + d.name +
                                 "': popcount(0) is 0 for every popcount; .zero is for lsb, msb, ctz and clz");
  set_kernels(d, k);
  the_store().declared_kernels.emplace_back(&r, k);
  return add(std::move(d));
}

int expect_candidates_from(const char* file, const char* isa_options) {
  the_store().candidate_files.emplace_back(file);
  if (isa_options && *isa_options) the_store().file_options.emplace_back(file, isa_options);
  return 0;
}
}  // namespace detail

}  // namespace scanproof

// C candidates (scanproof/candidate.h): the same registration, with kernels the
// C macro generated in the candidate's own translation unit.
static_assert(static_cast<int>(scanproof::op::lsb) == 0 && static_cast<int>(scanproof::op::msb) == 1 &&
                  static_cast<int>(scanproof::op::ctz) == 2 && static_cast<int>(scanproof::op::clz) == 3 &&
                  static_cast<int>(scanproof::op::popcount) == 4 &&
                  static_cast<int>(scanproof::op::pop_lsb) == 5 && static_cast<int>(scanproof::op::pop_msb) == 6,
              "candidate.h's SCANPROOF_LSB.. must keep scanproof::op's values (ops.def: a new op goes last)");
extern "C" int scanproof_register_c_declared(const scanproof_declaration* declaration,
                                             scanproof::batch_fn batch, scanproof::chain_fn chain,
                                             scanproof::chain_fn serialize, const char* file) {
  return scanproof::detail::register_declared(*declaration, {batch, chain, serialize, {}}, file);
}
