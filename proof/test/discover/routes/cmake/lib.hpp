// discover's build routes (Makefile, CMake): the scanner exists only with the
// project's own define, which only its build says.
#pragma once
#include <cstdint>
#ifdef ROUTE_LSB
inline int ROUTE_LSB(std::uint64_t b) { return __builtin_ctzll(b); }
#endif
