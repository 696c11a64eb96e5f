/* The scanner exists only with the project's own define, which only its
 * Makefile's one compile-and-link command says. */
#pragma once
#include <stdint.h>
#ifndef ROUTE_LSB
#error "ROUTE_LSB comes from the Makefile"
#endif
int ROUTE_LSB(uint64_t b);
int glob_sub_msb(uint64_t b);
