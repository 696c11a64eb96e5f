#include "prover/report.hpp"

#include "scanproof/command_json.hpp"  // the JSON of every command

#include <cstdio>
#include <cstdlib>
#include <optional>
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
    if (!r.expected_after.empty()) os << " leaving " << r.expected_after;
    if (r.got) os << ", the IR returns " << *r.got;
    if (!r.got_after.empty()) os << " leaving " << r.got_after;
    os << "\n";
  }
  if (!r.replay.empty()) os << "     " << r.replay << "\n";
  for (const std::string& d : r.details) os << "       " << d << "\n";
  os.flush();
}

namespace {

// One outcome as `scanproof prove --json` shows it (docs/proof.md).
command_line::json outcome_json(const outcome& r) {
  using command_line::json;
  json j;
  j["name"] = r.name;
  j["op"] = r.op;
  j["verdict"] = r.verdict;
  j["expected"] = r.expected;
  j["result"] = word(r.result);
  j["reason"] = r.reason;
  j["input"] = r.input ? json(r.input_argument) : json(nullptr);
  j["input_shown"] = r.input ? json(r.input_shown) : json(nullptr);
  j["expected_value"] = r.expected_value ? json(*r.expected_value) : json(nullptr);
  j["got"] = r.got ? json(*r.got) : json(nullptr);
  j["expected_after"] = r.expected_after.empty() ? json(nullptr) : json(r.expected_after);
  j["got_after"] = r.got_after.empty() ? json(nullptr) : json(r.got_after);
  j["replay"] = r.replay;
  j["seconds"] = r.seconds;
  j["engine"] = r.engine.empty() ? json(nullptr) : json(r.engine);
  j["details"] = r.details;
  return j;
}

}  // namespace

void print_json(std::ostream& os, const ir_set& ir, const std::vector<outcome>& all) {
  command_line::json head;
  head["target"] = ir.target;
  head["triple"] = ir.triple;
  head["compiler"] = ir.compiler;
  head["flags"] = ir.flags;
  std::vector<command_line::json> items;
  for (const outcome& r : all) items.push_back(outcome_json(r));
  os << command_line::json_document(head, "implementations", items);
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

// The outcome as --json shows it, plus what the text leaves out: the input
// as a word and the status.
std::string to_record(const outcome& r) {
  command_line::json j = outcome_json(r);
  j["input_word"] = r.input ? command_line::json::array({r.input->lo, r.input->hi}) : command_line::json(nullptr);
  j["status"] = static_cast<int>(r.result);
  return command_line::json_line(j);
}

outcome from_record(const std::string& text) {
  outcome r;
  const auto j = command_line::parse_json(text);
  if (!j || !j->is_object()) {
    r.verdict = "error";
    r.result = status::fail;
    r.reason = "the prover's child returned no readable outcome (a bug in the suite): " + text.substr(0, 200);
    return r;
  }
  const command_line::json& v = *j;
  // A string field, "" where it is null or absent.
  auto text_of = [&v](const char* key) {
    return v.contains(key) && v[key].is_string() ? v[key].get<std::string>() : std::string();
  };
  auto integer_of = [&v](const char* key) -> std::optional<std::int64_t> {
    if (v.contains(key) && v[key].is_number_integer()) return v[key].get<std::int64_t>();
    return std::nullopt;
  };
  r.name = text_of("name");
  r.op = text_of("op");
  r.verdict = text_of("verdict");
  r.expected = v.value("expected", false);
  r.reason = text_of("reason");
  if (v.contains("input_word") && v["input_word"].is_array() && v["input_word"].size() == 2)
    r.input = scanproof::word{v["input_word"][0].get<std::uint64_t>(), v["input_word"][1].get<std::uint64_t>()};
  r.input_shown = text_of("input_shown");
  r.input_argument = text_of("input");
  r.expected_value = integer_of("expected_value");
  r.got = integer_of("got");
  r.expected_after = text_of("expected_after");
  r.got_after = text_of("got_after");
  r.replay = text_of("replay");
  r.seconds = v.value("seconds", 0.0);
  r.engine = text_of("engine");
  if (v.contains("details") && v["details"].is_array())
    for (const auto& d : v["details"])
      if (d.is_string()) r.details.push_back(d.get<std::string>());
  r.result = static_cast<status>(v.value("status", static_cast<int>(status::fail)));
  return r;
}

}  // namespace scanproof::proof
