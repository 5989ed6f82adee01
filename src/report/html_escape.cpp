#include "report/html_escape.hpp"

#include <sstream>

namespace tracedoc::report {

std::string_view ShownPrefix(std::string_view text, std::size_t max_bytes, bool& cut) noexcept {
  cut = text.size() > max_bytes;
  if (!cut) return text;
  std::size_t end = max_bytes;
  // Back up over continuation bytes (10xxxxxx) so no code point is split.
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  return text.substr(0, end);
}

void WriteEscaped(std::ostream& out, std::string_view text) {
  bool cut = false;
  const std::string_view shown = ShownPrefix(text, kMaxShownBytes, cut);
  std::size_t plain = 0;  // start of the run of bytes written as they are
  for (std::size_t i = 0; i < shown.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(shown[i]);
    const char* reference = nullptr;
    switch (c) {
      case '&': reference = "&amp;"; break;
      case '<': reference = "&lt;"; break;
      case '>': reference = "&gt;"; break;
      case '"': reference = "&quot;"; break;
      case '\'': reference = "&#39;"; break;
      default:
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') reference = "\xEF\xBF\xBD";
        if (c == 0x7F) reference = "\xEF\xBF\xBD";
    }
    if (reference == nullptr) continue;
    out.write(shown.data() + plain, static_cast<std::streamsize>(i - plain));
    out << reference;
    plain = i + 1;
  }
  out.write(shown.data() + plain, static_cast<std::streamsize>(shown.size() - plain));
  if (cut) out << "\xE2\x80\xA6";
}

std::string Escaped(std::string_view text) {
  std::ostringstream out;
  WriteEscaped(out, text);
  return std::move(out).str();
}

}  // namespace tracedoc::report
