// DiffTraces and the gate (docs/diff.md): a run against itself is empty (also a generated run of
// 10^5 events); injected regressions are found with exact numbers: an op 25 % slower, an extra
// storage live at the peak, a renamed span, a new health issue; the gate's thresholds are exact.
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/diff_runs.hpp"
#include "support/fold_trace.hpp"
#include "support/trace_generator.hpp"
#include "tracedoc/diff.hpp"

namespace tracedoc {
namespace {

using testdata::DiffRun;

TraceDiff DiffOf(const std::string& base, const std::string& candidate,
                 const DiffOptions& options = {}) {
  return DiffTraces(testing::FoldTrace(base), testing::FoldTrace(candidate), options);
}

std::uint64_t Threshold(std::string_view text) {
  const Result<std::uint64_t> threshold = ParseDiffThreshold(text);
  EXPECT_TRUE(threshold.has_value()) << text;
  return threshold ? threshold.value() : 0;
}

TEST(DiffTraces, ARunAgainstItselfIsEmpty) {
  const TraceDiff diff = DiffOf(DiffRun(), DiffRun());
  EXPECT_TRUE(diff.empty());
  TraceDiff expected;
  expected.total_ns = {2000, 2000};
  expected.logical_peak = {"", {150, 150}, {}};
  EXPECT_EQ(diff, expected);
  EXPECT_TRUE(FindRegressions(diff, {.threshold_millipercent = 0}).empty());
}

TEST(DiffTraces, AGeneratedRunOfAHundredThousandEventsAgainstItselfIsEmpty) {
  const std::string text = generator::GenerateTrace(100'000, 30);
  const TraceDocument base = testing::FoldTrace(text);
  const TraceDocument candidate = testing::FoldTrace(text);
  ASSERT_GT(base.spans().size() + base.ops().size() + base.memory().size(), 60'000u);
  const TraceDiff diff = DiffTraces(base, candidate);
  EXPECT_TRUE(diff.empty());
  EXPECT_TRUE(diff.spans.empty());
  EXPECT_TRUE(diff.ops.empty());
  EXPECT_TRUE(FindRegressions(diff, {.threshold_millipercent = 0}).empty());
  // Every path and op name is aligned with itself when the unchanged are listed too.
  const TraceDiff every = DiffTraces(base, candidate, {.include_unchanged = true});
  EXPECT_TRUE(every.empty());
  EXPECT_EQ(every.spans.size(), base.spans().size());
  EXPECT_EQ(every.ops.size(), 5u);
}

TEST(DiffTraces, AnOpTwentyFivePercentSlowerHasExactFigures) {
  const TraceDiff diff = DiffOf(DiffRun(), DiffRun({.matmul_ns = 1250}));
  EXPECT_FALSE(diff.empty());
  ASSERT_EQ(diff.ops.size(), 1u);
  const OpChange& op = diff.ops[0];
  EXPECT_EQ(op.op_name, "matmul");
  EXPECT_EQ(op.base, (OpStats{1, 1000, 1000.0, 1000, 1000, 1000}));
  EXPECT_EQ(op.candidate, (OpStats{1, 1250, 1250.0, 1250, 1250, 1250}));
  EXPECT_EQ(op.delta_ns(), 250);
  EXPECT_EQ(op.ratio(), 1.25);
  // The spans' own durations are as they were.
  EXPECT_TRUE(diff.spans.empty());
  EXPECT_EQ(diff.total_ns, (FigureChange{2000, 2000}));
}

TEST(DiffTraces, TheGateTripsOnlyAboveItsThreshold) {
  const TraceDiff diff = DiffOf(DiffRun(), DiffRun({.matmul_ns = 1250}));
  // Exactly 25 % is not more than 25 %.
  EXPECT_TRUE(FindRegressions(diff, {.threshold_millipercent = Threshold("25%")}).empty());
  EXPECT_EQ(FindRegressions(diff, {.threshold_millipercent = Threshold("24.999%")}),
            (std::vector<Regression>{{RegressionKind::kOpTime, "matmul", {1000, 1250}}}));
}

TEST(DiffTraces, AnExtraStorageLiveAtThePeakRaisesItAndTripsTheDevice) {
  const TraceDiff diff = DiffOf(DiffRun(), DiffRun({.extra_storage = true}));
  EXPECT_EQ(diff.logical_peak.live_bytes, (FigureChange{150, 214}));
  EXPECT_EQ(diff.logical_peak.live_bytes.delta(), 64);
  const PeakSiteChange site{"train/forward", std::nullopt, {2, 150}, {3, 214}};
  EXPECT_EQ(diff.logical_peak.sites, std::vector<PeakSiteChange>{site});
  EXPECT_EQ(diff.device_peaks, (std::vector<PeakChange>{{"cpu", {150, 214}, {site}}}));
  // 214 / 150 is 42.666...% growth.
  EXPECT_EQ(FindRegressions(diff, {.threshold_millipercent = Threshold("42.666%")}),
            (std::vector<Regression>{{RegressionKind::kDevicePeak, "cpu", {150, 214}}}));
  EXPECT_TRUE(FindRegressions(diff, {.threshold_millipercent = Threshold("42.667%")}).empty());
}

TEST(DiffTraces, ARenamedSpanIsOnePathAddedAndOneRemoved) {
  const TraceDiff diff = DiffOf(DiffRun(), DiffRun({.child_name = "fwd"}));
  ASSERT_EQ(diff.added_spans.size(), 1u);
  ASSERT_EQ(diff.removed_spans.size(), 1u);
  EXPECT_EQ(diff.spans[diff.added_spans[0]].path, "train/fwd");
  EXPECT_EQ(diff.spans[diff.removed_spans[0]].path, "train/forward");
  EXPECT_EQ(diff.spans, (std::vector<SpanPathChange>{{"train/forward", {1, 1500, 1500}, {}},
                                                     {"train/fwd", {}, {1, 1500, 1500}}}));
  EXPECT_TRUE(diff.ops.empty());
  EXPECT_EQ(FindRegressions(diff, {.threshold_millipercent = Threshold("10%")}),
            (std::vector<Regression>{{RegressionKind::kPathAdded, "train/fwd", {}},
                                     {RegressionKind::kPathRemoved, "train/forward", {}}}));
  EXPECT_TRUE(
      FindRegressions(diff, {.threshold_millipercent = Threshold("10%"), .allow_structure = true})
          .empty());
}

TEST(DiffTraces, AHealthIssueAddedIsNewAndRemovedIsGone) {
  const TraceDiff added = DiffOf(DiffRun(), DiffRun({.unpaired_free = true}));
  EXPECT_EQ(added.new_issues, std::vector<HealthCode>{HealthCode::kUnpairedFree});
  EXPECT_TRUE(added.gone_issues.empty());
  const TraceDiff gone = DiffOf(DiffRun({.unpaired_free = true}), DiffRun());
  EXPECT_TRUE(gone.new_issues.empty());
  EXPECT_EQ(gone.gone_issues, std::vector<HealthCode>{HealthCode::kUnpairedFree});
  // Health alone never trips the gate.
  EXPECT_TRUE(FindRegressions(added, {.threshold_millipercent = 0}).empty());
}

TEST(DiffGate, ThresholdsAreExactThousandthsOfAPercent) {
  EXPECT_EQ(Threshold("10%"), 10'000u);
  EXPECT_EQ(Threshold("10"), 10'000u);
  EXPECT_EQ(Threshold("2.5%"), 2'500u);
  EXPECT_EQ(Threshold("0.125%"), 125u);
  EXPECT_EQ(Threshold("0%"), 0u);
  for (const std::string_view bad :
       {"", "%", "abc", "1.2345%", "-5%", "10%%", "1e3", ".", "5 %", "1000000001%"}) {
    const Result<std::uint64_t> threshold = ParseDiffThreshold(bad);
    ASSERT_FALSE(threshold.has_value()) << bad;
    EXPECT_EQ(threshold.error().code, ErrorCode::kInvalidValue);
  }
}

TEST(DiffGate, DeltasClampAndRatiosNeedABase) {
  constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
  EXPECT_EQ(DiffDelta(0, kMax), std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(DiffDelta(kMax, 0), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(DiffDelta(10, 4), -6);
  EXPECT_FALSE(DiffRatio(0, 5).has_value());
  EXPECT_EQ(DiffRatio(4, 5), 1.25);
  // The comparison is exact at the top of the range: growth of one in 2^64 − 2.
  TraceDiff diff;
  diff.total_ns = {kMax - 1, kMax};
  EXPECT_EQ(FindRegressions(diff, {.threshold_millipercent = 0}).size(), 1u);
  EXPECT_TRUE(FindRegressions(diff, {.threshold_millipercent = 1}).empty());
}

TEST(DiffJson, TheSlowerOpAsOneObject) {
  const TraceDiff diff = DiffOf(DiffRun(), DiffRun({.matmul_ns = 1250}));
  const std::vector<Regression> regressions =
      FindRegressions(diff, {.threshold_millipercent = Threshold("10%")});
  std::ostringstream out;
  WriteTraceDiffJson(diff, regressions, {}, out);
  EXPECT_EQ(
      out.str(),
      R"({"total_ns":{"base":2000,"candidate":2000,"delta":0,"ratio":1.0},)"
      R"("logical_peak_bytes":{"base":150,"candidate":150,"delta":0,"ratio":1.0},)"
      R"("meta":[],"structure":{"added":[],"removed":[]},"top":10,"spans":[],)"
      R"("ops":[{"op_name":"matmul",)"
      R"("base":{"count":1,"total_ns":1000,"mean_ns":1000.0,"p50_ns":1000,"p90_ns":1000,"max_ns":1000},)"
      R"("candidate":{"count":1,"total_ns":1250,"mean_ns":1250.0,"p50_ns":1250,"p90_ns":1250,"max_ns":1250},)"
      R"("delta_ns":250,"ratio":1.25}],)"
      R"("memory":{"peak_sites":[],"devices":[]},"health":{"new":[],"gone":[]},"steps":[],)"
      R"("regressions":[{"kind":"op_total_ns","subject":"matmul","base":1000,"candidate":1250,"delta":250,"ratio":1.25}]})");
}

TEST(DiffJson, TheExtraStorageAtThePeakInTheMemoryObject) {
  const TraceDiff diff = DiffOf(DiffRun(), DiffRun({.extra_storage = true}));
  std::ostringstream out;
  WriteTraceDiffJson(diff, {}, {}, out);
  const std::string site = R"({"path":"train/forward","op_name":null,"status":"changed",)"
                           R"("base":{"count":2,"bytes":150},"candidate":{"count":3,"bytes":214}})";
  EXPECT_NE(out.str().find(R"("logical_peak_bytes":{"base":150,"candidate":214,"delta":64,)"
                           R"("ratio":1.4266666666666667},)"),
            std::string::npos)
      << out.str();
  EXPECT_NE(out.str().find(R"("memory":{"peak_sites":[)" + site +
                           R"(],"devices":[{"device":"cpu","logical_peak_bytes":{"base":150,)"
                           R"("candidate":214,"delta":64,"ratio":1.4266666666666667},"sites":[)" +
                           site + "]}]}"),
            std::string::npos)
      << out.str();
}

TEST(DiffJson, TopCutsTheListsButNotTheRegressions) {
  const TraceDiff diff = DiffOf(DiffRun(), DiffRun({.child_name = "fwd", .matmul_ns = 1500}));
  ASSERT_EQ(diff.spans.size(), 2u);
  const std::vector<Regression> regressions = FindRegressions(diff, {.threshold_millipercent = 0});
  ASSERT_EQ(regressions.size(), 3u);
  std::ostringstream out;
  WriteTraceDiffJson(diff, regressions, {.top = 1}, out);
  const std::string json = out.str();
  EXPECT_NE(json.find(R"("spans":[{"path":"train/forward",)"), std::string::npos) << json;
  EXPECT_EQ(json.find(R"({"path":"train/fwd","base")"), std::string::npos) << json;
  EXPECT_NE(json.find(R"("structure":{"added":["train/fwd"],"removed":["train/forward"]})"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find(R"({"kind":"path_removed","subject":"train/forward","base":null,)"
                      R"("candidate":null,"delta":0,"ratio":null}]})"),
            std::string::npos)
      << json;
}

TEST(DiffText, TheLargestChangesAsATable) {
  const TraceDiff diff = DiffOf(DiffRun(), DiffRun({.matmul_ns = 1250}));
  std::ostringstream out;
  WriteTraceDiffText(diff, {}, {}, out);
  EXPECT_EQ(out.str(),
            "run:\n"
            "                      base  candidate  delta  change\n"
            "  total_ns            2000       2000      0  +0.00%\n"
            "  logical_peak_bytes   150        150      0  +0.00%\n"
            "\n"
            "ops (1):\n"
            "          base count  base ns  candidate count  candidate ns  delta ns   change\n"
            "  matmul           1     1000                1          1250      +250  +25.00%\n");
  std::ostringstream same;
  WriteTraceDiffText(DiffOf(DiffRun(), DiffRun()), {}, {}, same);
  EXPECT_EQ(same.str().substr(0, 15), "no differences\n");
}

}  // namespace
}  // namespace tracedoc
