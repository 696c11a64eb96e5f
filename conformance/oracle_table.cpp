// scanproof_oracle_table < MANIFEST > TABLE: the judge's expected table
// (judge.hpp). Built from the suite's core and the check library only -- no
// catalogue, no candidate file -- so no scanner's code, static initialisers
// included, ever runs in this process. Its registry is empty.
#include <iostream>
#include <sstream>

#include "scanproof/judge.hpp"
#include "scanproof/registry.hpp"

int main() {
  if (!scanproof::registry().empty()) {
    std::cerr << "scanproof_oracle_table: linked with implementations; it must not be\n";
    return 2;
  }
  // The table is written in one piece at the end: under Node's WASI (wasm32)
  // the process crashed (SIGSEGV in V8, after its last line) once it had
  // written a few dozen lines one write at a time -- 36 lines did, 35 did not.
  std::ostringstream table;
  const int rc = scanproof::oracle_table(std::cin, table, std::cerr);
  std::cout << table.str() << std::flush;
  return rc;
}
