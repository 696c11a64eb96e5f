// The JSON the suite's commands write and read (`scanproof check --json`, the
// prover's report, discovery's registrations), in the suite's one style
// (json_style.hpp). Not installed: it exposes nlohmann-json (../../json).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scanproof/json_style.hpp"

namespace scanproof::command_line {

using json = json_style::json;  // fields in the order they are set

// The suite's JSON style (json_style.hpp): one line, `{"name": "x", "op": "lsb", "checks": [1, 2]}`
// (what the docs and ci/matrixjob show); strings as UTF-8, a byte that is not
// UTF-8 replaced by U+FFFD rather than written as invalid JSON.
std::string json_line(const json& value);

// The one document layout of `scanproof list --json`, `scanproof check --json`
// and `scanproof prove --json`: `head`'s fields, then `list_key` with one item
// a line:
//   {"target": {...}, "implementations": [
//     {...},
//     {...}
//   ]}
std::string json_document(const json& head, std::string_view list_key, const std::vector<json>& items);

// Text that should be JSON (a child process's result), or nullopt.
std::optional<json> parse_json(const std::string& text);

}  // namespace scanproof::command_line
