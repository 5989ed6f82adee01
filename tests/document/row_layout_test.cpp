// A row layout (document/row_layout.hpp): fields packed in order without padding, the presence
// flags of optional numbers (each its own bit, absent and zero told apart), and a Value member
// read and written in place.
#include "document/row_layout.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include "document/record_rows.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::detail {
namespace {

using DeviceMemoryRow = RowCodec<DeviceMemoryRecord>;

TEST(RowLayoutTest, FieldsArePackedInOrderWithOneFlagsByteLast) {
  // timestamp 8, device 4 + its size 1, four optional numbers 8 each, unknown 4 + 4, flags 1.
  EXPECT_EQ(DeviceMemoryRow::kOffsets[0], 0u);
  EXPECT_EQ(DeviceMemoryRow::kOffsets[1], 8u);
  EXPECT_EQ(DeviceMemoryRow::kOffsets[2], 13u);
  EXPECT_EQ(DeviceMemoryRow::kOffsets[6], 45u);
  EXPECT_EQ(DeviceMemoryRow::kFlagCount, 4u);
  EXPECT_EQ(DeviceMemoryRow::kBytes, 54u);
  EXPECT_EQ(RowCodec<EdgeRecord>::kFlagCount, 0u);
  EXPECT_EQ(RowCodec<EdgeRecord>::kBytes, 27u) << "no flags byte without optional numbers";
}

TEST(RowLayoutTest, AbsentAndZeroOptionalNumbersStayApart) {
  util::StringPool pool;
  DeviceMemoryRecord sample;
  sample.timestamp_ns = std::numeric_limits<std::uint64_t>::max();
  sample.device = "cuda:1";
  sample.used_bytes = 0;
  sample.reserved_bytes = 1ull << 40;
  const std::optional<DeviceMemoryRow::Row> row = DeviceMemoryRow::Encode(sample, pool);
  ASSERT_TRUE(row);
  const DeviceMemoryRecord back = DeviceMemoryRow::Decode(*row, *pool.directory());
  EXPECT_EQ(back, sample);
  EXPECT_EQ(back.used_bytes, std::optional<std::uint64_t>(0));
  EXPECT_FALSE(back.free_bytes.has_value());
  EXPECT_FALSE(back.capacity_bytes.has_value());

  GradientRecord gradient;
  gradient.event_id = "g";
  gradient.norm = -0.0;
  const auto gradient_row = RowCodec<GradientRecord>::Encode(gradient, pool);
  ASSERT_TRUE(gradient_row);
  const GradientRecord gradient_back = RowCodec<GradientRecord>::Decode(*gradient_row, *pool.directory());
  ASSERT_TRUE(gradient_back.norm.has_value());
  EXPECT_TRUE(std::signbit(*gradient_back.norm)) << "the double's bits as they were";
}

TEST(RowLayoutTest, AValueIsReadAndWrittenInPlace) {
  util::StringPool pool;
  DeviceIntervalRecord interval;
  interval.span_id = "s";
  interval.start_ns = 500;
  interval.duration_ns = 9;
  auto row = RowCodec<DeviceIntervalRecord>::Encode(interval, pool);
  ASSERT_TRUE(row);
  EXPECT_EQ(RowCodec<DeviceIntervalRecord>::Read<&DeviceIntervalRecord::start_ns>(*row), 500u);
  RowCodec<DeviceIntervalRecord>::Write<&DeviceIntervalRecord::start_ns>(*row, 20);
  const DeviceIntervalRecord back = RowCodec<DeviceIntervalRecord>::Decode(*row, *pool.directory());
  EXPECT_EQ(back.start_ns, 20u);
  EXPECT_EQ(back.duration_ns, 9u) << "its neighbour untouched";
  EXPECT_EQ(back.span_id, "s");
}

}  // namespace
}  // namespace tracedoc::detail
