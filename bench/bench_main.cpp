// scanproof_bench (`scanproof bench`): throughput, latency and serialization
// of every registered implementation that runs here, in ns and cycles per
// operation, beside its conformance verdict and its ratio to the instruction.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "bench_main.hpp"
#include "clock.hpp"
#include "disassembly.hpp"
#include "distributions.hpp"
#include "instruction_floor.hpp"
#include "results.hpp"
#include "scanproof/checks.hpp"
#include "scanproof/command_line.hpp"
#include "scanproof/isolation.hpp"
#include "scanproof/shape.hpp"
#include "scanproof/registry.hpp"
#include "scanproof/supervise.hpp"
#include "scanproof/zero_policy.hpp"
#include "table.hpp"

namespace {
using namespace scanproof;
using namespace scanproof::bench;

// 1024 words: input and output stay in L1, so memory is not what is measured.
constexpr std::size_t n_boards = 1024;

struct options {
  std::optional<op> only_op;
  std::string impl, json;
  double min_time = 0.01;
  int repetitions = 3;
};

int usage(int code) {
  std::fprintf(code ? stderr : stdout,
               "usage: scanproof bench [--op OP] [--impl NAME] [--json FILE] [--min-time SECONDS] "
               "[--repetitions N]\n"
               "  --json FILE      Google Benchmark's JSON output, every repetition\n"
               "  --min-time S     minimum time per measurement (default 0.01)\n"
               "  --repetitions N  measurements per row and workload; the fastest is shown (default 3)\n");
  return code;
}

// Every error names what was wrong (command_line.hpp); the usage follows.
std::optional<options> parse(int argc, char** argv) {
  namespace cl = command_line;
  const char* me = "scanproof bench";
  const auto a = cl::parse(me, argc, argv, 1,
                           {{"op", true}, {"impl", true}, {"json", true}, {"min-time", true}, {"repetitions", true}});
  if (!a) return std::nullopt;
  if (a->help) std::exit(usage(0));
  options o;
  if (a->has("op") && !(o.only_op = cl::op_named(me, a->value("op")))) return std::nullopt;
  if (a->has("impl")) {
    const auto names = cl::implementation_names(me, a->value("impl"));
    if (!names) return std::nullopt;
    if (names->size() != 1) {
      std::fprintf(stderr, "%s: --impl wants one implementation's name, not '%s'\n", me, a->value("impl").c_str());
      return std::nullopt;
    }
    o.impl = names->front();
  }
  o.json = a->value("json");
  if (a->has("min-time")) {
    const auto t = cl::positive_number(me, "--min-time", a->value("min-time"));
    if (!t) return std::nullopt;
    o.min_time = *t;
  }
  if (a->has("repetitions")) {
    const auto n = cl::positive_integer(me, "--repetitions", a->value("repetitions"));
    if (!n) return std::nullopt;
    o.repetitions = *n;
  }
  return o;
}

// The overall verdict of every conformance check: the engine's summary of a
// run, exactly as `scanproof check` gives it.
// (It records what is in flight and resets the process state per check.)
verdict conformance(const descriptor& d) { return run_implementation(d).overall; }

enum class workload { throughput, latency, serialize };

// Where one benchmark's result goes, and how many operations one iteration does.
struct slot {
  double* ns;
  double ops_per_iteration;
};

// Collects results instead of printing Benchmark's console table.
class collector : public benchmark::BenchmarkReporter {
 public:
  explicit collector(std::map<std::string, slot>& slots) : slots_(slots) {}
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs) {
      if (r.run_type != Run::RT_Iteration) continue;
      auto s = slots_.find(r.run_name.function_name);
      if (s == slots_.end()) continue;
      if (r.error_occurred) {
        std::fprintf(stderr, "scanproof bench: %s: %s\n", r.run_name.function_name.c_str(),
                     r.error_message.c_str());
        continue;
      }
      // CPU time: on a shared machine, time spent descheduled is not the scanner's.
      const double ns = r.cpu_accumulated_time * 1e9 /
                        (static_cast<double>(r.iterations) * s->second.ops_per_iteration);
      if (std::isnan(*s->second.ns) || ns < *s->second.ns) *s->second.ns = ns;  // fastest repetition
    }
  }

 private:
  std::map<std::string, slot>& slots_;
};

// n words starting `offset` bytes past a 4 KiB boundary. Inputs start on one
// and outputs 2 KiB past one: a load and an earlier store to addresses equal
// modulo 4 KiB stall the load (4K aliasing), which would be measured instead
// of the scanner.
template <class T>
class page_buffer {
 public:
  page_buffer(std::size_t n, std::size_t offset) : storage_(n + 1024) {
    const auto a = reinterpret_cast<std::uintptr_t>(storage_.data());
    data_ = storage_.data() + ((4096 - a % 4096) % 4096 + offset) / sizeof(T);
  }
  T* data() { return data_; }
  const T* data() const { return data_; }

 private:
  std::vector<T> storage_;
  T* data_;
};

// The measured words of one shape for each distribution, and the chain's
// pre-XORed copy per op (see chain in batch.hpp): argument i XORed, in its low
// half, with the correct result for board i-1 in the shape's numbering
// (expected_result: lsb/msb with the index base, ctz/clz over the layout's
// squares). Boards are drawn over the shape's squares and domain
// (distributions.hpp) and stored as to_argument() gives them: what the
// implementation is called with. A plain 64-bit shape gets today's boards.
struct shaped_inputs {
  std::vector<page_buffer<word>> words;
  std::map<std::pair<op, std::size_t>, page_buffer<word>> chained;
  std::vector<double> set_bits;

  explicit shaped_inputs(const shape& s) {
    for (const auto& d : board_distributions()) {
      const std::vector<word> b = boards(d, n_boards, s);
      words.emplace_back(n_boards, 0);
      word* w = words.back().data();
      double bits = 0;
      for (std::size_t i = 0; i < n_boards; ++i) {
        w[i] = to_argument(s, b[i]);
        bits += popcount(b[i]);
      }
      set_bits.push_back(bits);
      for (op o : all_ops) {
        word* c = chained.try_emplace({o, words.size() - 1}, n_boards, 0).first->second.data();
        c[0] = w[0];
        for (std::size_t i = 1; i < n_boards; ++i)
          c[i] = w[i] ^ word{static_cast<std::uint64_t>(expected_result(o, s, b[i - 1]))};
      }
    }
  }
};

// Every shape's inputs, drawn once per distinct shape (the floor and every
// plain 64-bit implementation share one set).
class inputs {
 public:
  const shaped_inputs& of(const shape& s) {
    const key k{s.width, static_cast<int>(s.arg), s.high_offset, s.index_base, s.domain.lo, s.domain.hi,
                s.domain_declared};
    auto it = by_shape_.find(k);
    if (it == by_shape_.end()) it = by_shape_.emplace(k, std::make_unique<shaped_inputs>(s)).first;
    return *it->second;
  }

 private:
  using key = std::tuple<int, int, int, int, std::uint64_t, std::uint64_t, bool>;
  std::map<key, std::unique_ptr<shaped_inputs>> by_shape_;
};

void register_row(row& r, const shaped_inputs& in, const options& opt, std::map<std::string, slot>& slots) {
  // Every measurement says what runs (the flight record, supervise.hpp) and starts and ends in
  // the default process state (isolation.hpp), outside the timed loop.
  auto add = [&](workload w, std::size_t k, double* result, double ops, auto&& body) {
    const char* wn = w == workload::throughput ? "throughput" : w == workload::latency ? "latency" : "serialize";
    // lsb/<name>/... for a 64-bit shape, as always; lsb128/<name>/... for others.
    const std::string id = r.label + "/" + r.name + "/" + wn + "/" +
                           board_distributions()[k].name;
    slots[id] = {result, ops};
    auto supervised = [impl = r.name, what = "measuring " + id, label = "bench." + id, body,
                       ops](benchmark::State& st) {
      flight_begin(impl, what, label);
      const fresh_process_state fresh;
      body(st);
      // items_per_second in the JSON (CPU time): ci/matrixjob/speed.py's measured ns/op.
      st.SetItemsProcessed(static_cast<std::int64_t>(static_cast<double>(st.iterations()) * ops));
    };
    benchmark::RegisterBenchmark(id.c_str(), supervised)->MinTime(opt.min_time)->Repetitions(opt.repetitions);
  };
  for (std::size_t k = 0; k < n_dists; ++k) {
    const word* words = in.words[k].data();
    add(workload::throughput, k, &r.throughput[k], n_boards, [f = r.k.batch, words](benchmark::State& st) {
      page_buffer<std::int64_t> out(n_boards, 2048);
      for (auto _ : st) {
        f(words, out.data(), nullptr, n_boards);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
      }
    });
    if (r.latency_skipped.empty()) {
      const word* chained = in.chained.at({r.operation, k}).data();
      add(workload::latency, k, &r.latency[k], n_boards, [f = r.k.chain, chained](benchmark::State& st) {
        for (auto _ : st) benchmark::DoNotOptimize(f(chained, n_boards));
      });
    }
  }
  if (!r.k.serialize) return;
  for (std::size_t j = 0; j < 2; ++j) {
    const std::size_t k = serialize_dists[j];
    add(workload::serialize, k, &r.serialized[j], in.set_bits[k],
        [f = r.k.serialize, words = in.words[k].data()](benchmark::State& st) {
          for (auto _ : st) benchmark::DoNotOptimize(f(words, n_boards));
        });
  }
}

std::vector<row> make_rows(const options& opt, const disassembly& dis) {
  std::vector<row> rows;
  for (op o : all_ops) {
    if (opt.only_op && *opt.only_op != o) continue;
    if (!opt.impl.empty() && find(opt.impl)->operation != o) continue;
    row f;
    f.operation = o;
    f.label = std::string(name(o));
    f.verdict = "floor";
    std::string why;
    if (auto fl = floor_for(o, why)) {
      f.name = "[floor] " + fl->instruction;
      f.k = fl->k;
      f.instructions = dis.scan_instructions(reinterpret_cast<const void*>(f.k.batch));
    } else {
      f.name = "[floor]";
      f.not_measured = why;
    }
    rows.push_back(f);
  }
  for (const descriptor& d : registry()) {
    if (opt.only_op && *opt.only_op != d.operation) continue;
    if (!opt.impl.empty() && d.name != opt.impl) continue;
    row r;
    r.d = &d;
    r.name = d.name;
    r.operation = d.operation;
    r.label = op_label(d.operation, d.sh);
    r.k = {d.batch, d.chain, d.serialize};
    const verdict v = conformance(d);
    r.verdict = std::string(name(v));
    r.conforming = v == verdict::pass;
    r.not_measured = unrunnable(d).value_or(built_beyond_cpu(d).value_or(""));
    if (r.not_measured.empty() && !r.k.chain) r.latency_skipped = "registered without a chain kernel";
    // The chain assumes correct results: a wrong scanner can be fed 0. Only
    // run it where the zero policy calls the scanner with 0 and checks what it
    // gives (a declared or required zero result): an lsb/msb may loop forever
    // on 0, and an undefined zero result (__builtin_ctzll(0)) is UB.
    const zero_decision z = zero_policy(d);
    if (!r.conforming && !(z.call && z.want))
      r.latency_skipped = "not conforming, and a wrong result could feed it 0: " +
                          (z.why.empty() ? std::string("zero result not checked") : z.why);
    if (r.not_measured.empty())
      r.instructions = dis.scan_instructions(reinterpret_cast<const void*>(d.batch));
    rows.push_back(std::move(r));
  }
  return rows;
}

// Everything after the options: runs in the supervised child (run_isolated, supervise.hpp).
int measure_and_report(const options& opt, const char* argv0, std::chrono::steady_clock::time_point t0) {
  // Google Benchmark writes its own JSON (every repetition) when asked: to
  // FILE.partial, renamed to FILE only once the whole run has finished.
  const std::string partial_json = opt.json.empty() ? "" : opt.json + ".partial";
  std::vector<std::string> bargs = {argv0};
  if (!opt.json.empty()) {
    bargs.push_back("--benchmark_out=" + partial_json);
    bargs.push_back("--benchmark_out_format=json");
  }
  std::vector<char*> bargv;
  for (auto& s : bargs) bargv.push_back(s.data());
  int bargc = static_cast<int>(bargv.size());
  benchmark::Initialize(&bargc, bargv.data());

  std::fprintf(stderr, "scanproof bench: conformance checks and disassembly...\n");
  flight_begin("", "the disassembly of this program", "bench");
  const disassembly dis = disassembly::of_this_program();
  std::vector<row> rows = make_rows(opt, dis);
  inputs in;
  std::map<std::string, slot> slots;
  for (row& r : rows)
    if (r.not_measured.empty()) register_row(r, in.of(r.floor() ? integer_shape(64) : r.d->sh), opt, slots);

  flight_begin("", "the clock calibration", "bench");
  const core_clock clock = measure_core_clock();
  benchmark::AddCustomContext("scanproof_cycles",
                              clock.trusted ? "trusted" : "not trusted: " + clock.why_not);
  benchmark::AddCustomContext("scanproof_core_clock_ghz", clock.trusted ? std::to_string(clock.ghz) : "");
  benchmark::AddCustomContext("scanproof_clock_calibration", clock.method);
  std::fprintf(stderr, "scanproof bench: %zu measurements...\n", slots.size());
  collector c(slots);
  benchmark::RunSpecifiedBenchmarks(&c);
  benchmark::Shutdown();
  flight_begin("", "the report", "bench");

  std::cout << "scanproof bench on " << cpu_model() << " (" << arch_name() << ", " << compiler_id() << ")\n";
  if (clock.trusted)
    std::cout << "cycles: " << clock.method << "\n";
  else
    std::cout << "cycles: NOT SHOWN, ns/op only: " << clock.why_not << "\n(calibration: " << clock.method << ")\n";
  std::cout << "times: fastest of " << opt.repetitions << " x >= " << opt.min_time << " s, " << n_boards
            << " words per pass; throughput = independent words, latency = each word "
               "depends on the previous result, serialize = every set bit by scan + clear\n";
  if (!dis.problem().empty()) std::cout << "instructions: unknown: " << dis.problem() << "\n";
  for (op o : all_ops)
    if (!opt.only_op || *opt.only_op == o)
      for (const row& r : rows)
        if (r.operation == o) {
          print_table(std::cout, o, rows, clock);
          break;
        }
  std::cout << "\n";
  print_harness_check(std::cout, rows, clock);
  for (op o : all_ops)
    for (const std::string& label : labels_of(o, rows)) {
      const auto best = fastest_conforming(o, rows, 3, label);
      if (best.empty()) continue;
      std::cout << "fastest conforming " << label << ":";
      for (const row* r : best) {
        char t[48];
        if (clock.trusted)
          std::snprintf(t, sizeof t, "%.1f cycles", geomean(r->throughput) * clock.ghz);
        else
          std::snprintf(t, sizeof t, "%.2f ns", geomean(r->throughput));
        std::cout << " " << r->name << " (" << t << ")";
      }
      std::cout << "\n";
    }
  if (!opt.json.empty()) {
    if (std::rename(partial_json.c_str(), opt.json.c_str()) != 0) {
      std::fprintf(stderr, "scanproof bench: cannot rename %s to %s\n", partial_json.c_str(), opt.json.c_str());
      return 1;
    }
    std::cout << "Google Benchmark JSON: " << opt.json << "\n";
  }
  std::printf("total %.1f s\n", std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  return 0;
}

}  // namespace

namespace scanproof::bench {

int bench_main(int argc, char** argv) {
  const auto t0 = std::chrono::steady_clock::now();
  if (!registry_ok()) return 2;
  const std::optional<options> opt = parse(argc, argv);
  if (!opt) return usage(2);
  // A JSON file left by an earlier run must not pass for this run's.
  if (!opt->json.empty()) std::remove(opt->json.c_str());
  // The measuring runs in a child (supervise.hpp): if a scanner ends that
  // process, whatever its status, no result of the run is valid.
  const isolated_result r =
      run_isolated([&] { return std::to_string(measure_and_report(*opt, argv[0], t0)); }, 0);
  const int status = r.completed ? std::atoi(r.output.c_str()) : incomplete_status;
  if (!r.completed)
    std::fprintf(stderr, "scanproof bench: DID NOT COMPLETE: %s\n  No result of this run is valid.\n",
                 r.why.c_str());
  if (status == incomplete_status && !opt->json.empty())
    std::fprintf(stderr, "scanproof bench: no JSON written to %s (what was measured before is in %s.partial)\n",
                 opt->json.c_str(), opt->json.c_str());
  return status;
}

}  // namespace scanproof::bench
