// Strict UTF-8 validation with a 32- and 8-bytes-at-a-time ASCII path, scalar decoding, and
// White_Space trimming.
#include "text/utf8.hpp"

#include <cstdint>
#include <cstring>

namespace tracedoc::text {
namespace {

constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;

bool IsContinuation(unsigned char byte) noexcept { return (byte & 0xC0U) == 0x80U; }

}  // namespace

bool IsValidUtf8(std::string_view bytes) noexcept {
  return FirstInvalidUtf8(bytes) == std::string_view::npos;
}

void AppendReplacingInvalidUtf8(std::string& out, std::string_view bytes) {
  for (std::size_t invalid = FirstInvalidUtf8(bytes); invalid != std::string_view::npos;
       invalid = FirstInvalidUtf8(bytes)) {
    out.append(bytes.data(), invalid);
    out += "\xEF\xBF\xBD";
    bytes.remove_prefix(invalid + 1);
  }
  if (!bytes.empty()) out.append(bytes.data(), bytes.size());  // an empty view may be null
}

std::size_t FirstInvalidUtf8(std::string_view bytes) noexcept {
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  const std::size_t size = bytes.size();
  std::size_t i = 0;
  while (i < size) {
    // Trace text is mostly ASCII: skip whole words while no byte has its high bit set, four
    // at a time, then one at a time. memcpy keeps the unaligned loads well-defined; the loops
    // never read past `size`.
    while (size - i >= 32) {
      std::uint64_t words[4];
      std::memcpy(words, data + i, sizeof words);
      if (((words[0] | words[1] | words[2] | words[3]) & kHighBits) != 0) break;
      i += 32;
    }
    while (size - i >= 8) {
      std::uint64_t word;
      std::memcpy(&word, data + i, sizeof word);
      if ((word & kHighBits) != 0) break;
      i += 8;
    }
    if (i == size) break;

    const unsigned char lead = data[i];
    if (lead < 0x80) {
      ++i;
      continue;
    }
    // Table 3-7: the lead byte fixes the length and the range allowed for the second byte,
    // which is what excludes overlongs (E0, F0), surrogates (ED) and values > U+10FFFF (F4).
    std::size_t continuation_count;
    unsigned char second_min = 0x80;
    unsigned char second_max = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
      continuation_count = 1;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      continuation_count = 2;
      if (lead == 0xE0) second_min = 0xA0;
      if (lead == 0xED) second_max = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      continuation_count = 3;
      if (lead == 0xF0) second_min = 0x90;
      if (lead == 0xF4) second_max = 0x8F;
    } else {
      return i;  // Stray continuation byte, C0/C1 overlong lead, or F5..FF.
    }
    if (size - i - 1 < continuation_count) return i;  // Truncated at the end.
    const unsigned char second = data[i + 1];
    if (second < second_min || second > second_max) return i;
    for (std::size_t k = 2; k <= continuation_count; ++k) {
      if (!IsContinuation(data[i + k])) return i;
    }
    i += continuation_count + 1;
  }
  return std::string_view::npos;
}

std::string Shortened(std::string_view valid_utf8, std::size_t max_bytes) {
  if (valid_utf8.size() <= max_bytes) return std::string(valid_utf8);
  std::size_t cut = max_bytes;
  while (cut > 0 && IsContinuation(static_cast<unsigned char>(valid_utf8[cut]))) --cut;
  std::string out(valid_utf8.substr(0, cut));
  out += "\xE2\x80\xA6";  // …
  return out;
}

DecodedCodePoint DecodeUtf8At(std::string_view valid_utf8, std::size_t pos) noexcept {
  const auto* data = reinterpret_cast<const unsigned char*>(valid_utf8.data()) + pos;
  const std::size_t available = valid_utf8.size() - pos;
  const unsigned char lead = data[0];
  std::size_t length;
  char32_t code_point;
  if (lead < 0x80) {
    return {lead, 1};
  } else if (lead >= 0xF0) {
    length = 4;
    code_point = lead & 0x07U;
  } else if (lead >= 0xE0) {
    length = 3;
    code_point = lead & 0x0FU;
  } else {
    length = 2;
    code_point = lead & 0x1FU;
  }
  // Guards only against misuse; valid input always has the whole sequence.
  if (length > available) return {lead, 1};
  for (std::size_t k = 1; k < length; ++k) {
    code_point = (code_point << 6) | (data[k] & 0x3FU);
  }
  return {code_point, length};
}

bool IsUnicodeWhiteSpace(char32_t code_point) noexcept {
  if (code_point <= 0x20) return code_point == 0x20 || (code_point >= 0x09 && code_point <= 0x0D);
  if (code_point < 0x85) return false;
  switch (code_point) {
    case 0x85:
    case 0xA0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202F:
    case 0x205F:
    case 0x3000:
      return true;
    default:
      return code_point >= 0x2000 && code_point <= 0x200A;
  }
}

std::string_view TrimUnicodeWhitespace(std::string_view valid_utf8) noexcept {
  std::size_t begin = 0;
  std::size_t end = valid_utf8.size();
  while (begin < end) {
    const DecodedCodePoint decoded = DecodeUtf8At(valid_utf8, begin);
    if (!IsUnicodeWhiteSpace(decoded.code_point)) break;
    begin += decoded.length;
  }
  while (end > begin) {
    // Step back to the lead byte of the last scalar value, never before `begin`.
    std::size_t start = end - 1;
    while (start > begin && IsContinuation(static_cast<unsigned char>(valid_utf8[start]))) {
      --start;
    }
    const DecodedCodePoint decoded = DecodeUtf8At(valid_utf8.substr(0, end), start);
    if (!IsUnicodeWhiteSpace(decoded.code_point)) break;
    end = start;
  }
  return valid_utf8.substr(begin, end - begin);
}

// Blank when white space runs to the end: the forward half of the trim, which stops at a
// record's first byte, without the backward half, which would only confirm it.
bool IsBlank(std::string_view valid_utf8) noexcept {
  std::size_t i = 0;
  while (i < valid_utf8.size()) {
    const DecodedCodePoint decoded = DecodeUtf8At(valid_utf8, i);
    if (!IsUnicodeWhiteSpace(decoded.code_point)) return false;
    i += decoded.length;
  }
  return true;
}

}  // namespace tracedoc::text
