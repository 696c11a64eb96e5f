// discover's Makefile route, continued: the word type scan_pieces.hpp uses
// without including this file (lib.cpp includes it first, as many engines
// include their defs.h).
#pragma once
#include <cstdint>
typedef std::uint64_t Word;
