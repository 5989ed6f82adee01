// The content of a JSON string as written (between its quotes, escapes and all), read back:
// for the long escaped strings the tape leaves in the line instead of copying (json_tape.hpp).
#pragma once

#include <cstddef>
#include <string_view>

namespace tracedoc::json {

/// One piece of an escaped string: either a run of characters written as they are, or the
/// UTF-8 bytes of one escape sequence (`\n`, `\u00e9`, a surrogate pair).
class EscapedStringPieces {
 public:
  /// `raw` must be the content of a valid JSON string (the parser has checked it).
  explicit EscapedStringPieces(std::string_view raw) : rest_(raw) {}

  /// The next piece, and whether it came from an escape; false after the last.
  bool Next(std::string_view& piece, bool& escaped);

 private:
  std::string_view rest_;
  char bytes_[4] = {};
};

/// Writes the unescaped text of `raw` to `out`, which has room for raw.size() bytes (the
/// unescaped text is never longer); returns its length.
std::size_t UnescapeJsonString(std::string_view raw, char* out);

}  // namespace tracedoc::json
