// UTF-8 helpers: strict validation, code point decoding, and trimming of Unicode White_Space
// as the format defines "Trim" and "Blank" (docs/trace-format.md §0).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tracedoc::text {

// True when `bytes` is well-formed UTF-8 (Unicode Table 3-7): no overlong forms, no surrogates
// U+D800..U+DFFF, nothing above U+10FFFF, no truncated sequence, no stray continuation byte.
bool IsValidUtf8(std::string_view bytes) noexcept;
/// Where the first byte of `bytes` that starts no valid UTF-8 sequence is; npos when all are.
std::size_t FirstInvalidUtf8(std::string_view bytes) noexcept;

/// Appends `bytes` with every byte that starts no valid UTF-8 sequence replaced by U+FFFD (one
/// for each such byte): text for an output that must be UTF-8 (JSON).
void AppendReplacingInvalidUtf8(std::string& out, std::string_view bytes);

/// `valid_utf8` itself when it has at most `max_bytes` bytes; else its first `max_bytes` or
/// fewer (cut at the start of a character) followed by `…`. For names an output repeats per
/// item, which must not repeat an unbounded name.
std::string Shortened(std::string_view valid_utf8, std::size_t max_bytes);

// One decoded scalar value and the number of bytes it took.
struct DecodedCodePoint {
  char32_t code_point;
  std::size_t length;
};

// Decodes the scalar value starting at `valid_utf8[pos]` (`pos` < size). The input must be
// valid UTF-8 and `pos` must start a sequence; on other input the result is unspecified but
// no byte outside the view is read and `length` is at least 1.
DecodedCodePoint DecodeUtf8At(std::string_view valid_utf8, std::size_t pos) noexcept;

// True for the Unicode White_Space code points listed under "Trim" in docs/trace-format.md §0.
// U+FEFF (byte-order mark) is not white space.
bool IsUnicodeWhiteSpace(char32_t code_point) noexcept;

// Strips Unicode White_Space from both ends of `valid_utf8`.
std::string_view TrimUnicodeWhitespace(std::string_view valid_utf8) noexcept;

// True when `valid_utf8` is empty after TrimUnicodeWhitespace.
bool IsBlank(std::string_view valid_utf8) noexcept;

}  // namespace tracedoc::text
