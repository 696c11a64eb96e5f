// unit.op_table.*: every C and C++ reader of the op table (ops.def) knows
// every row, by the row's name: op.hpp (name, C spelling, kind, scan, the
// lookup by name) and candidate.h (op_table_c.c). The CMake and Python
// readers and the catalogue: op_table_test.py.
#include <gtest/gtest.h>

#include <cstddef>
#include <iterator>
#include <string>
#include <string_view>

#include "scanproof/op.hpp"

extern "C" const int scanproof_op_table_c_values[];
extern "C" const int scanproof_op_table_c_pops[];
extern "C" const int scanproof_op_table_c_count;

namespace {
using namespace scanproof;

struct row {
  std::string_view name, c_name, kind, scan;
};
constexpr row table[] = {
#define SCANPROOF_OP(n, C, kind, scan) {#n, #C, #kind, #scan},
#include "scanproof/ops.def"
#undef SCANPROOF_OP
};

TEST(op_table, op_hpp_knows_every_row) {
  ASSERT_EQ(std::size(all_ops), std::size(table));
  for (std::size_t i = 0; i < std::size(table); ++i) {
    const row& r = table[i];
    const op o = all_ops[i];
    EXPECT_EQ(name(o), r.name) << "all_ops[" << i << "]";
    EXPECT_EQ(op_from_name(r.name), o) << r.name;
    EXPECT_EQ(c_name(o), "SCANPROOF_" + std::string(r.c_name)) << r.name;
    EXPECT_EQ(pops(o), r.kind == "pop") << r.name;
    EXPECT_EQ(name(scan_of(o)), r.scan) << r.name;
  }
}

TEST(op_table, candidate_h_knows_every_row) {
  ASSERT_EQ(scanproof_op_table_c_count, static_cast<int>(std::size(table)));
  for (std::size_t i = 0; i < std::size(table); ++i) {
    EXPECT_EQ(scanproof_op_table_c_values[i], static_cast<int>(all_ops[i])) << "SCANPROOF_" << table[i].c_name;
    EXPECT_EQ(scanproof_op_table_c_pops[i] != 0, table[i].kind == "pop") << "SCANPROOF_" << table[i].c_name;
  }
}

}  // namespace
