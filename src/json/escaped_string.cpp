#include "json/escaped_string.hpp"

#include <cstdint>
#include <cstring>

namespace tracedoc::json {
namespace {

std::uint32_t HexValue(std::string_view four) {
  std::uint32_t value = 0;
  for (const char c : four) {
    value <<= 4;
    if (c >= '0' && c <= '9') value |= static_cast<std::uint32_t>(c - '0');
    if (c >= 'a' && c <= 'f') value |= static_cast<std::uint32_t>(c - 'a' + 10);
    if (c >= 'A' && c <= 'F') value |= static_cast<std::uint32_t>(c - 'A' + 10);
  }
  return value;
}

std::size_t EncodeUtf8(std::uint32_t code_point, char* out) {
  if (code_point < 0x80) {
    out[0] = static_cast<char>(code_point);
    return 1;
  }
  if (code_point < 0x800) {
    out[0] = static_cast<char>(0xC0 | (code_point >> 6));
    out[1] = static_cast<char>(0x80 | (code_point & 0x3F));
    return 2;
  }
  if (code_point < 0x10000) {
    out[0] = static_cast<char>(0xE0 | (code_point >> 12));
    out[1] = static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    out[2] = static_cast<char>(0x80 | (code_point & 0x3F));
    return 3;
  }
  out[0] = static_cast<char>(0xF0 | (code_point >> 18));
  out[1] = static_cast<char>(0x80 | ((code_point >> 12) & 0x3F));
  out[2] = static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
  out[3] = static_cast<char>(0x80 | (code_point & 0x3F));
  return 4;
}

}  // namespace

bool EscapedStringPieces::Next(std::string_view& piece, bool& escaped) {
  if (rest_.empty()) return false;
  if (rest_[0] != '\\') {
    const std::size_t end = rest_.find('\\');
    piece = rest_.substr(0, end);
    rest_.remove_prefix(piece.size());
    escaped = false;
    return true;
  }
  escaped = true;
  const char kind = rest_.size() > 1 ? rest_[1] : '\\';
  std::size_t used = 2;
  std::size_t size = 1;
  switch (kind) {
    case 'b':
      bytes_[0] = '\b';
      break;
    case 'f':
      bytes_[0] = '\f';
      break;
    case 'n':
      bytes_[0] = '\n';
      break;
    case 'r':
      bytes_[0] = '\r';
      break;
    case 't':
      bytes_[0] = '\t';
      break;
    case 'u': {
      std::uint32_t code_point = HexValue(rest_.substr(2, 4));
      used = 6;
      // A high surrogate the parser accepted is followed by its low half.
      if (code_point >= 0xD800 && code_point < 0xDC00 && rest_.size() >= 12 && rest_[6] == '\\' &&
          rest_[7] == 'u') {
        const std::uint32_t low = HexValue(rest_.substr(8, 4));
        if (low >= 0xDC00 && low < 0xE000) {
          code_point = 0x10000 + ((code_point - 0xD800) << 10) + (low - 0xDC00);
          used = 12;
        }
      }
      size = EncodeUtf8(code_point, bytes_);
      break;
    }
    default:  // `"`, `\` and `/` stand for themselves
      bytes_[0] = kind;
      break;
  }
  rest_.remove_prefix(used < rest_.size() ? used : rest_.size());
  piece = std::string_view(bytes_, size);
  return true;
}

std::size_t UnescapeJsonString(std::string_view raw, char* out) {
  EscapedStringPieces pieces(raw);
  std::string_view piece;
  bool escaped = false;
  std::size_t size = 0;
  while (pieces.Next(piece, escaped)) {
    if (!piece.empty()) std::memcpy(out + size, piece.data(), piece.size());
    size += piece.size();
  }
  return size;
}

}  // namespace tracedoc::json
