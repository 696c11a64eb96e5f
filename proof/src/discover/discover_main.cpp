// scanproof_discover (`scanproof discover`): finds an engine's scanners by what
// they compute, proves each classification on the engine's IR, and writes the
// candidate file that registers them (docs/discovery.md).
//   scanproof discover <dir | compile_commands.json> [--out DIR] [--timeout S] [--jobs N] [-- FLAGS...]
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <thread>

#include "discover/classify.hpp"
#include "discover/functions.hpp"
#include "prover/prove.hpp"
#include "discover/registration.hpp"
#include "discover/replay.hpp"
#include "prover/report.hpp"  // proof::to_record
#include "scanproof/command_line.hpp"
#include "scanproof/supervise.hpp"
#include "discover/units.hpp"

namespace {
using namespace scanproof;
using namespace scanproof::discover;
namespace fs = std::filesystem;

int usage(int code) {
  (code ? std::cerr : std::cout)
      << "usage: scanproof discover <dir | compile_commands.json> [--out DIR] [--make ARGS] [--timeout S] [--jobs N]\n"
         "                          [-- FLAGS...]\n"
         "  Finds every function of an engine's tree whose signature could be a scanner, runs it on probe\n"
         "  boards through the prover's meaning of its IR, says which op it computes (and on which shape),\n"
         "  proves that for every input or refutes it, and writes the candidate file that registers them.\n"
         "  <dir>          a source tree: its compile_commands.json (there or in build/), else its CMake\n"
         "                 project configured with clang-19, else its Makefile's `make -n -B` commands,\n"
         "                 else every source and header file\n"
         "  --make ARGS    what `make -n -B` is given for a Makefile project (\"build ARCH=x86-64\")\n"
         "  --out DIR      where discovered_scanners.cpp / .c and discover.json go (default: scanproof-discovered)\n"
         "  --timeout S    seconds per function to prove its classification (default 60)\n"
         "  --jobs N       functions classified and proved at once (default: the number of CPUs)\n"
         "  -- FLAGS...    compiler flags for every unit (-DNAME, -Idir, -std=c++20)\n"
         "  exit status: 0 ran to its end; 1 a classification refuted; 2 bad input or a suite bug;\n"
         "  3 incomplete: a source file did not compile, so its functions were not searched\n";
  return code;
}

// One function's classification and proof, as a child process sends it.
std::string to_record(const classification& c, const proof::outcome& p) {
  nlohmann::json j;
  j["k"] = static_cast<int>(c.k);
  j["op"] = std::string(name(c.operation));
  j["width"] = c.sh.width;
  j["arg"] = static_cast<int>(c.sh.arg);
  j["offset"] = c.sh.high_offset;
  j["base"] = c.sh.index_base;
  j["halves"] = static_cast<int>(c.sh.halves);
  j["domain"] = {c.sh.domain.lo, c.sh.domain.hi};
  j["declared"] = c.sh.domain_declared;
  j["zero_kind"] = static_cast<int>(c.zero.k);
  j["zero_value"] = c.zero.value;
  j["zero_text"] = c.zero_text;
  j["reason"] = c.reason;
  j["probes"] = c.probes;
  j["matched"] = c.matched;
  j["proof"] = proof::to_record(p);
  return j.dump();
}

bool from_record(const std::string& text, classification& c, proof::outcome& p) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) return false;
  c.k = static_cast<classification::kind>(j["k"].get<int>());
  for (op o : all_ops)
    if (name(o) == j["op"].get<std::string>()) c.operation = o;
  c.sh.width = j["width"];
  c.sh.arg = static_cast<argument>(j["arg"].get<int>());
  c.sh.high_offset = j["offset"];
  c.sh.index_base = j["base"];
  c.sh.halves = static_cast<half_order>(j["halves"].get<int>());
  c.sh.domain = word{j["domain"][0].get<std::uint64_t>(), j["domain"][1].get<std::uint64_t>()};
  c.sh.domain_declared = j["declared"];
  c.zero.k = static_cast<zero_spec::kind>(j["zero_kind"].get<int>());
  c.zero.value = j["zero_value"];
  c.zero_text = j["zero_text"];
  c.reason = j["reason"];
  c.probes = j["probes"];
  c.matched = j["matched"];
  p = proof::from_record(j["proof"].get<std::string>());
  return true;
}

// Classifies f and proves the classification (in a child process of its own:
// a crash or hang in the translator or the solver costs this function only).
std::string classify_and_prove(proof::ir_set& ir, const found_function& f, std::size_t index, double timeout_s) {
  llvm::Module& m = *ir.modules[f.module];
  link_callees(ir, m);  // in this child process: the other units stay as they are for the rest
  const std::string impl = "discovered_" + std::to_string(index);
  classification c = classify(ir, m, f, "scanproof.discover." + std::to_string(index), std::min(timeout_s, 30.0));
  proof::outcome p;
  if (c.k == classification::kind::classified) {
    m.getFunction(c.wrapper)->setName("scanproof_scalar__" + impl);
    descriptor d;
    d.name = impl;
    d.operation = c.operation;
    d.sh = c.sh;
    d.zero = c.zero;
    d.candidate = true;
    proof::prove_options po;
    po.timeout_s = timeout_s;
    po.replay = false;
    po.no_replay = "not replayed here: `ci/matrix --candidates` on the written file runs it on the built code";
    p = proof::prove(d, ir, po);
    // A refutation is replayed on the host: the same IR, compiled by LLVM's
    // JIT, called at the input (the proof's own replay needs a built
    // descriptor; the written file gets one under ci/matrix --candidates).
    if (p.verdict == "counterexample" && p.input) {
      const replayed r = replay_on_host(m, "scanproof_scalar__" + impl, to_argument(c.sh, *p.input));
      if (!r.returned) {
        p.replay = "not replayed on the host: " + r.why;
      } else if (p.got && r.value != *p.got) {
        p.verdict = "error";
        p.result = proof::status::fail;
        p.reason = "the host run at " + p.input_shown + " returns " + std::to_string(r.value) + " where the proof's IR "
                   "returns " + std::to_string(*p.got) + " (a bug in the suite's meaning of the IR)";
      } else {
        p.replay = "replayed on the host (its IR compiled by LLVM's JIT): returns " + std::to_string(r.value) +
                   (p.expected_value ? ", not " + std::to_string(*p.expected_value) : std::string());
      }
    }
  }
  return to_record(c, p);
}

// Each function classified and proved in a process of its own, `jobs` at once.
std::vector<discovered> classify_all(proof::ir_set& ir, const std::vector<found_function>& found, int jobs,
                                     double timeout_s) {
  std::vector<discovered> all(found.size());
  std::atomic<std::size_t> next{0};
  const auto guard = static_cast<unsigned>(2 * timeout_s + 120);
  auto worker = [&] {
    for (std::size_t i; (i = next++) < found.size();) {
      discovered& d = all[i];
      d.f = found[i];
      const isolated_result run = run_isolated([&] { return classify_and_prove(ir, d.f, i, timeout_s); }, guard);
      if (!run.completed || !from_record(run.output, d.c, d.proof)) {
        d.c.k = classification::kind::not_run;
        d.c.reason = "the classifier did not run to its end (a bug in the suite): " +
                     (run.completed ? "its record is unreadable" : run.why);
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::min<int>(jobs, static_cast<int>(found.size())); ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  return all;
}

// The candidate files (C++, C, each also linking the engine), the Rust crate
// and discover.json, in `out_dir`.
void write_results(const std::vector<discovered>& all, const std::vector<unit>& units, const std::string& root,
                   const std::string& out_dir, const std::string& how) {
  // What an earlier run wrote goes: a file left from it would be checked as this run's.
  for (const char* stale : {"discovered_scanners.cpp", "discovered_scanners.c", "discovered_scanners_linking_the_engine.cpp",
                            "discovered_scanners_linking_the_engine.c", "discovered_crate", "discover.json"})
    fs::remove_all(out_dir + "/" + stale);
  for (const char* language : {"C++", "C"})
    for (const bool linked : {false, true}) {
      const std::string text = candidate_file(all, language, units, root, out_dir, linked);
      if (text.empty()) continue;
      const std::string file = out_dir + "/discovered_scanners" + (linked ? "_linking_the_engine" : "") +
                               (std::string(language) == "C" ? ".c" : ".cpp");
      std::ofstream(file) << text;
      std::cout << "\nwrote " << file
                << (linked ? ": its scanners link only with the engine's library: scanproof_add_candidates(" + file +
                                 " LIBRARIES <it>) checks them"
                           : ": check it with ci/matrix --candidates " + file)
                << "\n";
    }
  std::string cargo_toml;
  if (const std::string lib = rust_candidate_crate(all, units, cargo_toml); !lib.empty()) {
    const std::string crate = out_dir + "/discovered_crate";
    fs::create_directories(crate + "/src");
    std::ofstream(crate + "/Cargo.toml") << cargo_toml;
    std::ofstream(crate + "/src/lib.rs") << lib;
    std::cout << "\nwrote " << crate << ": check it with ci/matrix --candidates " << crate << "\n";
  }
  {
    std::ofstream(out_dir + "/discover.json") << json_report(all, root, how);
  }
  std::cout << "wrote " << out_dir << "/discover.json\n";
}

}  // namespace

static int discover_main(int argc, char** argv) {
  namespace cl = command_line;
  const char* me = "scanproof discover";
  // Everything after `--` is the compiler's.
  std::vector<std::string> extra;
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--") {
      for (int k = i + 1; k < argc; ++k) extra.push_back(argv[k]);
      argc = i;
      break;
    }
  const auto a = cl::parse(me, argc, argv, 1, {{"out", true}, {"timeout", true}, {"jobs", true}, {"make", true}},
                           /*operands=*/true);
  if (!a) return usage(2);
  if (a->help) return usage(0);
  if (a->operands.size() != 1) {
    std::cerr << me << ": name one source tree or compile_commands.json\n";
    return usage(2);
  }
  const auto timeout_s = cl::timeout_seconds(me, a->value("timeout", "60"));
  if (!timeout_s) return 2;
  const auto jobs_given = cl::jobs(me, *a);
  if (!jobs_given) return 2;
  int jobs = *jobs_given;
  const std::string out_dir = fs::absolute(a->value("out", "scanproof-discovered")).string();
  const std::string path = a->operands.front();

  std::string how;
  std::vector<unit> units;
  try {
    units = find_units(path, {extra, a->value("make"), out_dir + "/project"}, how);
  } catch (const std::exception& e) {
    std::cerr << me << ": " << e.what() << "\n";
    return 2;
  }
  const std::string root = tree_root(path);
  std::cout << "scanproof discover: " << units.size() << " translation units from " << how << "\n";
  fs::create_directories(out_dir);
  using clock = std::chrono::steady_clock;
  const auto seconds_since = [](clock::time_point t) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f s", std::chrono::duration<double>(clock::now() - t).count());
    return std::string(buf);
  };
  auto phase = clock::now();
  const std::vector<compiled> built = compile_units(units, out_dir + "/ir", jobs);
  std::vector<std::string> bitcode;
  int failed_sources = 0, failed_headers = 0;
  for (const compiled& c : built) {
    if (!c.ir.empty()) {
      bitcode.push_back(c.ir);
      continue;
    }
    (c.u.header ? failed_headers : failed_sources)++;
    std::cout << (c.u.header ? "  note: a header that does not compile on its own: " : "  error: does not compile: ")
              << fs::path(c.u.source).lexically_relative(root).string() << ": " << c.error << "\n";
  }
  if (bitcode.empty()) {
    std::cerr << me << ": no unit of " << root << " compiled (see the errors above; flags after `--` are given to every unit)\n";
    return 2;
  }
  std::cout << "scanproof discover: compiled " << bitcode.size() << " of " << units.size() << " units to IR in "
            << seconds_since(phase) << "\n";
  phase = clock::now();
  proof::ir_set ir;
  ir.target = "host";
  std::vector<std::string> unreadable;
  std::map<std::string, std::string> out_of_line;
  std::vector<unit_symbols> symbols;
  std::vector<found_function> found = load_and_find(ir, bitcode, root, unreadable, out_of_line, symbols);
  for (const std::string& u : unreadable) std::cout << "  error: unreadable IR: " << u << "\n";
  std::cout << "scanproof discover: " << found.size() << " functions with a scanner's signature (IR read and -O2 in "
            << seconds_since(phase) << ")\n";
  phase = clock::now();

  std::vector<discovered> all = classify_all(ir, found, jobs, *timeout_s);
  std::cout << "scanproof discover: classified and proved in " << seconds_since(phase) << "\n";
  plan_registrations(all, root, out_of_line, symbols);
  std::cout << "\n" << table(all, root);
  bool refuted = false, errors = false;
  for (const discovered& d : all) {
    refuted = refuted || d.proof.verdict == "counterexample";
    errors = errors || d.proof.verdict == "error" || d.c.reason.find("a bug in the suite") != std::string::npos;
  }
  write_results(all, units, root, out_dir, how);
  // A source that did not compile is a part of the tree not searched: the
  // run did not reach its end there (a header compiled on its own that does
  // not is only a note: the sources that include it are searched).
  if (failed_sources)
    std::cout << "incomplete: " << failed_sources
              << " source file(s) did not compile (above): their functions were not searched\n";
  return errors ? 2 : refuted ? 1 : failed_sources ? 3 : 0;
}

int main(int argc, char** argv) { return scanproof::completing_main(discover_main, argc, argv); }
