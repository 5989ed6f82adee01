// Pieces of health on their own: the span lookup its reference checks use (by the id's view, by
// id through the span index, remembering the last answer), and the `issues` array both report
// shapes write.
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "emit/json_emitter.hpp"
#include "health/issues_json.hpp"
#include "health/span_lookup.hpp"
#include "health/span_views.hpp"
#include "support/fold_trace.hpp"
#include "support/test_traces.hpp"
#include "support/trace_generator.hpp"

namespace tracedoc::health {
namespace {

TEST(SpanLookupTest, FindsEachSpanRecordByIdAndNothingForAnUnknownId) {
  const std::string text =
      std::string(testdata::kMeta10) + "\n" +
      R"({"kind":"span_start","id":"b","name":"second","start_ns":20,"span_kind":"function","measured":false})"
      "\n"
      R"({"kind":"span_start","id":"a","name":"first","start_ns":10,"span_kind":"function","measured":false})"
      "\n" R"({"kind":"span_end","id":"a","duration_ns":5})" "\n"
      R"({"kind":"span_end","id":"b","duration_ns":50})" "\n"
      R"({"kind":"terminal","outcome":"complete","timestamp_ns":900})" "\n";
  const TraceDocument document = testing::FoldTrace(text);
  const SpanViews views(document.spans());
  SpanLookup spans(document, views);
  const std::optional<SpanRecord> a = spans.Find("a");
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->name, "first");
  // The remembered answer is the same record: its id is the very same view.
  EXPECT_EQ(spans.Find("a")->id.data(), a->id.data());
  ASSERT_TRUE(spans.Find("b").has_value());
  EXPECT_EQ(spans.Find("b")->duration_ns, 50u);
  EXPECT_FALSE(spans.Find("c").has_value());
  EXPECT_FALSE(spans.Find("").has_value());
}

TEST(SpanViewsTest, FindsASpanByItsIdsVeryViewOnlyAndTheLaterOfTwoSpansSharingOne) {
  const std::string ids = "ab";
  std::vector<SpanRecord> spans(3);
  spans[0].id = std::string_view(ids).substr(0, 1);  // "a"
  spans[1].id = std::string_view(ids);               // "ab"
  spans[2].id = std::string_view(ids).substr(0, 1);  // "a" again, the same view
  const SpanViews views(spans);
  EXPECT_EQ(views.Find(std::string_view(ids)), 1u);
  EXPECT_EQ(views.Find(std::string_view(ids).substr(0, 1)), 2u);  // the later span
  const std::string copy = "ab";  // equal bytes elsewhere: for the span index to find
  EXPECT_EQ(views.Find(copy), std::nullopt);
  EXPECT_EQ(views.Find(std::string_view(ids).substr(1)), std::nullopt);
}

// On a generated trace of 10^5 events, every record's span is the one the span index finds,
// whether its id is the span's very view or a copy of its bytes.
TEST(SpanViewsTest, LookupsByViewAgreeWithTheSpanIndexAtScale) {
  const TraceDocument document = testing::FoldTrace(generator::GenerateTrace(100'000, 7));
  const SpanIndex index = document.span_index();
  const SpanViews views(document.spans());
  SpanLookup lookup(document, views);
  std::size_t by_view = 0;
  ASSERT_GT(document.ops().size(), 10'000u);
  for (const OpRecord& op : document.ops()) {
    const std::optional<SpanPosition> expected = index.Find(op.span_id);
    const std::optional<SpanRecord> found = lookup.Find(op.span_id);
    ASSERT_EQ(found.has_value(), expected.has_value()) << op.span_id;
    if (found) {
      // The span at the index's position: its id is the very same view.
      EXPECT_EQ(found->id.data(), document.spans()[*expected].id.data());
    }
    if (views.Find(op.span_id)) ++by_view;
    const std::string copy(op.span_id);
    const std::optional<SpanRecord> by_bytes = lookup.Find(copy);
    ASSERT_EQ(by_bytes.has_value(), found.has_value());
    if (found) {
      EXPECT_EQ(by_bytes->id.data(), found->id.data());
    }
  }
  // The fold interns ids: nearly every record names its span by the span's own view.
  EXPECT_GT(by_view, document.ops().size() * 9 / 10);
}

std::string IssuesJson(const std::vector<HealthIssue>& issues) {
  return emit::EmitJsonString(
      false, [](emit::JsonEmitter& out, const std::vector<HealthIssue>& list) {
        EmitIssues(out, list);
      },
      issues);
}

TEST(IssuesJsonTest, OneObjectPerIssueWithItsSeverityCodeAndEscapedMessage) {
  const std::vector<HealthIssue> issues{
      {HealthSeverity::kError, HealthCode::kRunProvenanceInvalid, "entrypoint \"\" is blank"},
      {HealthSeverity::kWarning, HealthCode::kDeviceMemoryAbsent, "no samples"}};
  EXPECT_EQ(IssuesJson(issues), "[{\"severity\":\"error\",\"code\":\"" +
                      std::string(HealthCodeName(HealthCode::kRunProvenanceInvalid)) +
                      "\",\"message\":\"entrypoint \\\"\\\" is blank\"},"
                      "{\"severity\":\"warning\",\"code\":\"" +
                      std::string(HealthCodeName(HealthCode::kDeviceMemoryAbsent)) +
                      "\",\"message\":\"no samples\"}]");
  EXPECT_EQ(IssuesJson({}), "[]");
}

}  // namespace
}  // namespace tracedoc::health
