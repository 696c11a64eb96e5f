//   scanproof_bench [--op OP] [--impl NAME] [--json FILE] [--min-time S] [--repetitions N]
#include "bench_main.hpp"

int main(int argc, char** argv) { return scanproof::bench::bench_main(argc, argv); }
