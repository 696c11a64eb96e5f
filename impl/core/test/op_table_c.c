/* candidate.h's view of the op table, for unit.op_table (op_table_test.cpp):
 * its constant and its pop flag per row of ops.def. A row candidate.h does
 * not define is a compile error naming SCANPROOF_<C_NAME>. */
#include <scanproof/candidate.h>

const int scanproof_op_table_c_values[] = {
#define SCANPROOF_OP(n, C, kind, scan) SCANPROOF_##C,
#include <scanproof/ops.def>
#undef SCANPROOF_OP
};
const int scanproof_op_table_c_pops[] = {
#define SCANPROOF_OP(n, C, kind, scan) SCANPROOF_C_IS_POP_(SCANPROOF_##C),
#include <scanproof/ops.def>
#undef SCANPROOF_OP
};
const int scanproof_op_table_c_count = (int)(sizeof scanproof_op_table_c_values / sizeof *scanproof_op_table_c_values);
