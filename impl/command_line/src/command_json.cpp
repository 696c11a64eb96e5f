#include "scanproof/command_json.hpp"

namespace scanproof::command_line {

std::string json_line(const json& value) { return json_style::line(value); }

std::string json_document(const json& head, std::string_view list_key, const std::vector<json>& items) {
  return json_style::document(head, list_key, items);
}

std::optional<json> parse_json(const std::string& text) {
  json v = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (v.is_discarded()) return std::nullopt;
  return v;
}

}  // namespace scanproof::command_line
