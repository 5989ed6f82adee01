// The measured time of a run: measured spans only, an open one adding 0, saturating.
#include "analysis/measured_total.hpp"

#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

namespace tracedoc::analysis {
namespace {

SpanRecord Span(bool measured, bool closed, std::uint64_t duration_ns) {
  SpanRecord span;
  span.measured = measured;
  span.closed = closed;
  span.duration_ns = closed ? duration_ns : 0;
  return span;
}

TEST(MeasuredTotalTest, SumsTheMeasuredSpansOnly) {
  const std::vector<SpanRecord> spans = {Span(true, true, 100), Span(false, true, 1000),
                                         Span(true, false, 7), Span(true, true, 23)};
  EXPECT_EQ(MeasuredTotalNs(spans), 123u);
  EXPECT_EQ(MeasuredTotalNs({}), 0u);
}

TEST(MeasuredTotalTest, SaturatesAtTheLargestU64) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  const std::vector<SpanRecord> spans = {Span(true, true, kMax - 5), Span(true, true, 10)};
  EXPECT_EQ(MeasuredTotalNs(spans), kMax);
}

}  // namespace
}  // namespace tracedoc::analysis
