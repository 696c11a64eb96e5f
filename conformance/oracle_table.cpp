// scanproof_oracle_table < MANIFEST > TABLE (or --manifest MANIFEST): the
// judge's expected table (judge.hpp). Built from the suite's core and the check library only -- no
// catalogue, no candidate file -- so no scanner's code, static initialisers
// included, ever runs in this process. Its registry is empty.
// scanproof_oracle_table --write-inputs DIR BIG_ENDIAN|LITTLE_ENDIAN: every
// pinned input set written into DIR in that byte order (inputs.hpp,
// write_input_sets): a cross build's sets, made natively
// (cmake/ScanproofDriverTests.cmake).
// scanproof_oracle_table --declared-manifest PROGRAM [DRIVER CASES CUT]: what
// each candidate in the driver PROGRAM declares, read from its file (judge.hpp,
// declared_manifest), ending in "# end <lines>" as the table does; with
// `DRIVER CASES CUT` (`canonical 4000 implementation`), as that property
// driver's lines with that budget and cut of tests (property_judge.hpp); with
// `fuzz TARGET`, as that fuzz target's replay lines (fuzz/differential.hpp).
// --manifest MANIFEST --inputs PATH: a fuzz replay's lines answered over the
// inputs at PATH (a file or a directory, as the replay reads it).
#include <algorithm>
#include <cstdio>
#include <vector>
#include <iterator>
#include <optional>
#include <utility>
#include <iostream>
#include <sstream>
#include <string>

#include "scanproof/inputs.hpp"
#include "scanproof/judge.hpp"
#include "scanproof/registry.hpp"

// The suite's own build also answers the property drivers' lines
// (property_judge.hpp): the canonical driver's, and RapidCheck's where it is
// built; a project's build from the installed package runs no property
// driver, and its copy of this file is built without them.
#if SCANPROOF_PROPERTY_ORACLE
#include "scanproof/property_judge.hpp"
#if SCANPROOF_RAPIDCHECK_ORACLE
#include "scanproof/rapidcheck_run.hpp"
#endif
namespace {
constexpr scanproof::judged_engine engines[] = {
    {scanproof::canonical_check, scanproof::run_canonical},
#if SCANPROOF_RAPIDCHECK_ORACLE
    {scanproof::rapidcheck_check, scanproof::run_rapidcheck_judged},
#endif
};
std::optional<std::pair<std::size_t, std::string>> property_lines(const scanproof::manifest_line& line,
                                                                  std::string& why) {
  return scanproof::property_oracle(line, why, engines);
}
}  // namespace
constexpr const char* no_further = "";
#else
constexpr const char* no_further = " (this build answers no property driver)";
#endif

// The suite's own build also answers its fuzz replays' lines
// (fuzz/differential.hpp), over the inputs named by --inputs.
#if SCANPROOF_FUZZ_ORACLE
#include "differential.hpp"
#endif

namespace {
std::vector<std::string> fuzz_inputs;  // --inputs

// The lines conformance does not answer: a property driver's, then a fuzz replay's.
std::optional<std::pair<std::size_t, std::string>> further_lines(const scanproof::manifest_line& line,
                                                                 std::string& why) {
  [[maybe_unused]] const auto& inputs = fuzz_inputs;
#if SCANPROOF_PROPERTY_ORACLE
  if (auto e = property_lines(line, why); e || !why.empty()) return e;
#endif
#if SCANPROOF_FUZZ_ORACLE
  if (auto e = scanproof::fuzz::fuzz_oracle(line, inputs, why); e || !why.empty()) return e;
#endif
  return std::nullopt;
}
}  // namespace
constexpr scanproof::further_oracle further = further_lines;

namespace {
// The whole output in one write, whole only with its last line "# end <lines>"
// (scanproof-discover.cmake): under Node's WASI (wasm32) the process can
// crash after its last line (SIGSEGV in V8 at exit: seen with 36 or more
// manifest lines, not with 35).
int write_whole(std::string text, int rc) {
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

// The file at `path`, whole, through stdio: wasm32-wasi's libc++ has no
// <fstream>, and its stdin under Node's WASI garbles a manifest of a few
// hundred bytes (this program runs for a target when no native one is named:
// SCANPROOF_ORACLE_TABLE).
bool read_file(const char* path, std::string& text) {
  std::FILE* in = std::fopen(path, "rb");
  if (!in) return false;
  char chunk[1 << 16];
  for (std::size_t n; (n = std::fread(chunk, 1, sizeof chunk, in)) > 0;) text.append(chunk, n);
  const bool ok = !std::ferror(in);
  std::fclose(in);
  return ok;
}
}  // namespace

int main(int argc, char** argv) {
  if (!scanproof::registry().empty()) {
    std::cerr << "scanproof_oracle_table: linked with implementations; it must not be\n";
    return 2;
  }
  if ((argc == 3 || argc == 5 || argc == 6) && std::string(argv[1]) == "--declared-manifest") {
    std::string program;
    if (!read_file(argv[2], program)) {
      std::cerr << "scanproof_oracle_table: cannot read the program '" << argv[2] << "'\n";
      return 2;
    }
    std::ostringstream out;
    // The manifest before its text: C++ leaves the order of a call's arguments open.
    if (argc == 3) {
      const int rc = scanproof::declared_manifest(program, out, std::cerr);
      return write_whole(out.str(), rc);
    }
#if SCANPROOF_FUZZ_ORACLE
    if (argc == 5 && std::string(argv[3]) == "fuzz") {
      if (const scanproof::fuzz::fuzz_target* t = scanproof::fuzz::find_target(argv[4])) {
        const auto lines = [t](const scanproof::descriptor& d) { return scanproof::fuzz::fuzz_declared(d, *t); };
        const int rc = scanproof::declared_manifest(program, out, std::cerr, lines);
        return write_whole(out.str(), rc);
      }
    }
#endif
#if SCANPROOF_PROPERTY_ORACLE
    const std::string driver = argv[3], cases = argv[4], cut = argc == 6 ? argv[5] : "";
    const bool known = std::any_of(std::begin(engines), std::end(engines),
                                   [&](const scanproof::judged_engine& e) { return e.driver == driver; });
    if (known && !cases.empty() && cases.size() < 10 && cases.find_first_not_of("0123456789") == std::string::npos &&
        std::stoul(cases) > 0 && (cut == "implementation" || cut == "property")) {
      const auto lines = [&, n = std::stoul(cases)](const scanproof::descriptor& d) {
        return scanproof::property_declared(d, driver, cut == "property" ? scanproof::test_per::property
                                                                         : scanproof::test_per::implementation, n);
      };
      const int rc = scanproof::declared_manifest(program, out, std::cerr, lines);
      return write_whole(out.str(), rc);
    }
#endif
    std::cerr << "scanproof_oracle_table: --declared-manifest PROGRAM DRIVER CASES implementation|property "
                 "or PROGRAM fuzz TARGET: not '"
              << argv[3] << " " << argv[4] << (argc == 6 ? std::string(" ") + argv[5] : "") << "'" << no_further
              << "\n";
    return 2;
  }
  if ((argc == 3 || (argc == 5 && std::string(argv[3]) == "--inputs")) && std::string(argv[1]) == "--manifest") {
    if (argc == 5) fuzz_inputs.push_back(argv[4]);
    std::string manifest;
    if (!read_file(argv[2], manifest)) {
      std::cerr << "scanproof_oracle_table: cannot read the manifest '" << argv[2] << "'\n";
      return 2;
    }
    std::istringstream in(manifest);
    std::ostringstream table;
    const int rc = scanproof::oracle_table(in, table, std::cerr, further);
    return write_whole(table.str(), rc);
  }
  if (argc > 1) {
    const std::string order = argc == 4 ? argv[3] : "";
    if (std::string(argv[1]) != "--write-inputs" || (order != "BIG_ENDIAN" && order != "LITTLE_ENDIAN")) {
      std::cerr << "usage: scanproof_oracle_table < MANIFEST > TABLE\n"
                   "       scanproof_oracle_table --manifest MANIFEST [--inputs PATH] > TABLE\n"
                   "       scanproof_oracle_table --declared-manifest PROGRAM [DRIVER CASES implementation|property]\n"
                   "       scanproof_oracle_table --declared-manifest PROGRAM fuzz TARGET\n"
                   "       scanproof_oracle_table --write-inputs DIR BIG_ENDIAN|LITTLE_ENDIAN\n";
      return 2;
    }
    return scanproof::write_input_sets(argv[2], order == "BIG_ENDIAN") ? 0 : 1;
  }
  std::ostringstream table;
  const int rc = scanproof::oracle_table(std::cin, table, std::cerr, further);
  return write_whole(table.str(), rc);
}
