#include "table.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include "distributions.hpp"

namespace scanproof::bench {
namespace {

std::string fmt(const char* f, double v) {
  if (std::isnan(v)) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

std::string pad(std::string s, std::size_t w, bool right = false) {
  if (s.size() >= w) return s + " ";
  return right ? std::string(w - s.size(), ' ') + s + " " : s + std::string(w - s.size(), ' ') + " ";
}

const row* floor_of(op o, const std::vector<row>& rows) {
  for (const row& r : rows)
    if (r.floor() && r.operation == o) return &r;
  return nullptr;
}

// Measured rows of op o, fastest throughput first; unmeasured ones last.
std::vector<const row*> sorted(op o, const std::vector<row>& rows) {
  std::vector<const row*> v;
  for (const row& r : rows)
    if (r.operation == o) v.push_back(&r);
  std::stable_sort(v.begin(), v.end(), [](const row* a, const row* b) {
    const double x = geomean(a->throughput), y = geomean(b->throughput);
    if (std::isnan(x) != std::isnan(y)) return std::isnan(y);
    return !std::isnan(x) && x < y;
  });
  return v;
}

}  // namespace

std::vector<const row*> fastest_conforming(op o, const std::vector<row>& rows, std::size_t n,
                                           const std::string& label) {
  std::vector<const row*> out;
  for (const row* r : sorted(o, rows))
    if (r->conforming && !std::isnan(geomean(r->throughput)) && out.size() < n &&
        (label.empty() || r->label == label))
      out.push_back(r);
  return out;
}

std::vector<std::string> labels_of(op o, const std::vector<row>& rows) {
  std::vector<std::string> out{std::string(name(o))};
  for (const row& r : rows)
    if (r.operation == o && !r.label.empty() && std::find(out.begin(), out.end(), r.label) == out.end())
      out.push_back(r.label);
  std::sort(out.begin() + 1, out.end());
  return out;
}

void print_table(std::ostream& out, op o, const std::vector<row>& rows, const core_clock& clock) {
  const row* fl = floor_of(o, rows);
  const double target = shogi_target_cycles(o);
  // Without a trusted clock the columns stay in ns: no cycle figure is guessed.
  const double g = clock.trusted ? clock.ghz : 1;
  const std::string unit = clock.trusted ? "cycles" : "ns";
  const char* cf = clock.trusted ? "%.1f" : "%.2f";
  out << "\n== " << name(o) << " ==  floor: "
      << (fl ? fl->name : std::string("none")) << "   Shogi plan target: < " << target << " cycles"
      << (clock.trusted ? "" : " (not drawn: cycles not trusted here)") << "\n";
  std::string h1 = pad("", 4) + pad("", 30) + pad("", 7) + pad("", 22) + pad("thr", 6, true) +
                   pad("throughput " + unit + "/op", 27) + pad("", 7) + pad("latency " + unit + "/op", 27) +
                   pad("", 7) + "serialize " + (clock.trusted ? "cyc" : "ns") + "/bit";
  std::string h2 = pad("#", 4) + pad("implementation", 30) + pad("verdict", 7) +
                   pad("instructions", 22) + pad("ns/op", 6, true);
  for (int pass = 0; pass < 2; ++pass) {
    for (const auto& d : board_distributions()) h2 += pad(std::string(d.name).substr(0, 6), 6, true);
    h2 += pad("xfloor", 6, true);
  }
  h2 += pad("sparse", 7, true) + pad("dense", 7, true);
  out << h1 << "\n" << h2 << "\n";
  const double fthr = fl ? geomean(fl->throughput) : NAN;
  const double flat = fl ? geomean(fl->latency) : NAN;
  bool target_drawn = !clock.trusted;
  int rank = 0;
  for (const row* r : sorted(o, rows)) {
    const double thr = geomean(r->throughput);
    if (!target_drawn && (std::isnan(thr) || thr * g >= target)) {
      out << "---- Shogi plan target: " << name(o) << " < " << target
          << " cycles/op (rows above meet it in throughput) ----\n";
      target_drawn = true;
    }
    // A row of another width or shape says so: "name [lsb128]", "name [lsb/domain]".
    std::string shown = r->name;
    if (r->d && !r->d->sh.plain_64())
      shown += " [" + (r->label.empty() ? std::string(name(o)) : r->label) +
               (r->d->sh.domain_declared ? "/domain" : "") + "]";
    std::string line = pad(r->floor() ? "-" : std::to_string(++rank), 4) + pad(shown, 30) +
                       pad(r->verdict, 7) + pad(r->instructions, 22);
    if (!r->not_measured.empty()) {
      out << line << "not measured: " << r->not_measured << "\n";
      continue;
    }
    line += pad(fmt("%.2f", thr), 6, true);
    for (double v : r->throughput) line += pad(fmt(cf, v * g), 6, true);
    line += pad(fmt("%.2f", thr / fthr), 6, true);
    for (double v : r->latency) line += pad(fmt(cf, v * g), 6, true);
    line += pad(fmt("%.2f", geomean(r->latency) / flat), 6, true);
    for (double v : r->serialized) line += pad(fmt(cf, v * g), 7, true);
    if (!r->latency_skipped.empty()) line += " (latency: " + r->latency_skipped + ")";
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out << line << "\n";
  }
  if (!target_drawn)
    out << "---- Shogi plan target: " << name(o) << " < " << target << " cycles/op ----\n";
  // Rows of other shapes: measured on boards of their own squares and domain
  // (same distributions, scaled), so "xfloor" compares them with the 64-bit instruction.
  bool shapes_said = false;
  for (const row* r : sorted(o, rows)) {
    if (!r->d || r->d->sh.plain_64()) continue;
    if (!shapes_said)
      out << "shapes (boards of their own squares and domain; xfloor is against the 64-bit instruction):\n";
    shapes_said = true;
    out << "    " << r->name << ": " << shape_text(r->d->sh) << "\n";
  }
}

double print_harness_check(std::ostream& out, const std::vector<row>& rows, const core_clock& clock) {
  if (!clock.trusted) {
    out << "harness check: not made: it needs cycles, and the clock is not trusted (" << clock.why_not << ")\n";
    return NAN;
  }
  const row* fl = floor_of(op::popcount, rows);
  if (!fl || !fl->not_measured.empty()) {
    out << "harness check: no popcount instruction floor measured\n";
    return NAN;
  }
  // The instruction sustains at least one per cycle on every x86-64 with it
  // (AMD Zen: up to four), so a kernel slower than that measures itself.
  const double cycles = fl->throughput[3] * clock.ghz;
  out << "harness check: the floor (" << fl->name << ") runs at " << fmt("%.2f", cycles)
      << " cycles/op on uniform words = " << fmt("%.2f", cycles) << "x the instruction's known "
      << "rate of 1 per cycle: " << (cycles <= 1.2 ? "within 1.2x, the harness is not the bottleneck"
                                                   : "ABOVE 1.2x: the harness measures its own overhead")
      << "\n";
  return cycles;
}

}  // namespace scanproof::bench
