/* The engine's bit scanners (bits.c), the ones scanners/ hands to scanproof. */
#ifndef C_ENGINE_BITS_H
#define C_ENGINE_BITS_H
#include <stdint.h>

int board_first_square(uint64_t b); /* index of the least significant 1 bit; b != 0 */
int board_count(uint64_t b);        /* number of 1 bits */

#endif
