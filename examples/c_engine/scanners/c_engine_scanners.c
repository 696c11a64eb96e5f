/* The C engine's scanners, registered with scanproof under their own names
 * (scanproof/candidate.h: C11, compiled by the target's C compiler). */
#include <scanproof/candidate.h>

#include "bits.h"

SCANPROOF_CANDIDATE(board_first_square, SCANPROOF_LSB);
SCANPROOF_CANDIDATE(board_count, SCANPROOF_POPCOUNT);
/* Macros: an expression of the board variable, under the candidate's name.
 * The leading-zero count promises nothing for an empty board: .zero says so. */
SCANPROOF_CANDIDATE_EXPR(board_last_square, uint64_t b, BOARD_LAST_SQUARE(b), SCANPROOF_MSB);
SCANPROOF_CANDIDATE_EXPR(board_leading_empty, uint64_t b, BOARD_LEADING_EMPTY(b), SCANPROOF_CLZ,
                         .zero = SCANPROOF_ZERO_UNDEFINED);
/* Names every engine uses (popcount, poplsb) go under a name of the candidate's
 * own; their boards are signed words, read two's complement. */
SCANPROOF_CANDIDATE_NAMED(c_engine_poplsb, poplsb, SCANPROOF_POP_LSB);
SCANPROOF_CANDIDATE_NAMED(c_engine_first_one, first_one, SCANPROOF_LSB, .index_base = 1,
                          .zero = SCANPROOF_ZERO_RETURNS(0));
