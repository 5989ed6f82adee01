// Two pieces of health on their own: the span lookup its reference checks use (by id, through
// the span index, remembering the last answer), and the `issues` array both report shapes write.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "emit/json_emitter.hpp"
#include "health/issues_json.hpp"
#include "health/span_lookup.hpp"
#include "support/fold_trace.hpp"
#include "support/test_traces.hpp"

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
  SpanLookup spans(document);
  const SpanRecord* a = spans.Find("a");
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->name, "first");
  EXPECT_EQ(spans.Find("a"), a);  // the remembered answer is the same record
  ASSERT_NE(spans.Find("b"), nullptr);
  EXPECT_EQ(spans.Find("b")->duration_ns, 50u);
  EXPECT_EQ(spans.Find("c"), nullptr);
  EXPECT_EQ(spans.Find(""), nullptr);
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
