// The parser limits every line-reading handler declares: all as large as a size can be, and
// seen through the handler that derives them, as basic_parser looks them up.
#include "json/no_parser_limits.hpp"

#include <cstddef>
#include <limits>

#include <gtest/gtest.h>

namespace tracedoc::json {
namespace {

struct Handler : NoParserLimits {};

TEST(NoParserLimitsTest, EveryLimitIsTheLargestSize) {
  constexpr std::size_t kMax = std::numeric_limits<std::size_t>::max();
  EXPECT_EQ(Handler::max_object_size, kMax);
  EXPECT_EQ(Handler::max_array_size, kMax);
  EXPECT_EQ(Handler::max_key_size, kMax);
  EXPECT_EQ(Handler::max_string_size, kMax);
}

}  // namespace
}  // namespace tracedoc::json
