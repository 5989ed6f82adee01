// The parts a comparison estimates: the op names and span paths with the largest totals over all
// runs, ties by name (or first appearance), each one's total per run (0 where a run lacks it),
// tallied from runs that are gone by the time the parts are chosen.
#include "cohort/part_tally.hpp"

#include <vector>

#include <gtest/gtest.h>

#include "cohort_test_runs.hpp"

namespace tracedoc::cohort {
namespace {

// The runs tallied one at a time, each document dropped before the next is folded.
PartTally Tally(const std::vector<testing::CohortRun>& runs) {
  PartTally tally;
  for (const testing::CohortRun& run : runs) tally.Add(testing::FoldTrace(testing::CohortRunJsonl(run)));
  return tally;
}

TEST(CohortPartTotalsTest, RanksByTotalOverAllRunsAndKeepsEachRunsTotal) {
  const PartTally tally = Tally({
      {.run_id = "a", .ops = {{"matmul", 50}, {"relu", 30}, {"matmul", 25}}},
      {.run_id = "b", .ops = {{"relu", 40}, {"add", 70}}},
      {.run_id = "c", .ops = {{"sum", 70}}},
  });
  EXPECT_EQ(tally.runs(), 3u);
  const std::vector<PartTotals> totals = tally.LargestOpNames(10);
  ASSERT_EQ(totals.size(), 4u);
  // matmul 75; add 70 and sum 70 tie, by name; relu 70 ties too and comes last by name.
  EXPECT_EQ(totals[0].name, "matmul");
  EXPECT_EQ(totals[0].per_run, (std::vector<double>{75, 0, 0}));
  EXPECT_EQ(totals[1].name, "add");
  EXPECT_EQ(totals[1].per_run, (std::vector<double>{0, 70, 0}));
  EXPECT_EQ(totals[2].name, "relu");
  EXPECT_EQ(totals[2].per_run, (std::vector<double>{30, 40, 0}));
  EXPECT_EQ(totals[3].name, "sum");
}

TEST(CohortPartTotalsTest, KeepsOnlyTheLimitAndNoneForNoOps) {
  const PartTally tally = Tally({{.run_id = "a", .ops = {{"x", 1}, {"y", 2}, {"z", 3}}}});
  const std::vector<PartTotals> two = tally.LargestOpNames(2);
  ASSERT_EQ(two.size(), 2u);
  EXPECT_EQ(two[0].name, "z");
  EXPECT_EQ(two[1].name, "y");
  EXPECT_TRUE(tally.LargestOpNames(0).empty());
  EXPECT_TRUE(Tally({{.run_id = "e"}}).LargestOpNames(5).empty());
}

TEST(CohortPartTallyTest, SpanPathsAreAlignedAcrossRunsAndTotalledPerRun) {
  const PartTally tally = Tally({
      {.run_id = "a", .measured_ns = 100},
      {.run_id = "b", .measured_ns = 300, .measured_spans = 2},
  });
  const std::vector<PartTotals> totals = tally.LargestSpanPaths(10);
  ASSERT_EQ(totals.size(), 3u);
  // The root lasts measured_ns + 10 in each run; run b's second measured span is measured[1].
  EXPECT_EQ(totals[0].name, "bench::step");
  EXPECT_EQ(totals[0].per_run, (std::vector<double>{110, 310}));
  EXPECT_EQ(totals[1].name, "bench::step/measured");
  EXPECT_EQ(totals[1].per_run, (std::vector<double>{100, 300}));
  EXPECT_EQ(totals[2].name, "bench::step/measured[1]");
  EXPECT_EQ(totals[2].per_run, (std::vector<double>{0, 300}));
  const std::vector<PartTotals> one = tally.LargestSpanPaths(1);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].name, "bench::step");
}

TEST(CohortPartTallyTest, PastTheMostKeptTotalsItOverflowsAndKeepsNoMore) {
  // Each run has 2 op names and 2 span paths: 4 totals. A limit of 10 takes two runs, not three.
  PartTally tally(10);
  const auto add = [&](const std::string& id) {
    tally.Add(testing::FoldTrace(
        testing::CohortRunJsonl({.run_id = id, .ops = {{"matmul", 5}, {"relu", 3}}})));
  };
  add("a");
  add("b");
  EXPECT_FALSE(tally.overflowed());
  add("c");
  EXPECT_TRUE(tally.overflowed());
  add("d");
  EXPECT_EQ(tally.runs(), 4u);
  // Runs c and d keep nothing: their totals read 0.
  const std::vector<PartTotals> ops = tally.LargestOpNames(1);
  ASSERT_EQ(ops.size(), 1u);
  EXPECT_EQ(ops[0].per_run, (std::vector<double>{5, 5, 0, 0}));
}

}  // namespace
}  // namespace tracedoc::cohort
