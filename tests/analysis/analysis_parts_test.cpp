// Two small pieces the memory outputs and the timeline share: when a capture ended (the
// terminal, or for trace/6 the latest host evidence), and a per-category byte map as JSON in
// name order, which is not the enum's order.
#include <cstdint>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "analysis/capture_end.hpp"
#include "analysis/category_json.hpp"
#include "analysis/memory_records.hpp"
#include "support/fold_trace.hpp"
#include "support/test_traces.hpp"

namespace tracedoc::analysis {
namespace {

TEST(CaptureEndTest, IsTheTerminalsTimestampWhenThereIsOne) {
  const std::string text = std::string(testdata::kMeta10) + "\n" +
                           R"({"kind":"span_start","id":"a","name":"a","start_ns":10,"span_kind":"function","measured":false})"
                           "\n" R"({"kind":"span_end","id":"a","duration_ns":5})" "\n"
                           R"({"kind":"terminal","outcome":"complete","timestamp_ns":900})" "\n";
  EXPECT_EQ(CaptureEndNs(testing::FoldTrace(text)), 900u);
}

TEST(CaptureEndTest, ATrace6DocumentEndsAtItsLatestHostEvidence) {
  const std::string text =
      std::string(testdata::kMeta6) + "\n" +
      R"({"kind":"span_start","id":"a","name":"a","start_ns":10,"span_kind":"function"})"
      "\n" R"({"kind":"span_end","id":"a","duration_ns":5})" "\n"
      R"({"kind":"span_start","id":"b","name":"b","start_ns":40,"span_kind":"function"})" "\n";
  // "a" ends at 15; "b" is open, so its start (40) is the latest evidence.
  EXPECT_EQ(CaptureEndNs(testing::FoldTrace(text)), 40u);
}

using testing::CategoryJson;

TEST(CategoryJsonTest, PresentCategoriesInByteWiseNameOrder) {
  CategoryLiveBytes bytes;
  bytes.Set(MemoryCategory::kParameter, 3);
  bytes.Set(MemoryCategory::kActivation, 1);
  bytes.Set(MemoryCategory::kOther, 0);  // present with 0 bytes: written
  EXPECT_EQ(CategoryJson(bytes), R"({"activation":1,"other":0,"parameter":3})");
  EXPECT_EQ(CategoryJson(CategoryLiveBytes{}), "{}");
  EXPECT_EQ(CategoriesByName().front(), MemoryCategory::kActivation);
  EXPECT_EQ(CategoriesByName().back(), MemoryCategory::kParameter);
}

}  // namespace
}  // namespace tracedoc::analysis
