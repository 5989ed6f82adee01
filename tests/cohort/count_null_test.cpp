// The rank tests' null distributions against values worked by hand: the exact Mann–Whitney
// distribution (C(n + m, n) equally likely orderings), the sign test's binomial, the normal
// approximation past the exact path, and the critical counts the intervals are drawn with.
#include "cohort/count_null.hpp"

#include <cmath>

#include <gtest/gtest.h>

namespace tracedoc::cohort {
namespace {

TEST(CohortCountNullTest, MannWhitneyFiveAndFiveIsExactOver252Orderings) {
  const CountNull null = CountNull::MannWhitney(5, 5);
  EXPECT_TRUE(null.exact());
  EXPECT_EQ(null.size(), 25u);
  // U ≤ 0: one ordering of 252; U ≤ 1: two; U ≤ 2: four (0; 1; 2 as 2 or 1+1); U ≤ 3: seven.
  EXPECT_NEAR(null.Cdf(0), 1.0 / 252, 1e-15);
  EXPECT_NEAR(null.Cdf(1), 2.0 / 252, 1e-15);
  EXPECT_NEAR(null.Cdf(2), 4.0 / 252, 1e-15);
  EXPECT_NEAR(null.Cdf(3), 7.0 / 252, 1e-15);
  EXPECT_EQ(null.Cdf(25), 1);
  // Two fully separated cohorts: one-sided 1/252 = 0.00397, two-sided 0.0079 (benchstat's).
  EXPECT_NEAR(null.PValue(0, 25), 2.0 / 252, 1e-15);
  EXPECT_NEAR(null.PValue(0, 25), 0.0079, 5e-5);
  // Symmetric: P(U ≤ u) + P(U ≤ N − u − 1) = 1.
  for (std::uint64_t u = 0; u < 25; ++u) EXPECT_NEAR(null.Cdf(u) + null.Cdf(24 - u), 1, 1e-12) << u;
}

TEST(CohortCountNullTest, UnequalCohortsAreTheSameEitherWayRound) {
  // n = 3, m = 4: C(7, 3) = 35 orderings; U ≤ 1 in two of them.
  const CountNull three_four = CountNull::MannWhitney(3, 4);
  const CountNull four_three = CountNull::MannWhitney(4, 3);
  EXPECT_NEAR(three_four.Cdf(1), 2.0 / 35, 1e-15);
  for (std::uint64_t u = 0; u <= 12; ++u) EXPECT_DOUBLE_EQ(three_four.Cdf(u), four_three.Cdf(u));
}

TEST(CohortCountNullTest, CriticalCountsAreTheTablesOnes) {
  const CountNull null = CountNull::MannWhitney(5, 5);
  // Two-sided 0.05: the tables' critical U for 5 and 5 is 2 (P(U ≤ 2) = 4/252 ≤ 0.025).
  EXPECT_EQ(null.LargestSignificant(0.05, 1), 2u);
  // Holm's first step over 4 parts: 0.0125 two-sided, only U = 0 (2/252 = 0.0079).
  EXPECT_EQ(null.LargestSignificant(0.05, 4), 0u);
  // Over 7 parts 2/252 · 7 = 0.056: nothing can be significant.
  EXPECT_FALSE(null.LargestSignificant(0.05, 7).has_value());
}

TEST(CohortCountNullTest, SignTestIsTheBinomialOfOneHalf) {
  const CountNull null = CountNull::Sign(6);
  EXPECT_TRUE(null.exact());
  EXPECT_DOUBLE_EQ(null.Cdf(0), 1.0 / 64);
  EXPECT_DOUBLE_EQ(null.Cdf(1), 7.0 / 64);
  EXPECT_DOUBLE_EQ(null.PValue(0, 6), 2.0 / 64);
  EXPECT_EQ(null.LargestSignificant(0.05, 1), 0u);
  // Five pairs cannot reach 0.05 at all: 2/32.
  EXPECT_FALSE(CountNull::Sign(5).LargestSignificant(0.05, 1).has_value());
}

TEST(CohortCountNullTest, PastTheExactPathTheNormalApproximationIsClose) {
  const CountNull exact = CountNull::MannWhitney(50, 50);
  const CountNull normal = CountNull::MannWhitney(51, 50);
  EXPECT_TRUE(exact.exact());
  EXPECT_FALSE(normal.exact());
  EXPECT_EQ(normal.size(), 2550u);
  // At the mean, both are about one half; a tail of the normal one is a small probability.
  EXPECT_NEAR(exact.Cdf(1250), 0.5, 0.01);
  EXPECT_NEAR(normal.Cdf(1275), 0.5, 0.01);
  // The exact lower 2.5 % point of U for 50 and 50 lies near 1250 − 1.96 · 145.06 = 965.7
  // (sd = √(50 · 50 · 101 / 12)).
  const std::uint64_t critical = *exact.LargestSignificant(0.05, 1);
  EXPECT_NEAR(static_cast<double>(critical), 965, 3);
  EXPECT_LE(exact.Cdf(critical), 0.025);
  EXPECT_GT(exact.Cdf(critical + 1), 0.025);
}

}  // namespace
}  // namespace tracedoc::cohort
