// The RapidCheck property driver: every property, for every implementation of
// an op it involves, on boards from scanproof::bitboard() (see rapidcheck_run.hpp).
#include "scanproof/rapidcheck_run.hpp"

int main(int argc, char** argv) {
  return scanproof::property_test_main(argc, argv, "rapidcheck", scanproof::test_per::property,
                                        scanproof::run_rapidcheck);
}
