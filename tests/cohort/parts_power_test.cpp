// What cohort sizes allow: the smallest p-value any part can have after Holm's adjustment, and
// the runs a side that would let a part be found, against values worked by hand.
#include "cohort/parts_power.hpp"

#include <gtest/gtest.h>

namespace tracedoc::cohort {
namespace {

TEST(CohortPartsPowerTest, TwoRunsASideCannotFindAnyOfFourParts) {
  // 2 and 2: 2/C(4, 2) = 1/3, × 4 parts → 1. C(10, 5) = 252 is the first C(2k, k) with
  // 2 · 4 / C(2k, k) ≤ 0.05 (C(8, 4) = 70 gives 0.114).
  const PartsPower power = PowerOf(CountNull::MannWhitney(2, 2), false, 4, 0.05, 2);
  EXPECT_EQ(power.smallest_adjusted_p_value, 1);
  EXPECT_FALSE(power.reachable);
  EXPECT_EQ(power.runs_a_side_needed, 5u);
}

TEST(CohortPartsPowerTest, FiveRunsASideCanFindOneOfFourButNotOneOfAHundred) {
  const CountNull null = CountNull::MannWhitney(5, 5);
  const PartsPower four = PowerOf(null, false, 4, 0.05, 5);
  EXPECT_NEAR(four.smallest_adjusted_p_value, 8.0 / 252, 1e-15);
  EXPECT_TRUE(four.reachable);
  EXPECT_EQ(four.runs_a_side_needed, 5u);
  // 100 parts need 2 · 100 / C(2k, k) ≤ 0.05: C(16, 8) = 12,870 (C(14, 7) = 3,432 is short).
  const PartsPower hundred = PowerOf(null, false, 100, 0.05, 5);
  EXPECT_NEAR(hundred.smallest_adjusted_p_value, 200.0 / 252, 1e-14);
  EXPECT_FALSE(hundred.reachable);
  EXPECT_EQ(hundred.runs_a_side_needed, 8u);
}

TEST(CohortPartsPowerTest, PairedRunsNeedTheSignTestsRuns) {
  // Five pairs: 2/32 = 0.0625 even for one part; six pairs: 1/32.
  const PartsPower one = PowerOf(CountNull::Sign(5), true, 1, 0.05, 5);
  EXPECT_DOUBLE_EQ(one.smallest_adjusted_p_value, 0.0625);
  EXPECT_FALSE(one.reachable);
  EXPECT_EQ(one.runs_a_side_needed, 6u);
  // Four parts: 2 · 4 / 2^k ≤ 0.05 from k = 8 (256).
  EXPECT_EQ(PowerOf(CountNull::Sign(5), true, 4, 0.05, 5).runs_a_side_needed, 8u);
}

}  // namespace
}  // namespace tracedoc::cohort
