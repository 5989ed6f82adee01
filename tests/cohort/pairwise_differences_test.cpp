// The differences candidate − baseline over every pair, counted and selected without being
// stored, against the sorted list of them written out by hand.
#include "cohort/pairwise_differences.hpp"

#include <algorithm>
#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace tracedoc::cohort {
namespace {

TEST(CohortPairwiseDifferencesTest, CountsAndSelectsTheHandWrittenDifferences) {
  // c − b for b in {1, 2, 3}, c in {2, 4}: 1, 0, −1, 3, 2, 1 → sorted −1, 0, 1, 1, 2, 3.
  const std::vector<double> baseline = {3, 1, 2};
  const std::vector<double> candidate = {4, 2};
  const PairwiseDifferences differences(baseline, candidate);
  EXPECT_EQ(differences.size(), 6u);
  EXPECT_EQ(differences.AtMost(-2), 0u);
  EXPECT_EQ(differences.AtMost(-1), 1u);
  EXPECT_EQ(differences.AtMost(0), 2u);
  EXPECT_EQ(differences.AtMost(1), 4u);
  EXPECT_EQ(differences.AtMost(3), 6u);
  const std::vector<std::int64_t> sorted = {-1, 0, 1, 1, 2, 3};
  for (std::uint64_t k = 1; k <= 6; ++k) EXPECT_EQ(differences.Kth(k), sorted[k - 1]) << k;
  EXPECT_EQ(differences.Median(), 1);  // (1 + 1) / 2: the Hodges–Lehmann shift
}

TEST(CohortPairwiseDifferencesTest, PairedDifferencesAreThemselves) {
  const std::vector<double> paired = {5, -3, 1, 2};
  const PairwiseDifferences differences = PairwiseDifferences::Of(paired);
  EXPECT_EQ(differences.size(), 4u);
  EXPECT_EQ(differences.Kth(1), -3);
  EXPECT_EQ(differences.Kth(4), 5);
  EXPECT_EQ(differences.AtMost(0), 1u);
  EXPECT_EQ(differences.Median(), 1.5);
}

TEST(CohortPairwiseDifferencesTest, AgreesWithEveryDifferenceWrittenOut) {
  std::mt19937_64 engine(17);
  std::uniform_int_distribution<int> value(0, 40);  // small: many ties
  for (int round = 0; round < 20; ++round) {
    std::vector<double> baseline(1 + round % 7);
    std::vector<double> candidate(1 + round % 5);
    for (double& v : baseline) v = value(engine);
    for (double& v : candidate) v = value(engine);
    std::vector<std::int64_t> all;
    for (const double c : candidate) {
      for (const double b : baseline) all.push_back(static_cast<std::int64_t>(c - b));
    }
    std::ranges::sort(all);
    const PairwiseDifferences differences(baseline, candidate);
    for (std::uint64_t k = 1; k <= all.size(); ++k) EXPECT_EQ(differences.Kth(k), all[k - 1]);
    for (std::int64_t x = -41; x <= 41; ++x) {
      EXPECT_EQ(differences.AtMost(x),
                static_cast<std::uint64_t>(std::ranges::upper_bound(all, x) - all.begin()));
    }
  }
}

TEST(CohortPairwiseDifferencesTest, HugeTotalsAreClampedNotOverflowed) {
  const std::vector<double> baseline = {0, 1e30};
  const std::vector<double> candidate = {1e30, -5};
  const PairwiseDifferences differences(baseline, candidate);
  EXPECT_EQ(differences.Kth(1), -(std::int64_t{1} << 60));
  EXPECT_EQ(differences.Kth(4), std::int64_t{1} << 60);
}

}  // namespace
}  // namespace tracedoc::cohort
