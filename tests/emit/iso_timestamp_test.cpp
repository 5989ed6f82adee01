// Unix nanoseconds as the ISO-8601 UTC text a converted trace's meta holds: nine fractional
// digits always, leap days, and the far end of the u64 range.
#include "emit/iso_timestamp.hpp"

#include <cstdint>

#include <gtest/gtest.h>

namespace tracedoc::emit {
namespace {

TEST(IsoTimestampTest, WritesUtcWithNineFractionalDigits) {
  EXPECT_EQ(IsoTimestamp(0), "1970-01-01T00:00:00.000000000Z");
  EXPECT_EQ(IsoTimestamp(1), "1970-01-01T00:00:00.000000001Z");
  EXPECT_EQ(IsoTimestamp(1764000000123456789u), "2025-11-24T16:00:00.123456789Z");
}

TEST(IsoTimestampTest, CountsLeapDaysAndReachesTheEndOfTheRange) {
  // 2024-02-29T12:00:00Z and the day after.
  EXPECT_EQ(IsoTimestamp(1709208000000000000u), "2024-02-29T12:00:00.000000000Z");
  EXPECT_EQ(IsoTimestamp(1709294400000000000u), "2024-03-01T12:00:00.000000000Z");
  EXPECT_EQ(IsoTimestamp(UINT64_MAX), "2554-07-21T23:34:33.709551615Z");
}

}  // namespace
}  // namespace tracedoc::emit
