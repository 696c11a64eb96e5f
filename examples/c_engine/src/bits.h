/* The engine's bit scanners (bits.c), the ones scanners/ hands to scanproof. */
#ifndef C_ENGINE_BITS_H
#define C_ENGINE_BITS_H
#include <stdint.h>

int board_first_square(uint64_t b); /* index of the least significant 1 bit; b != 0 */
int board_count(uint64_t b);        /* number of 1 bits */
/* Named as C engines name them, on signed words: */
int poplsb(int64_t* b);     /* clears the least significant 1 bit of *b != 0; returns its index */
int first_one(long long b); /* ffs's convention: index + 1 of the least significant 1 bit, 0 for 0 */

/* As macros, the way C engines often write them (berserk's LSB(bb)): */
#define BOARD_LAST_SQUARE(b) (63 - __builtin_clzll(b)) /* b != 0 */
#define BOARD_LEADING_EMPTY(b) __builtin_clzll(b)      /* undefined for b == 0 */

#endif
