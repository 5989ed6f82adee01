// Splits input bytes into physical lines: on `\n`, one trailing `\r` dropped, numbered from 1.
// Knows no JSON and no blank-line rule; the read pipeline applies those. Streams are cut into
// blocks of whole lines first (read/line_blocks.hpp), so this is the only line split.
#pragma once

#include <cstdint>
#include <string_view>

#include "tracedoc/error.hpp"

namespace tracedoc::read {

struct Line {
  std::string_view text;
  /// 1-based physical line number.
  std::uint64_t number = 0;
};

/// Lines of a buffer the caller owns.
class BufferLineReader {
 public:
  BufferLineReader(std::string_view buffer, std::size_t max_line_bytes)
      : rest_(buffer), max_line_bytes_(max_line_bytes) {}

  /// The next line; false at the end. A line over the bound fails with limit_exceeded.
  Result<bool> Next(Line& line);

 private:
  std::string_view rest_;
  std::size_t max_line_bytes_;
  std::uint64_t number_ = 0;
  bool done_ = false;
};

}  // namespace tracedoc::read
