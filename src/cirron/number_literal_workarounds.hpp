// Workarounds for two number-parsing defects of RapidJSON 1.1.0, applied to a batch's text before
// RapidJSON parses it. Each rewrite keeps every byte offset, so errors keep their line, column and
// order, and no accepted value changes:
// - Its full-precision parser normalizes a zero significand with __builtin_clzll(0), which is
//   undefined, for zero literals with a large exponent or a long fraction (`0e-32`, `0.000…0`),
//   also when junk follows (`0e212e9`). Such a literal becomes `0.0` (or `-0.0`) padded with
//   spaces: the same value and the same JSON type.
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
