#include "first_difference.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdio>

namespace tracedoc::golden {
namespace {

// Bytes shown on each side of the difference; enough to recognise the JSON key it is in.
constexpr std::size_t kWindow = 60;

struct LineAt {
  std::size_t number = 1;  // 1-based
  std::size_t begin = 0;   // offset of its first byte
};

// The line holding byte `offset` of `text`.
LineAt LineOf(std::string_view text, std::size_t offset) {
  LineAt line;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line.number;
      line.begin = i + 1;
    }
  }
  return line;
}

std::string_view LineFrom(std::string_view text, std::size_t begin) {
  if (begin >= text.size()) return {};
  const std::size_t end = text.find('\n', begin);
  return text.substr(begin, end == std::string_view::npos ? std::string_view::npos : end - begin);
}

bool IsContinuationByte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// `line` cut to kWindow bytes either side of `column` (never inside a UTF-8 sequence), with
// control characters escaped and `…` where something was cut.
std::string Excerpt(std::string_view line, std::size_t column) {
  std::size_t from = column > kWindow ? column - kWindow : 0;
  while (from > 0 && from < line.size() && IsContinuationByte(line[from])) --from;
  std::size_t to = std::min(line.size(), column + kWindow);
  while (to < line.size() && IsContinuationByte(line[to])) ++to;
  std::string out = from > 0 ? "…" : "";
  for (const char c : line.substr(from, to - from)) {
    if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", static_cast<unsigned char>(c));
      out += escaped;
    } else {
      out += c;
    }
  }
  if (to < line.size()) out += "…";
  return out;
}

}  // namespace

std::string DescribeFirstDifference(std::string_view expected, std::string_view actual) {
  if (expected == actual) return "";
  const auto mismatch =
      std::mismatch(expected.begin(), expected.end(), actual.begin(), actual.end());
  const auto offset = static_cast<std::size_t>(mismatch.first - expected.begin());
  const LineAt line = LineOf(expected, offset);
  const std::size_t column = offset - line.begin;

  std::string out = "@@ first difference: line " + std::to_string(line.number) + ", byte " +
                    std::to_string(column + 1) + " of the line (offset " + std::to_string(offset) +
                    ") @@\n";
  if (line.number > 1) {
    const std::size_t previous_begin = LineOf(expected, line.begin - 1).begin;
    out += "  " + Excerpt(LineFrom(expected, previous_begin), column) + "\n";
  }
  if (offset >= expected.size()) {
    out += "- (expected ends here)\n";
  } else {
    out += "- " + Excerpt(LineFrom(expected, line.begin), column) + "\n";
  }
  if (offset >= actual.size()) {
    out += "+ (actual ends here)\n";
  } else {
    out += "+ " + Excerpt(LineFrom(actual, line.begin), column) + "\n";
  }
  out += "expected " + std::to_string(expected.size()) + " bytes, actual " +
         std::to_string(actual.size()) + " bytes";
  return out;
}

}  // namespace tracedoc::golden
