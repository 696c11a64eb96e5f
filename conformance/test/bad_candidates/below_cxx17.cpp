// expect: scanproof/candidate.hpp needs C\+\+17 or later
// expect-flags: -std=c++14
#include <scanproof/candidate.hpp>
