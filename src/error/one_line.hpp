// Messages printed one to a line: control characters written as escapes, so that a name
// holding a newline cannot forge a second line of output.
#pragma once

#include <string>
#include <string_view>

namespace tracedoc {

/// Appends `text` with `\n`, `\r`, `\t` and the other control characters below 0x20 escaped.
inline void AppendOneLine(std::string& out, std::string_view text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20) {
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\u00";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xf];
    }
  }
}

}  // namespace tracedoc
