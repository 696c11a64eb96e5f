/* A source the command reaches through a glob in a subdirectory (sub/\*.c). */
#include "../bits.h"
int glob_sub_msb(uint64_t b) { return 63 - __builtin_clzll(b); }
