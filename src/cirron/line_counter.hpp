// Byte offsets of a batch file as the 1-based line and column a diagnostic names, found by one
// forward pass however many are asked for, when they are asked in order.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace tracedoc::cirron {

struct TextPosition {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

class LineCounter {
 public:
  explicit LineCounter(std::string_view text) : text_(text) {}

  /// The line and byte column (both 1-based) of `offset`. Offsets asked in increasing order
  /// cost one pass over the text in all; an earlier one starts again from the top.
  TextPosition At(std::size_t offset) noexcept {
    offset = std::min(offset, text_.size());
    if (offset < at_) {
      at_ = 0;
      line_ = 1;
      line_start_ = 0;
    }
    const char* const begin = text_.data();
    const char* at = begin + at_;
    const char* const end = begin + offset;
    while (at < end) {
      const void* newline = std::memchr(at, '\n', static_cast<std::size_t>(end - at));
      if (newline == nullptr) break;
      ++line_;
      at = static_cast<const char*>(newline) + 1;
      line_start_ = static_cast<std::size_t>(at - begin);
    }
    at_ = offset;
    return TextPosition{line_, static_cast<std::uint32_t>(offset - line_start_ + 1)};
  }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
  std::uint32_t line_ = 1;
  std::size_t line_start_ = 0;
};

}  // namespace tracedoc::cirron
