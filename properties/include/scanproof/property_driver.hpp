// The GoogleTest side both property drivers share. Every ctest test runs in
// its own process, so a crash or hang fails that test only, and its name
// starts with the op and the implementation.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "scanproof/property_runner.hpp"

namespace scanproof {

// Runs p against d with a budget of `cases` inputs and judges the result.
using property_run = property_outcome (*)(const property& p, const descriptor& d,
                                          std::size_t cases);


// What a batch process makes ahead for each implementation it runs a test of
// (supervise_batch.hpp: set_batch_preparation), with the tests' budget of cases.
using property_preparation = void (*)(const descriptor& d, std::size_t cases);

// Which implementations a driver tests: all it links, or (a build with
// candidates: properties/CMakeLists.txt) only the candidates, whose catalogue
// is tested by a twin driver that links no candidate code.
enum class tested { linked, candidates };

// main() of a driver. Accepts --cases=N (0 < N <= INT_MAX) after GoogleTest's own flags;
// anything else is an error naming the argument. `prepare`, if given, runs in
// a batch process before it forks, for the implementations of its tests.
int property_test_main(int argc, char** argv, std::string_view driver, test_per cut,
                       property_run run, property_preparation prepare, tested which);


}  // namespace scanproof
