// Where two texts first differ, told the way a unified diff would: the line number, the line
// before it for context, then the expected and the actual line around the first differing byte.
#ifndef TRACEDOC_TESTS_GOLDEN_FIRST_DIFFERENCE_HPP_
#define TRACEDOC_TESTS_GOLDEN_FIRST_DIFFERENCE_HPP_

#include <string>
#include <string_view>

namespace tracedoc::golden {

/// A few lines that show the first difference between `expected` and `actual`, or "" when they
/// are equal. Long lines (a document is one line) are cut to a window around the difference;
/// control characters are shown escaped (`\r`, `\x01`) so that a CR or a tab is visible.
std::string DescribeFirstDifference(std::string_view expected, std::string_view actual);

}  // namespace tracedoc::golden

#endif  // TRACEDOC_TESTS_GOLDEN_FIRST_DIFFERENCE_HPP_
