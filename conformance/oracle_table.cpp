// scanproof_oracle_table < MANIFEST > TABLE: the judge's expected table
// (judge.hpp). Built from the suite's core and the check library only -- no
// catalogue, no candidate file -- so no scanner's code, static initialisers
// included, ever runs in this process. Its registry is empty.
// scanproof_oracle_table --write-inputs DIR BIG_ENDIAN|LITTLE_ENDIAN: every
// pinned input set written into DIR in that byte order (inputs.hpp,
// write_input_sets): a cross build's sets, made natively
// (cmake/ScanproofDriverTests.cmake).
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>

#include "scanproof/inputs.hpp"
#include "scanproof/judge.hpp"
#include "scanproof/registry.hpp"

int main(int argc, char** argv) {
  if (argc > 1) {
    const std::string order = argc == 4 ? argv[3] : "";
    if (std::string(argv[1]) != "--write-inputs" || (order != "BIG_ENDIAN" && order != "LITTLE_ENDIAN")) {
      std::cerr << "usage: scanproof_oracle_table < MANIFEST > TABLE\n"
                   "       scanproof_oracle_table --write-inputs DIR BIG_ENDIAN|LITTLE_ENDIAN\n";
      return 2;
    }
    return scanproof::write_input_sets(argv[2], order == "BIG_ENDIAN") ? 0 : 1;
  }
  if (!scanproof::registry().empty()) {
    std::cerr << "scanproof_oracle_table: linked with implementations; it must not be\n";
    return 2;
  }
  // The table is written in one write at the end. Under Node's WASI (wasm32)
  // the process can still crash after its last line (SIGSEGV in V8 at exit:
  // seen with 36 or more manifest lines, not with 35).
  std::ostringstream table;
  const int rc = scanproof::oracle_table(std::cin, table, std::cerr);
  // The last line says the table is whole: scanproof-discover.cmake accepts a
  // table only with it, and then even from a process that crashed at exit.
  std::string text = table.str();
  if (rc == 0) {
    std::size_t lines = 0;
    for (const char c : text) lines += c == '\n';
    text += "# end " + std::to_string(lines) + "\n";
  }
  static char buffer[1 << 22];
  std::setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
  return rc;
}
