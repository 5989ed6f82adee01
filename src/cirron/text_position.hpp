// Byte offsets of a batch file as the 1-based line and column an error names.
#ifndef TRACEDOC_CIRRON_TEXT_POSITION_HPP_
#define TRACEDOC_CIRRON_TEXT_POSITION_HPP_

#include <algorithm>
#include <cstdint>
#include <string_view>

namespace tracedoc::cirron {

struct TextPosition {
  std::uint64_t line = 0;
  std::uint64_t column = 0;
};

/// The line (1-based) and byte column (1-based) of `offset` in `text`.
inline TextPosition PositionAt(std::string_view text, std::size_t offset) noexcept {
  offset = std::min(offset, text.size());
  const std::string_view before = text.substr(0, offset);
  const auto newlines = static_cast<std::uint64_t>(std::count(before.begin(), before.end(), '\n'));
  const std::size_t line_start = before.rfind('\n');
  const std::size_t column =
      line_start == std::string_view::npos ? offset : offset - line_start - 1;
  return TextPosition{newlines + 1, column + 1};
}

}  // namespace tracedoc::cirron

#endif  // TRACEDOC_CIRRON_TEXT_POSITION_HPP_
