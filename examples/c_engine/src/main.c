/* Prints the squares of a board, lowest first, and how many there are. */
#include <stdio.h>
#include <stdlib.h>

#include "bits.h"

int main(int argc, char** argv) {
  const uint64_t b = argc > 1 ? strtoull(argv[1], NULL, 0) : 0x0000001818000000ULL;
  printf("%d discs:", board_count(b));
  for (uint64_t rest = b; rest; rest &= rest - 1) printf(" %d", board_first_square(rest));
  printf("\n");
  return 0;
}
