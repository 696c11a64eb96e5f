#include "report.hpp"

#include "scanproof/checks.hpp"  // hex, json_string: the engine's, one format

#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <ostream>
#include <string>

namespace scanproof::proof {
namespace {

const char* word(status s) {
  switch (s) {
    case status::pass: return "PASS";
    case status::fail: return "FAIL";
    case status::skip: return "SKIP";
  }
  return "?";
}

}  // namespace

void print_text(std::ostream& os, const outcome& r) {
  char head[256];
  std::snprintf(head, sizeof head, "%-4s %-15s %-30s %-8s %6.2f s  %s", word(r.result),
                r.verdict.c_str(), r.name.c_str(), r.op.c_str(), r.seconds,
                r.engine.empty() ? "" : ("[" + r.engine + "]").c_str());
  os << head << "\n";
  if (!r.reason.empty()) os << "     " << r.reason << "\n";
  if (r.input) {
    os << "     input " << r.input_shown;
    if (r.input_argument != r.input_shown) os << " (scanproof eval: " << r.input_argument << ")";
    if (r.expected_value) os << ": must return " << *r.expected_value;
    if (r.got) os << ", the IR returns " << *r.got;
    os << "\n";
  }
  if (!r.replay.empty()) os << "     " << r.replay << "\n";
  for (const std::string& d : r.details) os << "       " << d << "\n";
  os.flush();
}

void print_json(std::ostream& os, const ir_set& ir, const std::vector<outcome>& all) {
  os << "{\"target\": " << json_string(ir.target) << ", \"triple\": " << json_string(ir.triple)
     << ", \"compiler\": " << json_string(ir.compiler) << ", \"flags\": " << json_string(ir.flags)
     << ", \"implementations\": [";
  bool first = true;
  for (const outcome& r : all) {
    os << (first ? "\n" : ",\n") << "  {\"name\": " << json_string(r.name)
       << ", \"op\": " << json_string(r.op) << ", \"verdict\": " << json_string(r.verdict)
       << ", \"expected\": " << (r.expected ? "true" : "false")
       << ", \"result\": " << json_string(word(r.result))
       << ", \"reason\": " << json_string(r.reason)
       << ", \"input\": " << (r.input ? json_string(r.input_argument) : "null")
       << ", \"input_shown\": " << (r.input ? json_string(r.input_shown) : "null")
       << ", \"expected_value\": " << (r.expected_value ? std::to_string(*r.expected_value) : "null")
       << ", \"got\": " << (r.got ? std::to_string(*r.got) : "null")
       << ", \"replay\": " << json_string(r.replay) << ", \"seconds\": " << r.seconds
       << ", \"engine\": " << (r.engine.empty() ? "null" : json_string(r.engine)) << ", \"details\": [";
    for (std::size_t k = 0; k < r.details.size(); ++k) os << (k ? ", " : "") << json_string(r.details[k]);
    os << "]}";
    first = false;
  }
  os << "\n]}\n";
}

status overall(const std::vector<outcome>& all) {
  bool skip = false;
  for (const outcome& r : all) {
    if (r.result == status::fail) return status::fail;
    if (r.result == status::skip) skip = true;
  }
  return skip ? status::skip : status::pass;
}

void print_completion(std::ostream& os, const std::vector<outcome>& all, status s) {
  int proved = 0, cex = 0, xfail = 0, np = 0, err = 0;
  for (const outcome& r : all) {
    if (r.verdict == "proved") ++proved;
    else if (r.verdict == "counterexample") (r.expected ? xfail : cex)++;
    else if (r.verdict == "not provable") ++np;
    else ++err;
  }
  os << "scanproof-prove-done: " << word(s) << " (ran to the end: " << all.size()
     << " implementations; " << proved << " proved, " << cex << " unexpected counterexamples, "
     << xfail << " expected counterexamples, " << np << " not provable, " << err << " errors)"
     << std::endl;
}

namespace {

std::string escaped(const std::string& v) {
  std::string out;
  for (const char ch : v) {
    if (ch == '\\') out += "\\\\";
    else if (ch == '\n') out += "\\n";
    else out += ch;
  }
  return out;
}

std::string unescaped(const std::string& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) {
    if (v[i] == '\\' && i + 1 < v.size()) {
      out += v[i + 1] == 'n' ? '\n' : v[i + 1];
      ++i;
    } else {
      out += v[i];
    }
  }
  return out;
}

}  // namespace

std::string to_record(const outcome& r) {
  std::ostringstream os;
  os.precision(17);
  os << "name=" << escaped(r.name) << "\nop=" << escaped(r.op) << "\nverdict=" << escaped(r.verdict)
     << "\nexpected=" << r.expected << "\nreason=" << escaped(r.reason)
     << "\nreplay=" << escaped(r.replay) << "\nseconds=" << r.seconds
     << "\nresult=" << static_cast<int>(r.result) << "\nengine=" << escaped(r.engine) << "\n";
  if (r.input)
    os << "input=" << r.input->lo << "," << r.input->hi << "\ninput_shown=" << escaped(r.input_shown)
       << "\ninput_argument=" << escaped(r.input_argument) << "\n";
  if (r.expected_value) os << "expected_value=" << *r.expected_value << "\n";
  if (r.got) os << "got=" << *r.got << "\n";
  for (const std::string& d : r.details) os << "detail=" << escaped(d) << "\n";
  return os.str();
}

outcome from_record(const std::string& text) {
  outcome r;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const std::size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    const std::string k = line.substr(0, eq), v = unescaped(line.substr(eq + 1));
    if (k == "name") r.name = v;
    else if (k == "op") r.op = v;
    else if (k == "verdict") r.verdict = v;
    else if (k == "expected") r.expected = v == "1";
    else if (k == "reason") r.reason = v;
    else if (k == "replay") r.replay = v;
    else if (k == "seconds") r.seconds = std::strtod(v.c_str(), nullptr);
    else if (k == "result") r.result = static_cast<status>(std::atoi(v.c_str()));
    else if (k == "input") {
      char* end = nullptr;
      const std::uint64_t lo = std::strtoull(v.c_str(), &end, 10);
      r.input = scanproof::word{lo, *end == ',' ? std::strtoull(end + 1, nullptr, 10) : 0};
    } else if (k == "input_shown") r.input_shown = v;
    else if (k == "input_argument") r.input_argument = v;
    else if (k == "expected_value") r.expected_value = std::strtoll(v.c_str(), nullptr, 10);
    else if (k == "got") r.got = std::strtoll(v.c_str(), nullptr, 10);
    else if (k == "detail") r.details.push_back(v);
    else if (k == "engine") r.engine = v;
  }
  return r;
}

}  // namespace scanproof::proof
