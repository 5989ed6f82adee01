// The median, the bootstrap estimate of a change and Holm's adjustment, with values worked by
// hand.
#include "cohort/bootstrap.hpp"

#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "cohort/count_null.hpp"
#include "cohort/holm.hpp"

namespace tracedoc::cohort {
namespace {

TEST(CohortBootstrapTest, MedianOfOddEvenAndNoValues) {
  std::vector<double> odd = {5, 1, 3};
  EXPECT_EQ(MedianOf(odd), 3);
  std::vector<double> even = {4, 1, 3, 10};
  EXPECT_EQ(MedianOf(even), 3.5);
  std::vector<double> none;
  EXPECT_EQ(MedianOf(none), 0);
}

TEST(CohortBootstrapTest, EqualCohortsChangeNothingAndAreInconclusive) {
  const std::vector<double> same = {100, 100, 100, 100, 100};
  const DurationChange change = EstimateChange(same, same, {}, {.resamples = 1000, .seed = 7});
  EXPECT_EQ(change.median_delta_ns, 0);
  EXPECT_EQ(change.relative_delta, 0.0);
  EXPECT_EQ(change.interval_low_ns, 0);
  EXPECT_EQ(change.interval_high_ns, 0);
  EXPECT_EQ(change.p_value, 1);
  EXPECT_EQ(change.verdict, CohortVerdict::kInconclusive);
}

TEST(CohortBootstrapTest, CohortsThatDoNotOverlapGiveTheSideOfTheirDelta) {
  const std::vector<double> baseline = {100, 101, 102, 103, 104};
  const std::vector<double> slower = {125, 126, 127, 128, 129};
  const DurationChange change = EstimateChange(baseline, slower, {}, {.resamples = 2000, .seed = 1});
  EXPECT_EQ(change.baseline_median_ns, 102);
  EXPECT_EQ(change.candidate_median_ns, 127);
  EXPECT_EQ(change.median_delta_ns, 25);
  EXPECT_DOUBLE_EQ(*change.relative_delta, 25.0 / 102.0);
  // Every resampled delta lies between the smallest (125 - 104) and largest (129 - 100).
  EXPECT_GE(change.interval_low_ns, 21);
  EXPECT_LE(change.interval_high_ns, 29);
  // Medians are coarse: any split of the ten runs with three of one cohort's on the other
  // side moves a median as far, so the permutation p-value is a few percent, not 2/252.
  EXPECT_GT(change.p_value, 0.01);
  EXPECT_LT(change.p_value, 0.1);
  EXPECT_EQ(change.verdict, CohortVerdict::kCandidateSlower);
  const DurationChange back = EstimateChange(slower, baseline, {}, {.resamples = 2000, .seed = 1});
  EXPECT_EQ(back.median_delta_ns, -25);
  EXPECT_EQ(back.verdict, CohortVerdict::kCandidateFaster);
}

TEST(CohortBootstrapTest, PairedRunsResampleTheirDifferences) {
  // Large spread between pairs, a steady +3 within each: only pairing sees the change.
  const std::vector<double> baseline = {100, 500, 900, 1300, 1700};
  const std::vector<double> candidate = {1703, 103, 503, 903, 1303};
  const std::vector<std::pair<std::size_t, std::size_t>> pairs = {
      {0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}};
  const DurationChange paired = EstimateChange(baseline, candidate, pairs, {.resamples = 1000});
  EXPECT_EQ(paired.median_delta_ns, 3);
  EXPECT_EQ(paired.interval_low_ns, 3);
  EXPECT_EQ(paired.interval_high_ns, 3);
  EXPECT_EQ(paired.verdict, CohortVerdict::kCandidateSlower);
  // The sign test: five positive differences of five, 2 × (1/2)^5.
  EXPECT_DOUBLE_EQ(paired.p_value, 2.0 / 32);
  const DurationChange unpaired = EstimateChange(baseline, candidate, {}, {.resamples = 1000});
  EXPECT_EQ(unpaired.median_delta_ns, 3);
  EXPECT_EQ(unpaired.verdict, CohortVerdict::kInconclusive);
}

TEST(CohortBootstrapTest, TheSameSeedDrawsTheSameIntervalAnotherSeedMayNot) {
  const std::vector<double> baseline = {100, 140, 90, 120, 110, 95, 130};
  const std::vector<double> candidate = {105, 150, 99, 118, 131, 101, 125};
  const DurationChange first = EstimateChange(baseline, candidate, {}, {.resamples = 500, .seed = 3});
  const DurationChange again = EstimateChange(baseline, candidate, {}, {.resamples = 500, .seed = 3});
  EXPECT_EQ(first, again);
  const DurationChange other = EstimateChange(baseline, candidate, {}, {.resamples = 500, .seed = 4});
  EXPECT_TRUE(first.interval_low_ns != other.interval_low_ns ||
              first.interval_high_ns != other.interval_high_ns || first.p_value != other.p_value);
}

TEST(CohortHolmTest, AdjustsInRankOrderAndKeepsTheAdjustedValuesMonotone) {
  // Sorted: 0.01 (×4 = 0.04), 0.02 (×3 = 0.06), 0.03 (×2 = 0.06), 0.5 (×1 = 0.5).
  const std::vector<double> adjusted = HolmAdjusted(std::vector<double>{0.03, 0.5, 0.01, 0.02});
  ASSERT_EQ(adjusted.size(), 4u);
  EXPECT_DOUBLE_EQ(adjusted[0], 0.06);
  EXPECT_DOUBLE_EQ(adjusted[1], 0.5);
  EXPECT_DOUBLE_EQ(adjusted[2], 0.04);
  EXPECT_DOUBLE_EQ(adjusted[3], 0.06);
}

TEST(CohortHolmTest, CapsAtOneAndTakesTheRunningMaximum) {
  const std::vector<double> adjusted = HolmAdjusted(std::vector<double>{0.4, 0.3, 0.9});
  ASSERT_EQ(adjusted.size(), 3u);
  for (const double value : adjusted) EXPECT_DOUBLE_EQ(value, 0.9);
  EXPECT_TRUE(HolmAdjusted(std::vector<double>{}).empty());
}

TEST(CohortHolmTest, MultipliersAreThoseOfTheStepThatDecides) {
  // Sorted: 0.005 (×4 = 0.02, rejected), 0.01 (×3 = 0.03, rejected), 0.03 (×2 = 0.06, kept:
  // Holm stops), 0.04 (decided at the step that stopped: ×2).
  const std::vector<double> p_values = {0.01, 0.04, 0.03, 0.005};
  EXPECT_EQ(HolmMultipliers(p_values, 0.05), (std::vector<double>{3, 2, 2, 4}));
  const std::vector<double> adjusted = HolmAdjusted(p_values);
  const std::vector<double> multipliers = HolmMultipliers(p_values, 0.05);
  for (std::size_t i = 0; i < p_values.size(); ++i) {
    EXPECT_EQ(adjusted[i] <= 0.05, Scaled(p_values[i], multipliers[i]) <= 0.05) << i;
  }
  EXPECT_TRUE(HolmMultipliers(std::vector<double>{}, 0.05).empty());
}

}  // namespace
}  // namespace tracedoc::cohort
