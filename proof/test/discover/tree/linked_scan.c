// A scanner reading a table that is a writable global, in a unit that calls
// into linked_jobs.c, which reads the table too. Discover links
// linked_jobs.c's function into this unit to run it; the start-up linker,
// asked what the table holds, links both units again. That link once met
// c_linked_jobs twice ("symbol multiply defined") and the classifier ended
// early (weiss: transposition.c and threads.c).
#include "linked.h"

// De Bruijn multiplication on the isolated lowest bit (Walisch's constant).
unsigned char c_linked_index[64] = {
    0,  1,  48, 2,  57, 49, 28, 3,  61, 58, 50, 42, 38, 29, 17, 4,  62, 55, 59, 36, 53, 51,
    43, 22, 45, 39, 33, 30, 24, 18, 12, 5,  63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21,
    44, 32, 23, 11, 46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6};

int c_lsb_linked_table(uint64_t b) {
  return c_linked_index[((b & (0 - b)) * 0x03f79d71b4cb0a89ULL) >> 58];
}

void c_linked_reset(void) { c_linked_jobs_run(); }
