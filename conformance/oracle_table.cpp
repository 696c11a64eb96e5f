// scanproof_oracle_table < MANIFEST > TABLE: the judge's expected table
// (judge.hpp). Built from the suite's core and the check library only -- no
// catalogue, no candidate file -- so no scanner's code, static initialisers
// included, ever runs in this process. Its registry is empty.
#include <iostream>

#include "scanproof/judge.hpp"
#include "scanproof/registry.hpp"

int main() {
  if (!scanproof::registry().empty()) {
    std::cerr << "scanproof_oracle_table: linked with implementations; it must not be\n";
    return 2;
  }
  return scanproof::oracle_table(std::cin, std::cout, std::cerr);
}
