// One row of the benchmark table: an implementation (or the instruction
// floor) with its verdict, its instructions and its measured times.
#pragma once
#include <array>
#include <cmath>
#include <string>

#include "clock.hpp"
#include "scanproof/batch.hpp"
#include "scanproof/descriptor.hpp"

namespace scanproof::bench {

inline constexpr std::size_t n_dists = 4;          // board_distributions()
inline constexpr std::size_t serialize_dists[] = {1, 2};  // sparse, dense

struct row {
  const descriptor* d = nullptr;  // nullptr: the instruction floor
  std::string name;
  op operation = op::lsb;
  // op_label (shape.hpp): "lsb" for 64-bit shapes and the floor, "lsb128",
  // "popcount32"... otherwise. Benchmark names start with it.
  std::string label;
  kernels k;
  std::string verdict;      // conformance: pass, fail, xfail, xpass, skip; "floor"
  bool conforming = false;  // verdict pass: the fastest *conforming* scanner is the question
  std::string not_measured;  // why the row has no times (empty: measured)
  std::string latency_skipped;  // why the chain was not run (empty: run)
  std::string instructions;  // from the disassembly of the batch function
  // Fastest ns per op (serialization: per visited bit); NaN when not run.
  std::array<double, n_dists> throughput{NAN, NAN, NAN, NAN};
  std::array<double, n_dists> latency{NAN, NAN, NAN, NAN};
  std::array<double, 2> serialized{NAN, NAN};

  bool floor() const { return d == nullptr; }
};

// Geometric mean over the distributions (NaN if any is missing): the sort key.
inline double geomean(const std::array<double, n_dists>& v) {
  double s = 0;
  for (double x : v) s += std::log(x);
  return std::exp(s / static_cast<double>(n_dists));
}

}  // namespace scanproof::bench
