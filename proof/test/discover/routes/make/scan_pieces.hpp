// Not self-contained: Word comes from words.hpp, which lib.cpp includes
// first. The written candidate file must include it too (before this one),
// or a correct scanner would be reported as a file that does not compile.
#pragma once
inline int piece_msb(Word b) { return 63 - __builtin_clzll(b); }
