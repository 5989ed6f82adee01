// Terminal escaping: scans for the first byte to escape, appends the runs between them whole.
#include "text/terminal_text.hpp"

#include "text/utf8.hpp"

namespace tracedoc::text {
namespace {

constexpr char kHexDigits[] = "0123456789abcdef";

bool IsPlainAscii(unsigned char byte) noexcept { return byte >= 0x20 && byte < 0x7F; }

// The C1 controls are U+0080..U+009F: in UTF-8, C2 80 .. C2 9F.
bool IsC1At(std::string_view bytes, std::size_t i) noexcept {
  return static_cast<unsigned char>(bytes[i]) == 0xC2 && i + 1 < bytes.size() &&
         static_cast<unsigned char>(bytes[i + 1]) >= 0x80 &&
         static_cast<unsigned char>(bytes[i + 1]) <= 0x9F;
}

// The length of the valid UTF-8 sequence at `i` that is not a C1 control, or 0 when the byte
// at `i` must be escaped.
std::size_t SafeSequenceAt(std::string_view bytes, std::size_t i) noexcept {
  const auto lead = static_cast<unsigned char>(bytes[i]);
  if (IsPlainAscii(lead)) return 1;
  if (lead < 0x80 || IsC1At(bytes, i)) return 0;
  const std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
  if (bytes.size() - i < length) return 0;
  return IsValidUtf8(bytes.substr(i, length)) ? length : 0;
}

void AppendHexByte(std::string& out, unsigned char byte) {
  out += kHexDigits[byte >> 4];
  out += kHexDigits[byte & 0x0F];
}

}  // namespace

bool IsTerminalSafe(std::string_view bytes) noexcept {
  for (std::size_t i = 0; i < bytes.size();) {
    const std::size_t length = SafeSequenceAt(bytes, i);
    if (length == 0) return false;
    i += length;
  }
  return true;
}

void AppendTerminalSafe(std::string& out, std::string_view bytes) {
  std::size_t run_start = 0;
  std::size_t i = 0;
  while (i < bytes.size()) {
    const std::size_t length = SafeSequenceAt(bytes, i);
    if (length != 0) {
      i += length;
      continue;
    }
    out.append(bytes.data() + run_start, i - run_start);
    const auto byte = static_cast<unsigned char>(bytes[i]);
    if (IsC1At(bytes, i)) {
      out += "\\u00";
      AppendHexByte(out, static_cast<unsigned char>(bytes[i + 1]));
      i += 2;
    } else {
      switch (byte) {
        case '\t':
          out += "\\t";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        default:
          // A control character is a code point; any other byte here is not UTF-8.
          out += byte < 0x20 || byte == 0x7F ? "\\u00" : "\\x";
          AppendHexByte(out, byte);
      }
      i += 1;
    }
    run_start = i;
  }
  out.append(bytes.data() + run_start, bytes.size() - run_start);
}

std::string TerminalSafe(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  AppendTerminalSafe(out, bytes);
  return out;
}

}  // namespace tracedoc::text
