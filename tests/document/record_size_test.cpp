// The sizes of the records a document holds one of per input line, as docs/performance.md
// ("Memory") gives them: they set the memory a large trace takes, so a change should be seen and
// that table updated. Checked here rather than by static_assert in the public headers: the sizes hold for
// libstdc++ on a 64-bit target, and a program built with another standard library must still
// compile those headers.
#include <gtest/gtest.h>

#include <cstdint>

#include "tracedoc/document.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc {
namespace {

TEST(RecordSizeTest, RecordsHaveTheSizesThePerformancePageGives) {
#if !defined(__GLIBCXX__) || UINTPTR_MAX != UINT64_MAX
  GTEST_SKIP() << "docs/performance.md gives the sizes for libstdc++ on a 64-bit target";
#endif
  EXPECT_EQ(sizeof(OpRecord), 176u);
  EXPECT_EQ(sizeof(MemoryRecord), 168u);
  EXPECT_EQ(sizeof(TensorRecord), 152u);
  EXPECT_EQ(sizeof(SpanRecord), 128u);
  EXPECT_EQ(sizeof(TensorStatsRecord), 120u);
  EXPECT_EQ(sizeof(DeviceMemoryRecord), 104u);
  EXPECT_EQ(sizeof(GradientRecord), 88u);
  EXPECT_EQ(sizeof(EdgeRecord), 64u);
}

}  // namespace
}  // namespace tracedoc
