// A part's change by its rank test against values worked by hand (the Hodges–Lehmann shift,
// the exact p-value with and without ties, the interval of the inverted test), and the
// construction that keeps the verdict and the interval from disagreeing, at every level.
#include "cohort/rank_change.hpp"

#include <cmath>
#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace tracedoc::cohort {
namespace {

TEST(CohortRankChangeTest, TwoSeparatedFiveRunCohortsAreSlowerAtHolmsFirstStep) {
  const std::vector<double> baseline = {1000, 1010, 1020, 1030, 1040};
  const std::vector<double> candidate = {1400, 1410, 1420, 1430, 1440};
  const CountNull null = CountNull::MannWhitney(5, 5);
  RankEstimate estimate = EstimateRankChange(baseline, candidate, {}, null);
  EXPECT_EQ(estimate.change.baseline_median_ns, 1020);
  EXPECT_EQ(estimate.change.median_delta_ns, 400);
  // The 25 differences are 400 + 10·(j − i), j − i in −4…4: their median is 400.
  EXPECT_EQ(estimate.change.shift_ns, 400);
  EXPECT_DOUBLE_EQ(*estimate.change.relative_delta, 400.0 / 1020);
  EXPECT_NEAR(estimate.change.p_value, 2.0 / 252, 1e-15);
  // Holm over 4 parts, first step: level 0.0125, k = 1: the smallest and largest differences.
  DecideAtLevel(estimate, null, 0.05, 4);
  EXPECT_EQ(estimate.change.interval_low_ns, 360);
  EXPECT_EQ(estimate.change.interval_high_ns, 440);
  EXPECT_DOUBLE_EQ(estimate.change.interval_confidence, 0.9875);
  EXPECT_EQ(estimate.change.verdict, CohortVerdict::kCandidateSlower);
}

TEST(CohortRankChangeTest, TiesCountAgainstAChange) {
  // One tie between the cohorts (5 and 5): one difference ≤ 0, so p = 2 · P(U ≤ 1) = 4/252.
  const std::vector<double> baseline = {1, 2, 3, 4, 5};
  const std::vector<double> candidate = {5, 6, 7, 8, 9};
  const CountNull null = CountNull::MannWhitney(5, 5);
  RankEstimate estimate = EstimateRankChange(baseline, candidate, {}, null);
  EXPECT_NEAR(estimate.change.p_value, 4.0 / 252, 1e-15);
  // The differences are 4 + (j − i): 0 once, 1 twice, …, 4 five times, …, 8 once.
  EXPECT_EQ(estimate.change.shift_ns, 4);
  // At 0.05 the critical count is 2 (P(U ≤ 2) = 4/252 ≤ 0.025): k = 3, the 3rd smallest (1)
  // and the 3rd largest (7).
  DecideAtLevel(estimate, null, 0.05, 1);
  EXPECT_EQ(estimate.change.interval_low_ns, 1);
  EXPECT_EQ(estimate.change.interval_high_ns, 7);
  EXPECT_EQ(estimate.change.verdict, CohortVerdict::kCandidateSlower);
  // Over 4 parts (0.0125): only U = 0 would do, and the tie makes it 1: inconclusive, and the
  // interval reaches down to 0.
  DecideAtLevel(estimate, null, 0.05, 4);
  EXPECT_EQ(estimate.change.interval_low_ns, 0);
  EXPECT_EQ(estimate.change.interval_high_ns, 8);
  EXPECT_EQ(estimate.change.verdict, CohortVerdict::kInconclusive);
}

TEST(CohortRankChangeTest, CohortsTooSmallForTheLevelHaveAnUnboundedInterval) {
  const std::vector<double> baseline = {1, 2};
  const std::vector<double> candidate = {10, 11};
  const CountNull null = CountNull::MannWhitney(2, 2);
  RankEstimate estimate = EstimateRankChange(baseline, candidate, {}, null);
  EXPECT_NEAR(estimate.change.p_value, 2.0 / 6, 1e-15);
  DecideAtLevel(estimate, null, 0.05, 1);
  EXPECT_TRUE(std::isinf(estimate.change.interval_low_ns) && estimate.change.interval_low_ns < 0);
  EXPECT_TRUE(std::isinf(estimate.change.interval_high_ns) && estimate.change.interval_high_ns > 0);
  EXPECT_EQ(estimate.change.verdict, CohortVerdict::kInconclusive);
}

TEST(CohortRankChangeTest, PairedPartsUseTheSignTestOfTheirDifferences) {
  const std::vector<double> baseline = {10, 20, 30, 40, 50, 60};
  const std::vector<double> candidate = {12, 23, 29, 45, 56, 67};
  const std::vector<std::pair<std::size_t, std::size_t>> pairs = {
      {0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}, {5, 5}};
  const CountNull null = CountNull::Sign(6);
  RankEstimate estimate = EstimateRankChange(baseline, candidate, pairs, null);
  // Differences 2, 3, −1, 5, 6, 7: one ≤ 0 → p = 2 · 7/64.
  EXPECT_DOUBLE_EQ(estimate.change.p_value, 14.0 / 64);
  EXPECT_EQ(estimate.change.shift_ns, 4);  // median of −1, 2, 3, 5, 6, 7
  DecideAtLevel(estimate, null, 0.05, 1);
  EXPECT_EQ(estimate.change.interval_low_ns, -1);
  EXPECT_EQ(estimate.change.interval_high_ns, 7);
  EXPECT_EQ(estimate.change.verdict, CohortVerdict::kInconclusive);
}

TEST(CohortRankChangeTest, TheVerdictIsSignificantExactlyWhenTheIntervalExcludesZero) {
  std::mt19937_64 engine(23);
  std::uniform_int_distribution<int> noise(0, 30);
  for (int round = 0; round < 300; ++round) {
    const std::size_t n = 2 + static_cast<std::size_t>(round % 9);
    const std::size_t m = 2 + static_cast<std::size_t>(round % 7);
    const int shift = round % 3 == 0 ? 0 : (round % 2 == 0 ? 25 : -25);
    std::vector<double> baseline(n);
    std::vector<double> candidate(m);
    for (double& v : baseline) v = 100 + noise(engine);
    for (double& v : candidate) v = 100 + shift + noise(engine);
    const CountNull null = CountNull::MannWhitney(n, m);
    RankEstimate estimate = EstimateRankChange(baseline, candidate, {}, null);
    for (const double multiplier : {1.0, 2.0, 5.0, 50.0}) {
      DecideAtLevel(estimate, null, 0.05, multiplier);
      const bool significant = Scaled(estimate.change.p_value, multiplier) <= 0.05;
      const bool excludes_zero =
          estimate.change.interval_low_ns > 0 || estimate.change.interval_high_ns < 0;
      EXPECT_EQ(significant, excludes_zero) << round << " × " << multiplier;
      EXPECT_EQ(significant, estimate.change.verdict != CohortVerdict::kInconclusive);
      EXPECT_LE(estimate.change.interval_low_ns, estimate.change.shift_ns);
      EXPECT_GE(estimate.change.interval_high_ns, estimate.change.shift_ns);
    }
  }
}

}  // namespace
}  // namespace tracedoc::cohort
