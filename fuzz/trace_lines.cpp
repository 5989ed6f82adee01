#include "trace_lines.hpp"

#include <array>

namespace tracedoc::fuzz {
namespace {

// §0's list as UTF-8: U+0009–U+000D, U+0020, U+0085, U+00A0, U+1680, U+2000–U+200A, U+2028,
// U+2029, U+202F, U+205F, U+3000.
constexpr std::array<std::string_view, 25> kWhiteSpace = {
    "\t",           "\n",           "\v",           "\f",           "\r",           " ",
    "\xC2\x85",     "\xC2\xA0",     "\xE1\x9A\x80", "\xE2\x80\x80", "\xE2\x80\x81", "\xE2\x80\x82",
    "\xE2\x80\x83", "\xE2\x80\x84", "\xE2\x80\x85", "\xE2\x80\x86", "\xE2\x80\x87", "\xE2\x80\x88",
    "\xE2\x80\x89", "\xE2\x80\x8A", "\xE2\x80\xA8", "\xE2\x80\xA9", "\xE2\x80\xAF", "\xE2\x81\x9F",
    "\xE3\x80\x80"};

std::size_t LeadingWhiteSpace(std::string_view text) {
  for (std::string_view space : kWhiteSpace) {
    if (text.starts_with(space)) return space.size();
  }
  return 0;
}

std::size_t TrailingWhiteSpace(std::string_view text) {
  for (std::string_view space : kWhiteSpace) {
    if (text.ends_with(space)) return space.size();
  }
  return 0;
}

}  // namespace

std::string_view TrimSpecWhiteSpace(std::string_view text) {
  // A byte-sequence match cannot start inside a code point at the front; at the back it can
  // only match a whole sequence, since the listed sequences begin with a lead byte.
  while (std::size_t n = LeadingWhiteSpace(text)) text.remove_prefix(n);
  while (std::size_t n = TrailingWhiteSpace(text)) text.remove_suffix(n);
  return text;
}

std::vector<std::string_view> SplitPhysicalLines(std::string_view bytes) {
  std::vector<std::string_view> lines;
  for (;;) {
    const std::size_t end = bytes.find('\n');
    std::string_view line = bytes.substr(0, end);
    if (line.ends_with('\r')) line.remove_suffix(1);
    lines.push_back(line);
    if (end == std::string_view::npos) return lines;
    bytes.remove_prefix(end + 1);
  }
}

}  // namespace tracedoc::fuzz
