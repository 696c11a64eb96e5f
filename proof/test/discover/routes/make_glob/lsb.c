#include "bits.h"
int ROUTE_LSB(uint64_t b) { return __builtin_ctzll(b); }
