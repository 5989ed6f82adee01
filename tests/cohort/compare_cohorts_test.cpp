// CompareCohorts end to end: a known shift is found (in the measured region and in the one op
// that changed), no shift is found in at least 95 of 100 seeded cohorts, ineligible runs get no
// estimate, the output is the same for the same inputs, and bad options are refused.
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cohort_test_runs.hpp"
#include "tracedoc/cohort.hpp"

namespace tracedoc {
namespace {

using testing::CohortRun;
using testing::DrawCohort;
using testing::Fold;
using testing::FoldedCohort;

CohortComparison Compare(const FoldedCohort& baseline, const FoldedCohort& candidate,
                         const CompareOptions& options = {}) {
  Result<CohortComparison> comparison =
      CompareCohorts(baseline.pointers, candidate.pointers, options);
  EXPECT_TRUE(comparison.has_value());
  return std::move(comparison).value();
}

const OpNameEstimate& OpNamed(const CohortComparison& comparison, std::string_view name) {
  for (const OpNameEstimate& op : comparison.op_names) {
    if (op.op_name == name) return op;
  }
  ADD_FAILURE() << "no op " << name;
  return comparison.op_names.front();
}

TEST(CompareCohortsTest, AQuarterSlowerMatmulIsFoundInTheRegionAndInItsOp) {
  std::mt19937_64 engine(42);
  const FoldedCohort baseline = Fold(DrawCohort("a", 10, 10'000'000, 4'000'000, 400'000, engine));
  std::vector<CohortRun> slower = DrawCohort("b", 10, 11'000'000, 5'000'000, 400'000, engine);
  const FoldedCohort candidate = Fold(slower);
  const CohortComparison comparison = Compare(baseline, candidate);
  EXPECT_EQ(comparison.verdict, CohortVerdict::kCandidateSlower);
  EXPECT_TRUE(comparison.reasons.empty());
  EXPECT_FALSE(comparison.paired);
  ASSERT_TRUE(comparison.measured_region.has_value());
  EXPECT_GT(comparison.measured_region->interval_low_ns, 0);
  ASSERT_EQ(comparison.op_names.size(), 2u);
  EXPECT_EQ(comparison.op_names[0].op_name, "matmul");  // the larger total first
  const DurationChange& matmul = OpNamed(comparison, "matmul").change;
  EXPECT_EQ(matmul.verdict, CohortVerdict::kCandidateSlower);
  EXPECT_NEAR(*matmul.relative_delta, 0.25, 0.06);
  EXPECT_LE(matmul.adjusted_p_value, 0.05);
  EXPECT_EQ(OpNamed(comparison, "relu").change.verdict, CohortVerdict::kInconclusive);
  // The span paths: the root and the measured span both grew with the measured region.
  ASSERT_EQ(comparison.span_paths.size(), 2u);
  EXPECT_EQ(comparison.span_paths[0].path, "bench::step");
  EXPECT_EQ(comparison.span_paths[1].path, "bench::step/measured");
  EXPECT_EQ(comparison.span_paths[1].change.verdict, CohortVerdict::kCandidateSlower);
  EXPECT_EQ(comparison.span_paths[1].change.median_delta_ns,
            comparison.measured_region->median_delta_ns);
}

// Issue 42, item 7: five runs a side in which matmul takes 40 % longer in every candidate run
// (no overlap) and nothing else changes. The permutation test of the median left it at
// adjusted p 0.146, `inconclusive`, beside an interval wholly above 0; Mann–Whitney's exact
// p is 2/252 = 0.0079, 0.032 after Holm over the 4 parts: found, with the interval it is
// decided by, and only it.
TEST(CompareCohortsTest, FiveRunsASideFindTheOneOpFortyPercentSlowerAndNothingElse) {
  std::vector<CohortRun> baseline;
  std::vector<CohortRun> candidate;
  for (int i = 0; i < 5; ++i) {
    const auto at = static_cast<std::uint64_t>(i);
    // The same measured times and relu times in both cohorts, in another order.
    baseline.push_back({.run_id = "a" + std::to_string(i), .measured_ns = 1'000'000 + 1000 * at,
                        .ops = {{"matmul", 100'000 + 2'000 * at}, {"relu", 30'000 + 500 * at}}});
    candidate.push_back({.run_id = "b" + std::to_string(i),
                         .measured_ns = 1'000'000 + 1000 * (4 - at),
                         .ops = {{"matmul", 140'000 + 2'000 * at}, {"relu", 30'000 + 500 * (4 - at)}}});
  }
  const CohortComparison comparison = Compare(Fold(baseline), Fold(candidate));
  EXPECT_EQ(comparison.verdict, CohortVerdict::kInconclusive);
  const DurationChange& matmul = OpNamed(comparison, "matmul").change;
  EXPECT_EQ(matmul.verdict, CohortVerdict::kCandidateSlower);
  EXPECT_NEAR(matmul.p_value, 2.0 / 252, 1e-15);
  EXPECT_NEAR(matmul.adjusted_p_value, 8.0 / 252, 1e-15);
  // The shift: the median of 40,000 + 2,000 · (j − i); the interval at Holm's first level
  // (0.05 / 4): the smallest and largest of those differences.
  EXPECT_EQ(matmul.shift_ns, 40'000);
  EXPECT_EQ(matmul.interval_low_ns, 32'000);
  EXPECT_EQ(matmul.interval_high_ns, 48'000);
  EXPECT_DOUBLE_EQ(matmul.interval_confidence, 0.9875);
  EXPECT_EQ(OpNamed(comparison, "relu").change.verdict, CohortVerdict::kInconclusive);
  ASSERT_EQ(comparison.span_paths.size(), 2u);
  for (const SpanPathEstimate& path : comparison.span_paths) {
    EXPECT_EQ(path.change.verdict, CohortVerdict::kInconclusive) << path.path;
    EXPECT_EQ(path.change.p_value, 1) << path.path;
    EXPECT_LE(path.change.interval_low_ns, 0);
    EXPECT_GE(path.change.interval_high_ns, 0);
  }
  ASSERT_TRUE(comparison.parts_power.has_value());
  EXPECT_TRUE(comparison.parts_power->reachable);
}

// With two runs a side no part can be found among four (2/C(4, 2) · 4 ≥ 1): the comparison says
// so, and that five runs a side could, instead of leaving four `inconclusive` to be guessed at.
TEST(CompareCohortsTest, TwoRunsASideSayTheyCannotFindAnyPart) {
  std::vector<CohortRun> baseline = {{.run_id = "a0", .ops = {{"matmul", 100}}},
                                     {.run_id = "a1", .ops = {{"matmul", 101}}}};
  std::vector<CohortRun> candidate = {{.run_id = "b0", .ops = {{"matmul", 200}}},
                                      {.run_id = "b1", .ops = {{"matmul", 201}}}};
  const CohortComparison comparison =
      Compare(Fold(baseline), Fold(candidate), {.min_runs = 2, .resamples = 100});
  ASSERT_EQ(comparison.op_names.size(), 1u);
  EXPECT_EQ(comparison.op_names[0].change.verdict, CohortVerdict::kInconclusive);
  EXPECT_TRUE(std::isinf(comparison.op_names[0].change.interval_low_ns));
  ASSERT_TRUE(comparison.parts_power.has_value());
  EXPECT_FALSE(comparison.parts_power->reachable);
  EXPECT_EQ(comparison.parts_power->smallest_adjusted_p_value, 1);
  // matmul and two span paths: 3 parts; 2 · 3 / C(2k, k) ≤ 0.05 from C(10, 5) = 252.
  EXPECT_EQ(comparison.parts_power->runs_a_side_needed, 5u);
  const std::string json = WriteCohortComparisonJson(comparison);
  EXPECT_NE(json.find(R"("interval_ns":[null,null])"), std::string::npos) << json;
  EXPECT_TRUE(json.ends_with(
      R"("parts_power":{"smallest_adjusted_p_value":1.0,"reachable":false,"runs_a_side_needed":5}})"))
      << json;
}

// The builder keeps nothing of a run but its facts and totals: every document is gone before
// the comparison, and the result is CompareCohorts's on the same runs.
TEST(CompareCohortsTest, ABuilderGivenRunsOneAtATimeComparesAsTheDocumentsDo) {
  std::mt19937_64 engine(8);
  const std::vector<CohortRun> baseline = DrawCohort("a", 6, 5000, 1000, 100, engine);
  const std::vector<CohortRun> candidate = DrawCohort("b", 6, 5600, 1300, 100, engine);
  CohortBuilder builder;
  for (const CohortRun& run : baseline) {
    builder.AddRun(CohortSide::kBaseline, testing::FoldTrace(testing::CohortRunJsonl(run)));
  }
  for (const CohortRun& run : candidate) {
    builder.AddRun(CohortSide::kCandidate, testing::FoldTrace(testing::CohortRunJsonl(run)));
  }
  const Result<CohortComparison> streamed = builder.Compare({.resamples = 500});
  ASSERT_TRUE(streamed.has_value());
  EXPECT_EQ(streamed.value(), Compare(Fold(baseline), Fold(candidate), {.resamples = 500}));
  EXPECT_EQ(streamed.value().op_names.size(), 2u);
}

TEST(CompareCohortsTest, NoShiftIsInconclusiveInAtLeast95Of100Seeds) {
  int region_inconclusive = 0;
  int ops_inconclusive = 0;
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    std::mt19937_64 engine(seed);
    const FoldedCohort baseline = Fold(DrawCohort("a", 5, 10'000'000, 4'000'000, 400'000, engine));
    const FoldedCohort candidate = Fold(DrawCohort("b", 5, 10'000'000, 4'000'000, 400'000, engine));
    const CohortComparison comparison = Compare(baseline, candidate, {.resamples = 2000});
    region_inconclusive += comparison.verdict == CohortVerdict::kInconclusive;
    bool all = true;
    for (const OpNameEstimate& op : comparison.op_names) {
      all = all && op.change.verdict == CohortVerdict::kInconclusive;
    }
    for (const SpanPathEstimate& path : comparison.span_paths) {
      all = all && path.change.verdict == CohortVerdict::kInconclusive;
    }
    ops_inconclusive += all;
  }
  EXPECT_GE(region_inconclusive, 95);
  EXPECT_GE(ops_inconclusive, 95);
}

TEST(CompareCohortsTest, IneligibleRunsGetEveryReasonAndNoEstimate) {
  std::mt19937_64 engine(1);
  const FoldedCohort baseline = Fold(DrawCohort("a", 4, 1000, 100, 10, engine));
  std::vector<CohortRun> runs = DrawCohort("b", 5, 1000, 100, 10, engine);
  runs[3].measurement_scope = "profiled_work";
  const FoldedCohort candidate = Fold(runs);
  const CohortComparison comparison = Compare(baseline, candidate);
  EXPECT_EQ(comparison.verdict, CohortVerdict::kIneligible);
  // The scope is part of the contract: that run breaks two rules.
  ASSERT_EQ(comparison.reasons.size(), 3u);
  EXPECT_EQ(comparison.reasons[0].rule, CohortRule::kTooFewBaselineRuns);
  EXPECT_EQ(comparison.reasons[1].rule, CohortRule::kDifferentCaptureContract);
  EXPECT_EQ(comparison.reasons[2].rule, CohortRule::kNotProductionEquivalent);
  EXPECT_FALSE(comparison.measured_region.has_value());
  EXPECT_TRUE(comparison.op_names.empty());
  EXPECT_TRUE(comparison.span_paths.empty());
  EXPECT_EQ(
      WriteCohortComparisonJson(comparison),
      R"({"schema":"tracedoc/comparison/1","verdict":"ineligible","reasons":[)"
      R"({"rule":"too_few_baseline_runs","side":"baseline","first_run":0,"runs":4,)"
      R"("message":"the baseline has 4 runs; a comparison needs at least 5"},)"
      R"({"rule":"different_capture_contract","side":"candidate","first_run":3,"runs":1,)"
      R"("message":"candidate run 3 has another capture_contract"},)"
      R"({"rule":"not_production_equivalent","side":"candidate","first_run":3,"runs":1,)"
      R"("message":"candidate run 3 does not declare measurement_scope production_equivalent"}],)"
      R"("baseline_runs":4,"candidate_runs":5,"paired":false,"measured_region":null,"op_names":[],)"
      R"("span_paths":[],"parts_power":null})");
}

TEST(CompareCohortsTest, TheSameInputsGiveTheSameJson) {
  std::mt19937_64 engine(9);
  const FoldedCohort baseline = Fold(DrawCohort("a", 6, 5000, 1000, 100, engine));
  const FoldedCohort candidate = Fold(DrawCohort("b", 6, 5200, 1000, 100, engine));
  const std::string first = WriteCohortComparisonJson(Compare(baseline, candidate));
  EXPECT_EQ(first, WriteCohortComparisonJson(Compare(baseline, candidate)));
  EXPECT_NE(first.find(R"("measured_region":{"baseline_median_ns":)"), std::string::npos) << first;
  EXPECT_NE(first.find(R"("op_names":[{"op_name":"matmul",)"), std::string::npos) << first;
}

TEST(CompareCohortsTest, OptionsOutsideTheirRangesAreInvalidValues) {
  const std::vector<const TraceDocument*> none;
  for (const CompareOptions& options :
       {CompareOptions{.resamples = 0}, CompareOptions{.confidence = 1},
        CompareOptions{.family_alpha = 0}}) {
    const Result<CohortComparison> comparison = CompareCohorts(none, none, options);
    ASSERT_FALSE(comparison.has_value());
    EXPECT_EQ(comparison.error().code, ErrorCode::kInvalidValue);
    EXPECT_EQ(comparison.error().field, "options");
  }
}

TEST(CompareCohortsTest, NoRunsAtAllAreTwoReasonsNotACrash) {
  const std::vector<const TraceDocument*> none;
  const Result<CohortComparison> comparison = CompareCohorts(none, none);
  ASSERT_TRUE(comparison.has_value());
  EXPECT_EQ(comparison.value().verdict, CohortVerdict::kIneligible);
  EXPECT_EQ(comparison.value().reasons.size(), 2u);
}

// Twenty runs of 20,000 ops over 1,000 op names (4 × 10^5 events): the 50 largest names are
// estimated, ranked by their total, and the one name made slower is the one found slower among
// 50 comparisons (ten runs a side: five could not show it past Holm's adjustment).
TEST(CompareCohortsTest, LargeRunsEstimateTheLargestOpNamesOnly) {
  std::mt19937_64 engine(5);
  const auto draw = [&](const std::string& prefix, std::uint64_t slow_factor) {
    std::vector<CohortRun> runs = DrawCohort(prefix, 10, 1'000'000'000, 1000, 100, engine);
    for (CohortRun& run : runs) {
      run.ops.clear();
      for (int i = 0; i < 20'000; ++i) {
        const int name = i % 1000;
        // Name k's ops take 1000 + k ns (± noise), so the largest totals are names 999 down.
        std::uint64_t ns = 1000 + static_cast<std::uint64_t>(name) +
                           static_cast<std::uint64_t>(50 * (1 + testing::BellNoise(engine)));
        if (name == 990) ns *= slow_factor;
        run.ops.emplace_back("op" + std::to_string(name), ns);
      }
    }
    return Fold(runs);
  };
  const FoldedCohort baseline = draw("a", 1);
  const FoldedCohort candidate = draw("b", 2);
  const CohortComparison comparison =
      Compare(baseline, candidate, {.resamples = 4000, .max_span_paths = 0});
  ASSERT_EQ(comparison.op_names.size(), 50u);
  EXPECT_EQ(comparison.op_names[0].op_name, "op990");  // doubled in the candidate
  for (const OpNameEstimate& op : comparison.op_names) {
    EXPECT_EQ(op.change.verdict, op.op_name == "op990" ? CohortVerdict::kCandidateSlower
                                                       : CohortVerdict::kInconclusive)
        << op.op_name;
  }
}

}  // namespace
}  // namespace tracedoc
