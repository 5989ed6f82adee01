// Time per op name (docs/diff.md §4): count, total, mean, nearest-rank p50 and p90, maximum; the
// names of both runs in first-seen order.
#include "diff/op_stats.hpp"

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "support/fold_trace.hpp"
#include "support/test_traces.hpp"

namespace tracedoc::diff {
namespace {

using testdata::OpLine;

TEST(DiffOpStats, NearestRankPercentilesOfTenDurations) {
  std::vector<std::uint64_t> durations{5, 1, 4, 2, 3, 10, 9, 8, 7, 6};
  const OpStats stats = StatsOf(durations);
  EXPECT_EQ(stats.count, 10u);
  EXPECT_EQ(stats.total_ns, 55u);
  EXPECT_EQ(stats.mean_ns, 5.5);
  EXPECT_EQ(stats.p50_ns, 5u);  // rank ceil(0.5 · 10) = 5
  EXPECT_EQ(stats.p90_ns, 9u);  // rank 9
  EXPECT_EQ(stats.max_ns, 10u);
}

TEST(DiffOpStats, OneDurationIsEveryFigureAndNoneIsZeros) {
  std::vector<std::uint64_t> one{7};
  EXPECT_EQ(StatsOf(one), (OpStats{1, 7, 7.0, 7, 7, 7}));
  std::vector<std::uint64_t> none;
  EXPECT_EQ(StatsOf(none), OpStats{});
}

TEST(DiffOpStats, NamesOfBothRunsInFirstSeenOrderOutliveTheRuns) {
  const auto run = [](std::initializer_list<std::string> ops) {
    std::string text =
        std::string(testdata::kMeta10) + '\n' + testdata::SpanStartLine("s", "train", 0) + '\n';
    for (const std::string& op : ops) text += op + '\n';
    return testing::FoldTrace(text + testdata::SpanEndLine("s", 100) + '\n' +
                              testdata::CompleteTerminalLine(100) + '\n');
  };
  // Each run is gone once added: the tally keeps its own names (ASan checks it).
  OpNameTally tally;
  tally.AddRun(
      0, run({OpLine("s", "matmul", 1, 10), OpLine("s", "add", 2, 4), OpLine("s", "matmul", 3, 30)}));
  tally.AddRun(1, run({OpLine("s", "add", 1, 6), OpLine("s", "gelu", 2, 8)}));
  const std::vector<OpNameStats> names = tally.Compare();
  ASSERT_EQ(names.size(), 3u);
  EXPECT_EQ(names[0].name, "matmul");
  EXPECT_EQ(names[0].base, (OpStats{2, 40, 20.0, 10, 30, 30}));
  EXPECT_EQ(names[0].candidate, OpStats{});
  EXPECT_EQ(names[1].name, "add");
  EXPECT_EQ(names[1].base, (OpStats{1, 4, 4.0, 4, 4, 4}));
  EXPECT_EQ(names[1].candidate, (OpStats{1, 6, 6.0, 6, 6, 6}));
  EXPECT_EQ(names[2].name, "gelu");
  EXPECT_EQ(names[2].base, OpStats{});
  EXPECT_EQ(names[2].candidate, (OpStats{1, 8, 8.0, 8, 8, 8}));
}

}  // namespace
}  // namespace tracedoc::diff
