// Low-level JSON text emitters for canonical output: strings, doubles and unsigned integers
// laid out byte for byte as the reference writer does (docs/tracedoc.md §4, docs/trace-format.md §1.0).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tracedoc::emit {

// How many leading bytes of `utf8` AppendJsonString copies as they are (all of them when nothing
// needs an escape).
std::size_t CleanPrefixLength(std::string_view utf8);

/// Makes room in `out` for `incoming` more bytes when they are many (64 KiB or more), with some
/// to spare for what follows. A std::string that has to grow doubles and copies itself, so an
/// output holding one large value would otherwise briefly cost three times that value.
void ReserveForLarge(std::string& out, std::size_t incoming);

// Appends `utf8` as a quoted JSON string. Bytes are copied raw; only `"`, `\` and
// U+0000..U+001F are escaped (short forms for \b \t \n \f \r, else \u00xx in lower-case hex).
// The input is not validated as UTF-8.
void AppendJsonString(std::string& out, std::string_view utf8);

// Appends `v` with the shortest round-trip digits in the reference layout: `null` when not
// finite, `0.0` / `-0.0` for zeros, `3.0`, `1.5`, `0.001`, `1e16`, `2.5e-7`, ...
void AppendJsonDouble(std::string& out, double v);

// Room PutJsonDouble needs at `out`: the longest layout is 24 bytes, but its digit runs are
// copied 16 bytes wide and may write past the end it returns.
inline constexpr std::size_t kJsonDoubleRoom = 48;

// As AppendJsonDouble, written at `out`, which has kJsonDoubleRoom bytes of room; returns the
// end of the text.
char* PutJsonDouble(char* out, double v);

// Appends `v` as a JSON integer literal.
void AppendJsonU64(std::string& out, std::uint64_t v);

}  // namespace tracedoc::emit
