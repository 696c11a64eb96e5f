#include "cbits.h"

// Kernighan's loop, in C.
int c_popcount(uint64_t b) {
  int n = 0;
  for (; b; b &= b - 1) ++n;
  return n;
}
