// A row layout (document/row_layout.hpp): fields packed in order without padding, the presence
// flags of optional numbers (each its own bit, absent and zero told apart), a Value member
// read and written in place, and one member of any kind read or encoded alone (a span's row,
// which its span_end completes).
#include "document/row_layout.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

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

TEST(RowLayoutTest, OneMemberOfAnyKindIsReadAloneAndEncodedInPlace) {
  using SpanRow = RowCodec<SpanRecord>;
  EXPECT_EQ(SpanRow::kBytes, 52u);
  util::StringPool pool;
  SpanRecord span;
  span.id = "span-7";
  span.parent_id = "root";
  span.name = "forward";
  span.start_ns = 1234;
  span.step = ExecutionStep::kBackward;
  auto row = SpanRow::Encode(span, pool);
  ASSERT_TRUE(row);
  const util::ChunkDirectory& directory = *pool.directory();
  EXPECT_EQ(SpanRow::Get<&SpanRecord::id>(*row, directory), "span-7");
  EXPECT_EQ(SpanRow::Get<&SpanRecord::parent_id>(*row, directory),
            std::optional<std::string_view>("root"));
  EXPECT_EQ(SpanRow::Get<&SpanRecord::start_ns>(*row, directory), 1234u);
  EXPECT_EQ(SpanRow::Get<&SpanRecord::step>(*row, directory),
            std::optional<ExecutionStep>(ExecutionStep::kBackward));
  EXPECT_TRUE(SpanRow::Get<&SpanRecord::end_unknown>(*row, directory).empty());

  // The span_end's members, as the fold writes them when it arrives.
  std::string encoded;
  AppendUnknownField(encoded, "note", R"("late")");
  const UnknownFields unknown(encoded, 1);
  SpanRecord ended;
  ended.end_unknown = unknown;
  ended.step = std::nullopt;
  ASSERT_TRUE(SpanRow::Set<&SpanRecord::end_unknown>(*row, ended, pool));
  ASSERT_TRUE(SpanRow::Set<&SpanRecord::step>(*row, ended, pool));
  SpanRow::Write<&SpanRecord::closed>(*row, true);
  SpanRow::Write<&SpanRecord::duration_ns>(*row, 66);

  SpanRecord expected = span;
  expected.end_unknown = unknown;
  expected.step = std::nullopt;
  expected.closed = true;
  expected.duration_ns = 66;
  EXPECT_EQ(SpanRow::Decode(*row, directory), expected)
      << "each member encoded alone, the others and the absent step's flag as expected";
}

}  // namespace
}  // namespace tracedoc::detail
