// The second, independent JSON parse the harnesses compare the library against: RapidJSON (the
// hot path uses Boost.JSON), run as strictly as RFC 8259 reads, plus the number-range verdict.
#ifndef TRACEDOC_FUZZ_STRICT_JSON_HPP_
#define TRACEDOC_FUZZ_STRICT_JSON_HPP_

#include <cstddef>
#include <string_view>

namespace tracedoc::fuzz {

/// What RapidJSON says about one JSON text.
struct StrictJsonVerdict {
  /// Exactly one RFC 8259 value with only JSON white space around it; numbers of any magnitude.
  bool valid = false;
  /// The deepest nesting of arrays and objects opened, up to the error when invalid.
  std::size_t max_depth = 0;
  /// Valid, and some number literal rounds beyond the double range (`1e400`; not `1e-400`).
  bool number_overflows_double = false;
};

/// Parses `text` with RapidJSON's iterative reader (no recursion, so any depth is safe), UTF-8
/// validation on, full precision, and no extension (comments, NaN, trailing commas). Two places
/// where RapidJSON 1.1 differs from RFC 8259 are corrected, as strtod and serde_json read it:
/// its "number too big" is a range verdict (it fires on `0e400`), so such a literal is checked
/// against the grammar and range here; and a lone `\uDC00` escape, which it accepts, is invalid.
StrictJsonVerdict ParseStrictJson(std::string_view text);

/// ParseStrictJson(text).valid.
bool IsStrictJson(std::string_view text);

}  // namespace tracedoc::fuzz

#endif  // TRACEDOC_FUZZ_STRICT_JSON_HPP_
