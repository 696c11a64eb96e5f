#ifndef CBITS_H
#define CBITS_H
#include <stdint.h>
int c_popcount(uint64_t b);
#endif
