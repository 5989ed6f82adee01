// A string from the input as a message echoes it: bounded, so that one finding stays one short
// line however long the string the export holds.
#ifndef TRACEDOC_TRACEML_SHOWN_INPUT_HPP_
#define TRACEDOC_TRACEML_SHOWN_INPUT_HPP_

#include <cstddef>
#include <string>
#include <string_view>

namespace tracedoc::traceml {

/// The longest part of an input string a message shows by default.
inline constexpr std::size_t kMaxShownInputBytes = 64;

/// `input` (valid UTF-8) cut to at most `max_bytes` at the start of a code point, with `...`
/// after a cut.
inline std::string ShownInput(std::string_view input, std::size_t max_bytes = kMaxShownInputBytes) {
  if (input.size() <= max_bytes) return std::string(input);
  std::size_t end = max_bytes;
  // Back up over continuation bytes (10xxxxxx) so that no code point is split.
  while (end > 0 && (static_cast<unsigned char>(input[end]) & 0xC0) == 0x80) --end;
  return std::string(input.substr(0, end)) + "...";
}

}  // namespace tracedoc::traceml

#endif  // TRACEDOC_TRACEML_SHOWN_INPUT_HPP_
