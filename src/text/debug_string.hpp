// The reference's `{:?}` debug rendering of strings and f64 values, used inside health and fold
// messages (docs/analyses.md §6.11.1).
#pragma once

#include <string>
#include <string_view>

namespace tracedoc::text {

// True when the debug rendering writes `code_point` as \u{h}: Grapheme_Extend, or
// General_Category Cc Cf Cs Co Cn Zl Zp Zs other than U+0020 (Unicode 17.0.0). The characters
// with short escapes (\0 \t \n \r) are in this set too; the renderer checks those first.
bool IsDebugEscaped(char32_t code_point) noexcept;

// Appends `valid_utf8` in double quotes with \0 \t \n \r \" \\ and \u{h} escapes, e.g.
// `e` U+0301 renders as "e\u{301}". The input must be valid UTF-8.
void AppendDebugQuoted(std::string& out, std::string_view valid_utf8);
std::string DebugQuoted(std::string_view valid_utf8);

// Appends the debug form of an f64: NaN, inf, -inf, -0.0, 0.5, 1e-5, 1e16, ... with the
// shortest round-trip digits; an exact tie between two shortest candidates takes the one of
// larger magnitude (1658206780088562.25 -> 1658206780088562.3).
void AppendDebugF64(std::string& out, double v);
std::string DebugF64(double v);

}  // namespace tracedoc::text
