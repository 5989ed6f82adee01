// Workarounds for two number-parsing defects of RapidJSON 1.1.0, applied to a batch's text before
// RapidJSON parses it. Each rewrite keeps every byte offset, so errors keep their line, column and
// order, and no accepted value changes:
// - Its full-precision parser normalizes a zero significand with __builtin_clzll(0), which is
//   undefined, for zero literals with a large exponent or a long fraction (`0e-32`, `0.000…0`),
//   also when junk follows (`0e212e9`). Such a literal becomes `0.0` (or `-0.0`) padded with
//   spaces: the same value and the same JSON type.
// - Its significand wraps to 0 when the significant digits start 18446744073709551615 and go on
//   with a digit of 5 or more (`184467440737095516159`): it then normalizes 0 as above. Such a
//   literal becomes the correctly rounded double (std::from_chars) in shortest scientific form,
//   which RapidJSON reads exactly, padded with spaces (or a too-big literal, or a signed zero,
//   where the value overflows or underflows).
// - With kParseNanAndInfFlag it reads on after `NaN` or `Infinity` into a fraction or an exponent
//   (`Infinity.5` reads as 0.5; `NaNe5` fails an assertion) and accepts the prefix `Inf`. The
//   character that continues such a literal (or the `I` of a bare `Inf`) becomes `#`, where
//   RapidJSON then reports its error.
#ifndef TRACEDOC_CIRRON_NUMBER_LITERAL_WORKAROUNDS_HPP_
#define TRACEDOC_CIRRON_NUMBER_LITERAL_WORKAROUNDS_HPP_

#include <string>
#include <string_view>

namespace tracedoc::cirron {

/// `text`, or a copy in `storage` with the rewrites above. Strings are left alone.
std::string_view DefuseNumberLiterals(std::string_view text, std::string& storage);

}  // namespace tracedoc::cirron

#endif  // TRACEDOC_CIRRON_NUMBER_LITERAL_WORKAROUNDS_HPP_
