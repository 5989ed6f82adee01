// The op names a comparison estimates: the largest totals over all runs, ties by name, each
// name's total per run (0 where a run lacks it).
#include "cohort/op_name_totals.hpp"

#include <vector>

#include <gtest/gtest.h>

#include "cohort_test_runs.hpp"

namespace tracedoc::cohort {
namespace {

TEST(CohortOpNameTotalsTest, RanksByTotalOverAllRunsAndKeepsEachRunsTotal) {
  const testing::FoldedCohort runs = testing::Fold({
      {.run_id = "a", .ops = {{"matmul", 50}, {"relu", 30}, {"matmul", 25}}},
      {.run_id = "b", .ops = {{"relu", 40}, {"add", 70}}},
      {.run_id = "c", .ops = {{"sum", 70}}},
  });
  const std::vector<OpNameTotals> totals = LargestOpNames(runs.pointers, 10);
  ASSERT_EQ(totals.size(), 4u);
  // matmul 75; add 70 and sum 70 tie, by name; relu 70 ties too and comes last by name.
  EXPECT_EQ(totals[0].op_name, "matmul");
  EXPECT_EQ(totals[0].per_run, (std::vector<double>{75, 0, 0}));
  EXPECT_EQ(totals[1].op_name, "add");
  EXPECT_EQ(totals[1].per_run, (std::vector<double>{0, 70, 0}));
  EXPECT_EQ(totals[2].op_name, "relu");
  EXPECT_EQ(totals[2].per_run, (std::vector<double>{30, 40, 0}));
  EXPECT_EQ(totals[3].op_name, "sum");
}

TEST(CohortOpNameTotalsTest, KeepsOnlyTheLimitAndNoneForNoOps) {
  const testing::FoldedCohort runs =
      testing::Fold({{.run_id = "a", .ops = {{"x", 1}, {"y", 2}, {"z", 3}}}});
  const std::vector<OpNameTotals> two = LargestOpNames(runs.pointers, 2);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[0].op_name, "z");
  EXPECT_EQ(two[1].op_name, "y");
  EXPECT_TRUE(LargestOpNames(runs.pointers, 0).empty());
  const testing::FoldedCohort empty = testing::Fold({{.run_id = "e"}});
  EXPECT_TRUE(LargestOpNames(empty.pointers, 5).empty());
}

}  // namespace
}  // namespace tracedoc::cohort
