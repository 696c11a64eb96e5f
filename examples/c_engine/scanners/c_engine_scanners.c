/* The C engine's scanners, registered with scanproof under their own names
 * (scanproof/candidate.h: C11, compiled by the target's C compiler). */
#include <scanproof/candidate.h>

#include "bits.h"

SCANPROOF_CANDIDATE(board_first_square, SCANPROOF_LSB);
SCANPROOF_CANDIDATE(board_count, SCANPROOF_POPCOUNT);
