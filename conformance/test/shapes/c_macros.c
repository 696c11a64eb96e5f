/* C scanners written as function-like macros (SCANPROOF_CANDIDATE_EXPR) and
 * declared zero contracts (.zero), checked by candidates_in_tree_test.sh shapes:
 *   c_shape_macro_msb        a macro, conforms as msb
 *   c_shape_clz_undefined    clz undefined at zero: its zero check is a skip
 *                            that says so, every other check passes
 *   c_shape_first_or_64      lsb declaring 64 for the empty board: checked, passes
 *   c_shape_first_or_wrong   declares 64 but returns -1: its zero check fails */
#include <scanproof/candidate.h>

#define SHAPE_TOP(bb) (63 - __builtin_clzll(bb))
#define SHAPE_LEADING(bb) __builtin_clzll(bb)
#define SHAPE_FIRST(bb) ((bb) ? __builtin_ctzll(bb) : 64)
#define SHAPE_FIRST_OR_MINUS_ONE(bb) ((bb) ? __builtin_ctzll(bb) : -1)

SCANPROOF_CANDIDATE_EXPR(c_shape_macro_msb, uint64_t bb, SHAPE_TOP(bb), SCANPROOF_MSB);
SCANPROOF_CANDIDATE_EXPR(c_shape_clz_undefined, uint64_t bb, SHAPE_LEADING(bb), SCANPROOF_CLZ,
                         .zero = SCANPROOF_ZERO_UNDEFINED);
SCANPROOF_CANDIDATE_EXPR(c_shape_first_or_64, uint64_t bb, SHAPE_FIRST(bb), SCANPROOF_LSB,
                         .zero = SCANPROOF_ZERO_RETURNS(64));
SCANPROOF_CANDIDATE_EXPR(c_shape_first_or_wrong, uint64_t bb, SHAPE_FIRST_OR_MINUS_ONE(bb), SCANPROOF_LSB,
                         .zero = SCANPROOF_ZERO_RETURNS(64));
