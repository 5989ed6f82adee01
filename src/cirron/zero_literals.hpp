// A workaround for RapidJSON 1.1.0: its full-precision number parser normalizes a zero
// significand with __builtin_clzll(0), which is undefined, for zero literals with a large
// exponent or a long fraction (`0e-32`, `0.000…0`). Such literals are rewritten in place, keeping
// every byte offset, as `0.0` (or `-0.0`) padded with spaces: the same value and the same JSON
// type.
#ifndef TRACEDOC_CIRRON_ZERO_LITERALS_HPP_
#define TRACEDOC_CIRRON_ZERO_LITERALS_HPP_

#include <string>
#include <string_view>

namespace tracedoc::cirron {

/// `text`, or a copy in `storage` with every zero literal of the form -?0(.0+)?([eE][+-]?\d+)?
/// that has a fraction or an exponent rewritten as described above. Strings are left alone.
std::string_view DefuseZeroLiterals(std::string_view text, std::string& storage);

}  // namespace tracedoc::cirron

#endif  // TRACEDOC_CIRRON_ZERO_LITERALS_HPP_
