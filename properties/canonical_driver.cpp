// The deterministic property driver: every property over a sample of the
// canonical inputs, for targets where Debian packages no RapidCheck (ppc64,
// mips, riscv64, sparc64). One test per implementation, every property
// inside; the same failure format as the RapidCheck driver; the same inputs
// on every run, so `ctest -R` reproduces a failure, and its tests are judged
// from their outputs (property_judge.hpp).
#include "scanproof/property_driver.hpp"
#include "scanproof/property_judge.hpp"

// A build with candidates: this driver tests only them; its twin, linking the
// catalogue alone, the catalogue (properties/CMakeLists.txt).
#ifndef SCANPROOF_CANDIDATES_ONLY
#define SCANPROOF_CANDIDATES_ONLY 0
#endif

int main(int argc, char** argv) {
  return scanproof::property_test_main(argc, argv, scanproof::canonical_check,
                                        scanproof::test_per::implementation,
                                        scanproof::run_canonical, scanproof::prepare_canonical,
                                        SCANPROOF_CANDIDATES_ONLY ? scanproof::tested::candidates
                                                                  : scanproof::tested::linked);
}
