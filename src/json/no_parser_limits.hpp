// The limits a Boost.JSON basic_parser handler must declare, all off: the handlers that read a
// line (the tape, the fast record decoder) enforce the read's own bounds on depth and string
// bytes (ReadOptions), so the parser's counts of members, elements and bytes never stop a line.
#pragma once

#include <cstddef>

namespace tracedoc::json {

/// A base for a basic_parser handler: the largest object, array, key and string the parser
/// accepts, each as large as a size can be.
struct NoParserLimits {
  static constexpr std::size_t max_object_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_array_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_key_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_string_size = static_cast<std::size_t>(-1);
};

}  // namespace tracedoc::json
