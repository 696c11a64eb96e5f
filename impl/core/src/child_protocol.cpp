#include "child_protocol.hpp"

#include <cstdint>
#include <cstring>

namespace scanproof {

std::string frame(frame_type type, std::string_view payload) {
  const auto size = static_cast<std::uint32_t>(payload.size());
  std::string f(1, static_cast<char>(type));
  f.append(reinterpret_cast<const char*>(&size), sizeof size);
  f.append(payload);
  return f;
}

child_frames read_frames(std::string_view stream) {
  child_frames got;
  std::size_t at = 0;
  while (stream.size() - at >= 1 + sizeof(std::uint32_t)) {
    std::uint32_t size = 0;
    std::memcpy(&size, stream.data() + at + 1, sizeof size);
    const std::size_t start = at + 1 + sizeof size;
    if (stream.size() - start < size) break;  // cut short
    const std::string_view payload = stream.substr(start, size);
    if (stream[at] == static_cast<char>(frame_type::outputs_line)) {
      got.outputs.append(payload).push_back('\n');
    } else if (stream[at] == static_cast<char>(frame_type::result)) {
      got.returned = true;
      got.result.append(payload);
    }
    at = start + size;
  }
  return got;
}

}  // namespace scanproof
