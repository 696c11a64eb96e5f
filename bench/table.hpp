// The benchmark table: per op, rows sorted by throughput, the verdict beside
// each, ratios to the instruction floor and the Shogi plan's targets as lines.
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "clock.hpp"
#include "results.hpp"

namespace scanproof::bench {

// The Shogi bit-scanning plan's performance targets (seed 004): popcount
// under 5 cycles, bit scans under 10.
constexpr double shogi_target_cycles(op o) { return o == op::popcount ? 5 : 10; }

void print_table(std::ostream& out, op o, const std::vector<row>& rows, const core_clock& clock);

// The harness check: the floor's popcount throughput against the
// instruction's known rate (one per cycle); prints and returns the ratio
// (NaN, with the reason printed, without a trusted clock or a floor).
double print_harness_check(std::ostream& out, const std::vector<row>& rows, const core_clock& clock);

// The n fastest conforming implementations of op o, by throughput; with a
// label (op_label: "lsb", "lsb128"), only the rows of that width and shape,
// so a 128-bit scanner is ranked among 128-bit ones.
std::vector<const row*> fastest_conforming(op o, const std::vector<row>& rows, std::size_t n,
                                           const std::string& label = "");

// The op_labels of op o's rows, the 64-bit one first: what fastest_conforming is asked per.
std::vector<std::string> labels_of(op o, const std::vector<row>& rows);

}  // namespace scanproof::bench
