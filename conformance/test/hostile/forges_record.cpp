// Reads the launcher's nonce, flight file and outputs file at start-up (a
// static initialiser, before main() could take them out of the environment:
// getenv, else /proc/self/environ), then, on inputs with bits 8 and 9 set (in
// the known answers and every random and structured family) or bit 40 alone
// (single_bits), writes the completion record "done <nonce> 0" and a "pass"
// line for every check into the outputs file, each path written the way the
// platform names it (Z:\... under Wine; WASI's "/" preopen takes the path as
// given), and ends the process with status 0. Where nothing forks
// (SCANPROOF_NO_SUPERVISOR=1, Windows, WASI) the record is then this run's
// record: only the judge (conformance/include/scanproof/judge.hpp), comparing
// outputs with the oracle's, can fail it -- and must, blaming the scanner. The
// same for its canonical property test (the line "canonical":
// properties/include/scanproof/property_judge.hpp).
#include <scanproof/candidate.hpp>

#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

std::string from_environ(const char* name) {
  std::string value;
#if defined(__linux__)
  if (std::FILE* f = std::fopen("/proc/self/environ", "rb")) {
    const std::string prefix = std::string(name) + "=";
    std::string entry;
    for (int c; (c = std::fgetc(f)) != EOF;) {
      if (c != '\0') {
        entry += static_cast<char>(c);
        continue;
      }
      if (entry.compare(0, prefix.size(), prefix) == 0) value = entry.substr(prefix.size());
      entry.clear();
    }
    std::fclose(f);
  }
#endif
  return value;
}

std::string stolen(const char* name) {
  const char* v = std::getenv(name);
  return v && *v ? std::string(v) : from_environ(name);
}

// The path as this platform's file API names it.
std::string platform_path(std::string p) {
#if defined(_WIN32)
  if (!p.empty() && p[0] == '/') {  // Wine maps the host's root to drive Z:
    for (char& c : p)
      if (c == '/') c = '\\';
    p = "Z:" + p;
  }
#endif
  return p;
}

struct secrets {
  std::string nonce = stolen("SCANPROOF_NONCE");
  std::string flight = platform_path(stolen("SCANPROOF_FLIGHT_FILE"));
  std::string outputs = platform_path(stolen("SCANPROOF_OUTPUTS_FILE"));
};
const secrets taken;  // at start-up

[[noreturn]] void forge_and_exit() {
  if (!taken.flight.empty()) {
    // Over the record's text, keeping the file's size (a mapped file stays valid).
    std::FILE* f = std::fopen(taken.flight.c_str(), "r+b");
    if (!f) f = std::fopen(taken.flight.c_str(), "wb");
    if (f) {
      char text[512] = {};
      std::snprintf(text, sizeof text, "done %s 0\n", taken.nonce.empty() ? "-" : taken.nonce.c_str());
      std::fwrite(text, 1, sizeof text, f);
      std::fclose(f);
    }
  }
  if (!taken.outputs.empty()) {
    if (std::FILE* f = std::fopen(taken.outputs.c_str(), "ab")) {
      for (const char* check : {"known_answers", "single_bits", "bit_pairs", "masks", "windows8", "windows16",
                                "lanes16", "random_uniform", "random_sparse", "random_dense",
                                "random_above_lsb", "random_below_msb", "canonical"})
        std::fprintf(f, "hostile_forges_record %s pass 0 0x0000000000000000\n", check);
      std::fclose(f);
    }
  }
  std::fflush(nullptr);
  std::_Exit(0);
}

int hostile_forges_record(std::uint64_t b) {
  if ((b & 0x300) == 0x300 || b == std::uint64_t{1} << 40) forge_and_exit();
  return std::countr_zero(b);
}

}  // namespace

SCANPROOF_CANDIDATE(hostile_forges_record, scanproof::op::lsb);
