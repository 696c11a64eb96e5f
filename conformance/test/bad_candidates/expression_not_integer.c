/* expect: SCANPROOF_CANDIDATE_EXPR\(name, parameter, expression, op\): the expression is not of an integer type */
#include <scanproof/candidate.h>

#define SQUARE_PTR(bb) ((const char*)0 + (bb))
SCANPROOF_CANDIDATE_EXPR(pointer_lsb, uint64_t bb, SQUARE_PTR(bb), SCANPROOF_LSB);
