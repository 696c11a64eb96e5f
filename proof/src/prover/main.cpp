// scanproof_prove (`scanproof prove`): proves every registered implementation
// correct for all 2^64 inputs on Clang's IR, or finds the input where it is wrong.
//   scanproof prove [--impl NAME[,NAME...]] [--op OP] [--json] [--target NAME] [--timeout S] [--loop-bound N]
//                   [--jobs N] [--output FILE]
//   scanproof_prove --emit-ctest FILE [--timeout S]   (the build registers proof.<op>.<impl>)
// Options are read as every command of the suite reads them (impl/command_line/).
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "ir/ir.hpp"
#include "prover/prove.hpp"
#include "prover/report.hpp"
#include "scanproof/catalogue_listing.hpp"
#include "scanproof/command_line.hpp"
#include "scanproof/judge.hpp"
#include "scanproof/registry.hpp"
#include "scanproof/shape.hpp"
#include "scanproof/supervise.hpp"

namespace {
using namespace scanproof;

int usage(int code) {
  (code ? std::cerr : std::cout)
      << "usage: scanproof prove [--impl NAME[,NAME...]] [--op OP] [--json] [--target NAME] [--timeout S] "
         "[--loop-bound N] [--jobs N] [--output FILE]\n"
         "  --target NAME  prove on the IR Clang makes for toolchains/NAME.cmake's triple\n"
         "                 (default: host); known: host " SCANPROOF_PROOF_TARGETS "\n"
         "  --json         the outcomes as JSON on stdout (the text goes to stderr)\n"
         "  --output FILE  the JSON to FILE, once every proof has ended (ci/matrix --prove)\n"
         "  --timeout S    seconds per implementation (default " SCANPROOF_PROOF_TIMEOUT ")\n"
         "  --jobs N       implementations proved at once, each in a process of its own\n"
         "                 (default: the number of CPUs)\n";
  return code;
}

std::string self_path(const char* argv0) {
  char buf[4096] = {};
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  return n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : std::string(argv0);
}

// What this program proves: the registry's implementations and, in a build
// with candidates, the candidates read from their declarations in the
// `scanproof` command's file (declaration.h). This program then links the
// catalogue alone (proof/CMakeLists.txt), so no candidate's code, its
// start-up code included, runs in the process that gives a proof's verdict
// (docs/contracts.md, the threat model); a candidate's counterexample is
// replayed in `scanproof eval`'s process instead (replay_by_eval).
const std::vector<descriptor>& provable() {
  static const std::vector<descriptor> all = [] {
    std::vector<descriptor> v(registry().begin(), registry().end());
#ifdef SCANPROOF_CANDIDATES_PROGRAM
    std::ifstream in(SCANPROOF_CANDIDATES_PROGRAM, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.good() && !in.eof()) {
      std::cerr << "scanproof prove: cannot read the candidates' declarations in " SCANPROOF_CANDIDATES_PROGRAM "\n";
      std::exit(2);
    }
    for (const scanproof_declaration& r : declarations_in(bytes)) {
      if (const std::string why = declaration_problem(r); !why.empty()) {
        std::cerr << "scanproof prove: a candidate's declaration in " SCANPROOF_CANDIDATES_PROGRAM ": " << why << "\n";
        std::exit(2);
      }
      v.push_back(declared_descriptor(r));
    }
#endif
    return v;
  }();
  return all;
}

#ifdef SCANPROOF_CANDIDATES_PROGRAM
// A candidate's counterexample replayed by `scanproof eval --impl NAME INPUT`
// (which prints "<input> <result> [<board left>]", or "<input> did-not-return
// <why>"), under a limit: replay_elsewhere (prove.hpp).
std::optional<std::int64_t> replay_by_eval(const descriptor& d, word argument, std::optional<word>& after,
                                           std::string& why) {
  const std::string input = d.sh.width > 64 ? hex128(argument) : hex(argument.lo);
  const std::string cmd = "timeout -s KILL 90 '" SCANPROOF_CANDIDATES_PROGRAM "' eval --impl " + d.name + " " + input +
                          " 2>/dev/null";  // its line on stdout: the scanner's own text on stderr is not read
  std::FILE* p = popen(cmd.c_str(), "r");
  if (!p) {
    why = "not replayed: cannot run " + cmd;
    return std::nullopt;
  }
  std::string out;
  char buf[4096];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  const int status = pclose(p);
  std::istringstream words(out.substr(0, out.find('\n')));
  std::string shown, result, left;
  words >> shown >> result >> left;
  if (status == 0 && shown == input && !result.empty() && result.find_first_not_of("-0123456789") == std::string::npos) {
    if (!left.empty()) after = parse_argument(left, d.sh.width);
    return std::stoll(result);
  }
  std::string told = out.substr(0, out.find('\n'));
  if (const std::size_t at = told.find(" did-not-return "); result == "did-not-return" && at != std::string::npos)
    told = told.substr(at + 16);
  if (result == "did-not-return" && told.find("signal") != std::string::npos)
    why = "replay died with signal, in `scanproof eval`: " + told;  // check_replay's "the built implementation stops too"
  else
    why = "replay in `scanproof eval` gave no result: " + (told.empty() ? "exit status " + std::to_string(status) : told);
  return std::nullopt;
}
#endif

// One ctest test per registered implementation, discovered after the build
// (like gtest_discover_tests): the registry, not CMake, lists them.
int emit_ctest(const std::string& file, const std::string& exe, const std::string& timeout) {
  std::ofstream out(file);
  if (!out) {
    std::cerr << "scanproof_prove: cannot write " << file << "\n";
    return 2;
  }
  // A guard against a hang, not a timing: + IR loading, translation and Z3's
  // coarse timeout checks (serialization overran +120 s on a loaded machine).
  const long ctest_timeout = 2 * std::atol(timeout.c_str()) + 120;
  for (const descriptor& d : provable()) {
    // The op label carries the width when it is not 64, as in conformance.*.
    const std::string test = "proof." + op_label(d.operation, d.sh) + "." + d.name;
    // Through the launcher (cmake/scanproof-launch): the verdict is the exit
    // status the prover reported as its own (0 proved, 77 not provable: a
    // skip), never the "scanproof-prove-done" line, which a scanner replayed
    // in this process could print.
    out << "add_test([=[" << test << "]=] [=[" << SCANPROOF_LAUNCHER << "]=] [=[" << exe << "]=] --impl "
        << d.name << " --timeout " << timeout << ")\n"
        << "set_tests_properties([=[" << test << "]=] PROPERTIES LABELS proof TIMEOUT "
        << ctest_timeout << " SKIP_RETURN_CODE 77)\n";
  }
  return out ? 0 : 2;
}

// What the command line asks for.
struct request {
  std::string target, output;
  std::string timeout;  // the text as given: --emit-ctest passes it on to every proof test
  double timeout_s = 0;
  bool json = false;
  int jobs = 1;
  unsigned loop_bound = 66;
  std::optional<op> only_op;
  std::vector<std::string> names;  // --impl a,b,...; empty: every one
};

// The request, or the exit status when there is nothing to prove (--help,
// --emit-ctest, a bad option).
std::variant<request, int> read_request(int argc, char** argv) {
  namespace cl = command_line;
  const char* me = "scanproof prove";
  const auto a = cl::parse(me, argc, argv, 1,
                           {{"impl", true}, {"op", true}, {"json", false}, {"target", true}, {"timeout", true},
                            {"loop-bound", true}, {"output", true}, {"jobs", true}, {"emit-ctest", true}});
  if (!a) return usage(2);
  if (a->help) return usage(0);
  request r;
  r.target = a->value("target", "host");
  r.output = a->value("output");
  r.json = a->has("json");
  r.timeout = a->value("timeout", SCANPROOF_PROOF_TIMEOUT);
  const auto timeout_s = cl::timeout_seconds(me, r.timeout);
  if (!timeout_s) return 2;
  r.timeout_s = *timeout_s;
  const auto jobs = cl::jobs(me, *a);
  if (!jobs) return 2;
  r.jobs = *jobs;
  if (a->has("loop-bound")) {
    const auto n = cl::positive_integer(me, "--loop-bound", a->value("loop-bound"));
    if (!n) return 2;
    r.loop_bound = static_cast<unsigned>(*n);
  }
  if (a->has("emit-ctest")) return emit_ctest(a->value("emit-ctest"), self_path(argv[0]), r.timeout);
  if (a->has("op") && !(r.only_op = cl::op_named(me, a->value("op")))) return 2;
  const auto names = cl::implementation_names(me, a->value("impl"), [](const std::string& n) {
    return std::any_of(provable().begin(), provable().end(), [&](const descriptor& d) { return d.name == n; });
  });
  if (!names) return 2;
  r.names = *names;
  return r;
}

// The target's IR (the cross IR is built on demand: CMake knows the sources
// and flags), or nullptr when there is none (said on stderr).
std::unique_ptr<proof::ir_set> target_ir(const std::string& target) {
  if (target != "host") {
    const std::string cmd = std::string("'" SCANPROOF_CMAKE_COMMAND "' --build '" SCANPROOF_PROOF_BUILD_DIR
                                        "' --target proof_ir_") + target + " >&2";
    if (std::system(cmd.c_str()) != 0) {
      std::cerr << "scanproof prove: cannot generate the IR for target '" << target << "' ("
                << cmd << " failed). Known targets: host " SCANPROOF_PROOF_TARGETS "\n";
      return nullptr;
    }
  }
  try {
    return proof::load_ir(std::string(SCANPROOF_PROOF_IR_ROOT) + "/" + target, target);
  } catch (const std::exception& e) {
    std::cerr << "scanproof prove: " << e.what() << "\n";
    return nullptr;
  }
}

std::vector<const descriptor*> selected(const request& r) {
  std::vector<const descriptor*> todo;
  for (const descriptor& d : provable())
    if ((r.names.empty() || std::find(r.names.begin(), r.names.end(), d.name) != r.names.end()) &&
        (!r.only_op || d.operation == *r.only_op))
      todo.push_back(&d);
  return todo;
}

// One implementation's proof in a process of its own: a crash or hang in
// the translator or the solver costs this row only.
proof::outcome prove_isolated(const descriptor& d, const proof::ir_set& ir, const proof::prove_options& po,
                              unsigned guard_s) {
  const auto start = std::chrono::steady_clock::now();
  const isolated_result run = run_isolated([&] { return proof::to_record(proof::prove(d, ir, po)); }, guard_s);
  proof::outcome r;
  if (run.completed) {
    r = proof::from_record(run.output);
    if (r.name.empty()) {  // an unreadable outcome (from_record says so): whose it is
      r.name = d.name;
      r.op = name(d.operation);
    }
    return r;
  }
  r.name = d.name;
  r.op = name(d.operation);
  r.verdict = "error";
  r.result = proof::status::fail;
  r.reason = "the prover did not run to its end (a bug in the suite): " + run.why;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

// Every proof, `jobs` at once, each printed as it ends; the outcomes in `todo`'s order.
std::vector<proof::outcome> prove_all(const std::vector<const descriptor*>& todo, const proof::ir_set& ir,
                                      const proof::prove_options& po, int jobs, std::ostream& text) {
  // Without a child process per proof, proofs share this process's LLVM
  // module, which is not for concurrent use: one at a time.
  if (!can_fork()) jobs = 1;
  std::vector<proof::outcome> all(todo.size());
  std::atomic<std::size_t> next{0};
  std::mutex text_mutex;
  // A guard against a prover that hangs past its own time limit, not a timing.
  const auto guard = static_cast<unsigned>(2 * po.timeout_s + 120);
  auto worker = [&] {
    for (std::size_t i; (i = next++) < todo.size();) {
      const proof::outcome r = prove_isolated(*todo[i], ir, po, guard);
      const std::lock_guard<std::mutex> lock(text_mutex);
      all[i] = r;
      proof::print_text(text, r);
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < std::min<int>(jobs, static_cast<int>(todo.size())); ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  return all;
}

}  // namespace

static int prove_main(int argc, char** argv) {
  if (!registry_ok()) return 2;
  const auto asked = read_request(argc, argv);
  if (const int* status = std::get_if<int>(&asked)) return *status;
  const request& rq = std::get<request>(asked);
  std::ostream& text = rq.json ? std::cerr : std::cout;
  const std::unique_ptr<proof::ir_set> ir = target_ir(rq.target);
  if (!ir) return 2;
  proof::prove_options po;
  po.timeout_s = rq.timeout_s;
  po.loop_bound = rq.loop_bound;
  po.replay = rq.target == "host";
#ifdef SCANPROOF_CANDIDATES_PROGRAM
  po.replay_elsewhere = replay_by_eval;
#endif
  if (!po.replay)
    po.no_replay = "not replayed: this is " + rq.target + " IR and the prover runs host code; run `scanproof check --impl NAME` in the " + rq.target + " build under its emulator";
  text << "scanproof prove: " << ir->target << " (" << ir->triple << ", "
       << (ir->big_endian ? "big" : "little") << "-endian, " << ir->long_bits << "-bit long), "
       << ir->compiler << " " << ir->flags << "\n";
  const std::vector<proof::outcome> all = prove_all(selected(rq), *ir, po, rq.jobs, text);
  if (rq.json) proof::print_json(std::cout, *ir, all);
  if (!rq.output.empty()) {
    std::ofstream out(rq.output);
    proof::print_json(out, *ir, all);
    if (!out.flush()) {
      std::cerr << "scanproof prove: cannot write " << rq.output << "\n";
      return 2;
    }
  }
  const proof::status s = proof::overall(all);
  proof::print_completion(text, all, s);
  return s == proof::status::pass ? 0 : s == proof::status::skip ? 77 : 1;
}

// The status reaches the launcher only once prove_main returned (supervise.hpp).
int main(int argc, char** argv) { return scanproof::completing_main(prove_main, argc, argv); }
