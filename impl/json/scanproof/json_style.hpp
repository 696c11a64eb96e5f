// The suite's one JSON style, for the check engine (checks.cpp: to_json,
// target_json) and the commands (command_line.hpp: json_line): one line,
// ", " and ": " between items, fields in the order they were set; nlohmann
// does the escaping (bytes that are not UTF-8 become U+FFFD). Not installed:
// the package's headers do not expose nlohmann-json (its include directory is
// /usr/include, which a cross compiler must not search; CMake adds a
// directory of links to the package's own headers, conformance/CMakeLists.txt).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace scanproof::json_style {

using json = nlohmann::ordered_json;  // fields in the order they are set

inline void write(std::string& out, const json& v) {
  if (v.is_object()) {
    out += '{';
    const char* sep = "";
    for (const auto& [key, item] : v.items()) {
      out += sep + json(key).dump(-1, ' ', false, json::error_handler_t::replace) + ": ";
      write(out, item);
      sep = ", ";
    }
    out += '}';
  } else if (v.is_array()) {
    out += '[';
    const char* sep = "";
    for (const json& item : v) {
      out += sep;
      write(out, item);
      sep = ", ";
    }
    out += ']';
  } else {
    out += v.dump(-1, ' ', false, json::error_handler_t::replace);
  }
}

// `value` on one line in the suite's style.
inline std::string line(const json& value) {
  std::string out;
  write(out, value);
  return out;
}

// A results document: `head`'s fields, then `list_key` and `items`, one item
// a line, so a consumer can read it as it is written (`scanproof list --json`,
// `scanproof check --json`, the prover's report).
inline std::string document(const json& head, std::string_view list_key, const std::vector<json>& items) {
  std::string out = line(head);
  out.pop_back();  // its '}'
  out += std::string(head.empty() ? "" : ", ") + json(list_key).dump() + ": [";
  const char* sep = "\n  ";
  for (const json& item : items) {
    out += sep + line(item);
    sep = ",\n  ";
  }
  return out + "\n]}\n";
}

}  // namespace scanproof::json_style
