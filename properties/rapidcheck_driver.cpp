// The RapidCheck property driver: every property, for every implementation of
// an op it involves, on boards from scanproof::bitboard() (see rapidcheck_run.hpp).
// One test per (property, implementation) natively, where a process starts in
// milliseconds; one test per implementation, every property inside, where
// SCANPROOF_TESTS_PER_IMPLEMENTATION is on (the default under an emulator,
// where starting a process costs more than the properties: docs/measurements.md).
#include "scanproof/property_driver.hpp"
#include "scanproof/rapidcheck_run.hpp"

#ifndef SCANPROOF_TESTS_PER_IMPLEMENTATION
#define SCANPROOF_TESTS_PER_IMPLEMENTATION 0
#endif

// A build with candidates: this driver tests only them; its twin, linking the
// catalogue alone, the catalogue (properties/CMakeLists.txt).
#ifndef SCANPROOF_CANDIDATES_ONLY
#define SCANPROOF_CANDIDATES_ONLY 0
#endif

int main(int argc, char** argv) {
  return scanproof::property_test_main(
      argc, argv, scanproof::rapidcheck_check,
      SCANPROOF_TESTS_PER_IMPLEMENTATION ? scanproof::test_per::implementation
                                         : scanproof::test_per::property,
      scanproof::run_rapidcheck, nullptr,
      SCANPROOF_CANDIDATES_ONLY ? scanproof::tested::candidates : scanproof::tested::linked);
}
