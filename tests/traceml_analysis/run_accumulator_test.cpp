// The run summary's intake, record by record (src/traceml_analysis/run_accumulator.hpp): a
// phase lasts its longest device and a step the sum of its phases, the first record of a key
// counts, a record with a null in its key is unplaced, and each rank's steps, gaps, memory
// peaks, GPUs and the straggler come out with figures worked by hand.
#include "traceml_analysis/run_accumulator.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace tracedoc::traceml_analysis {
namespace {

using ::testing::ElementsAre;

constexpr std::optional<std::uint64_t> kNone = std::nullopt;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// What StepTime reads of an events sample.
struct Sample {
  std::string name;
  std::optional<double> duration_ms;
};

std::size_t At(TraceMLStream stream) { return static_cast<std::size_t>(stream); }

// Adds rank `rank`'s step `step` with one phase of `ms` milliseconds.
void Step(RunAccumulator& run, std::uint64_t rank, std::uint64_t step, double ms) {
  run.StepTime(rank, step, std::vector<Sample>{{"forward", ms}});
}

TEST(UsableTest, KeepsFiniteNonNegativeFiguresOnly) {
  EXPECT_EQ(Usable(2.5), std::optional<double>(2.5));
  EXPECT_EQ(Usable(0.0), std::optional<double>(0.0));
  EXPECT_EQ(Usable(-0.0), std::optional<double>(0.0));  // -0.0 is not below 0
  EXPECT_EQ(Usable(-1e-300), std::nullopt);
  EXPECT_EQ(Usable(kNaN), std::nullopt);
  EXPECT_EQ(Usable(std::numeric_limits<double>::infinity()), std::nullopt);
  EXPECT_EQ(Usable(std::nullopt), std::nullopt);
}

TEST(RunAccumulatorTest, APhaseLastsItsLongestDeviceAndAStepItsPhasesSum) {
  RunAccumulator run;
  run.StepTime(0, 1,
               std::vector<Sample>{{"forward", 2.0},
                                   {"forward", 5.0},
                                   {"backward", 3.0},
                                   {"optimizer", std::nullopt},
                                   {"zero_grad", -1.0}});
  run.StepTime(0, 2, std::vector<Sample>{{"forward", 1.0}, {"backward", 1.0}});
  const TraceMLRunSummary summary = std::move(run).Finish();
  ASSERT_EQ(summary.ranks.size(), 1u);
  const TraceMLRankSummary& rank = summary.ranks[0];
  EXPECT_EQ(rank.step_count, 2u);
  EXPECT_EQ(rank.timed_step_count, 2u);
  EXPECT_DOUBLE_EQ(rank.total_step_time_ms, 10.0);  // (5 + 3) + (1 + 1)
  // Nearest rank over {2, 8}: p50 the 1st, p90 and p99 the 2nd.
  EXPECT_EQ(rank.step_time_ms, (TraceMLPercentiles{2.0, 8.0, 8.0, 8.0}));
  // By name; a phase without a usable duration takes no part.
  ASSERT_EQ(rank.phases.size(), 2u);
  EXPECT_EQ(rank.phases[0].name, "backward");
  EXPECT_DOUBLE_EQ(rank.phases[0].total_ms, 4.0);
  EXPECT_EQ(rank.phases[0].share, std::optional<double>(0.4));
  EXPECT_EQ(rank.phases[1].name, "forward");
  EXPECT_DOUBLE_EQ(rank.phases[1].total_ms, 6.0);
  EXPECT_EQ(rank.phases[1].share, std::optional<double>(0.6));
}

TEST(RunAccumulatorTest, TheFirstRecordOfAKeyCountsAndLaterOnesAreIgnored) {
  RunAccumulator run;
  Step(run, 0, 1, 4.0);
  Step(run, 0, 1, 100.0);  // the same (rank, step): ignored, whatever its time
  Step(run, 0, 2, 6.0);
  const TraceMLRunSummary summary = std::move(run).Finish();
  EXPECT_EQ(summary.record_count, 3u);
  EXPECT_EQ(summary.records_by_stream[At(TraceMLStream::kStepTime)], 3u);
  EXPECT_EQ(summary.duplicates_ignored[At(TraceMLStream::kStepTime)], 1u);
  ASSERT_EQ(summary.ranks.size(), 1u);
  EXPECT_EQ(summary.ranks[0].step_count, 2u);
  EXPECT_DOUBLE_EQ(summary.ranks[0].total_step_time_ms, 10.0);
}

TEST(RunAccumulatorTest, ANullInTheKeyLeavesTheRecordUnplaced) {
  RunAccumulator run;
  Step(run, 0, 1, 1.0);
  run.StepTime(kNone, 2, std::vector<Sample>{{"forward", 1.0}});
  run.StepTime(3, kNone, std::vector<Sample>{{"forward", 1.0}});
  run.StepMemory(5, std::nullopt, 1, 10.0, 10.0);
  run.OutputLine(kNone);
  const TraceMLRunSummary summary = std::move(run).Finish();
  EXPECT_EQ(summary.unplaced_records[At(TraceMLStream::kStepTime)], 2u);
  EXPECT_EQ(summary.unplaced_records[At(TraceMLStream::kStepMemory)], 1u);
  EXPECT_EQ(summary.unplaced_records[At(TraceMLStream::kStdoutStderr)], 1u);
  EXPECT_EQ(summary.record_count, 5u);
  // Ranks 3 and 5 came only with unplaced records: no rank of the run.
  ASSERT_EQ(summary.ranks.size(), 1u);
  EXPECT_EQ(summary.ranks[0].rank, 0u);
}

TEST(RunAccumulatorTest, GapsBetweenStepsAreRanges) {
  RunAccumulator run;
  for (const std::uint64_t step : {5u, 1u, 2u, 100u}) Step(run, 0, step, 1.0);
  const TraceMLRunSummary summary = std::move(run).Finish();
  const TraceMLRankSummary& rank = summary.ranks.at(0);
  EXPECT_EQ(rank.first_step, std::optional<std::uint64_t>(1));
  EXPECT_EQ(rank.last_step, std::optional<std::uint64_t>(100));
  EXPECT_THAT(rank.missing_steps, ElementsAre(TraceMLStepRange{3, 4}, TraceMLStepRange{6, 99}));
  EXPECT_EQ(rank.missing_step_count, 96u);
}

TEST(RunAccumulatorTest, UntimedStepsCountButTakeNoTime) {
  RunAccumulator run;
  run.StepTime(0, 1, std::vector<Sample>{{"forward", std::nullopt}});
  run.StepTime(0, 2, std::vector<Sample>{});
  const TraceMLRunSummary summary = std::move(run).Finish();
  const TraceMLRankSummary& rank = summary.ranks.at(0);
  EXPECT_EQ(rank.step_count, 2u);
  EXPECT_EQ(rank.timed_step_count, 0u);
  EXPECT_EQ(rank.step_time_ms, std::nullopt);
  EXPECT_TRUE(rank.phases.empty());
  EXPECT_EQ(summary.straggler, std::nullopt);
}

TEST(RunAccumulatorTest, ADevicesPeakIsTheFirstStepToReachIt) {
  RunAccumulator run;
  run.StepMemory(0, "cuda:1", 1, 50.0, std::nullopt);
  run.StepMemory(0, "cuda:0", 3, 30.0, kNaN);  // given before step 2: steps are ordered
  run.StepMemory(0, "cuda:0", 1, 10.0, 7.0);
  run.StepMemory(0, "cuda:0", 2, 30.0, 5.0);
  const TraceMLRunSummary summary = std::move(run).Finish();
  const TraceMLRankSummary& rank = summary.ranks.at(0);
  ASSERT_EQ(rank.memory.size(), 2u);
  const TraceMLDevicePeaks& first = rank.memory[0];
  EXPECT_EQ(first.device, "cuda:0");
  EXPECT_EQ(first.peak_alloc_bytes, std::optional<double>(30.0));
  EXPECT_EQ(first.peak_alloc_step, std::optional<std::uint64_t>(2));
  EXPECT_EQ(first.peak_reserved_bytes, std::optional<double>(7.0));
  EXPECT_EQ(first.peak_reserved_step, std::optional<std::uint64_t>(1));
  EXPECT_EQ(rank.memory[1].device, "cuda:1");
  EXPECT_EQ(rank.memory[1].peak_reserved_bytes, std::nullopt);
  EXPECT_EQ(rank.memory[1].peak_reserved_step, std::nullopt);
}

TEST(RunAccumulatorTest, TheStragglerHasTheLargestMedianStepTime) {
  RunAccumulator run;
  Step(run, 0, 1, 1.0);  // rank 0: {1, 2, 9}, median 2
  Step(run, 0, 2, 2.0);
  Step(run, 0, 3, 9.0);
  Step(run, 1, 1, 5.0);   // rank 1: {5, 6}, median 5
  Step(run, 1, 1, 50.0);  // a duplicate: not in the median
  Step(run, 1, 2, 6.0);
  Step(run, 2, 1, 3.0);  // rank 2: {3}
  const TraceMLRunSummary summary = std::move(run).Finish();
  ASSERT_TRUE(summary.straggler.has_value());
  EXPECT_EQ(summary.straggler->rank, 1u);
  EXPECT_DOUBLE_EQ(summary.straggler->median_step_ms, 5.0);
  EXPECT_DOUBLE_EQ(summary.straggler->median_of_rank_medians_ms, 3.0);  // of {2, 5, 3}
  EXPECT_DOUBLE_EQ(summary.straggler->lag_ms, 2.0);
  EXPECT_EQ(summary.duplicates_ignored[At(TraceMLStream::kStepTime)], 1u);
}

TEST(RunAccumulatorTest, EachGpuIsSummarisedOverItsUsableSamples) {
  RunAccumulator run;
  run.SystemGpu(1, 1, 0, 0, 10.0, 100.0, 1000.0);
  run.SystemGpu(0, 2, 1, 0, 90.0, std::nullopt, 2000.0);
  run.SystemGpu(0, 1, 1, 4, 50.0, 300.0, 1500.0);
  run.SystemGpu(0, 3, 1, 0, kNaN, 200.0, std::nullopt);
  run.SystemGpu(0, 3, 1, 0, 1.0, 1.0, 1.0);  // (rank, gpu, seq) again: ignored
  run.SystemGpu(0, kNone, 0, 0, 1.0, 1.0, 1.0);
  const TraceMLRunSummary summary = std::move(run).Finish();
  EXPECT_EQ(summary.duplicates_ignored[At(TraceMLStream::kSystemGpu)], 1u);
  EXPECT_EQ(summary.unplaced_records[At(TraceMLStream::kSystemGpu)], 1u);
  ASSERT_EQ(summary.gpus.size(), 2u);
  const TraceMLGpuSummary& gpu = summary.gpus[0];  // (rank 0, gpu 1) before (rank 1, gpu 0)
  EXPECT_EQ(gpu.rank, 0u);
  EXPECT_EQ(gpu.gpu_idx, 1u);
  EXPECT_EQ(gpu.node_rank, std::optional<std::uint64_t>(4));  // its lowest seq's
  EXPECT_EQ(gpu.sample_count, 3u);
  EXPECT_EQ(gpu.util_percent, (TraceMLPercentiles{50.0, 90.0, 90.0, 90.0}));
  EXPECT_EQ(gpu.mem_used_bytes, (TraceMLPercentiles{200.0, 300.0, 300.0, 300.0}));
  EXPECT_EQ(gpu.mem_total_bytes, std::optional<double>(2000.0));
  EXPECT_EQ(summary.gpus[1].rank, 1u);
  EXPECT_THAT(summary.ranks, ::testing::SizeIs(2));
}

TEST(RunAccumulatorTest, CountedStreamsKeepTheFirstOfEachKey) {
  RunAccumulator run;
  run.Snapshot(TraceMLStream::kSystem, 0, 1);
  run.Snapshot(TraceMLStream::kSystem, 0, 1);
  run.Snapshot(TraceMLStream::kProcess, 0, 1);  // another stream: its own keys
  run.Snapshot(TraceMLStream::kProcess, 2, kNone);
  run.RuntimeEnvironment(3);
  run.RuntimeEnvironment(3);
  run.OutputLine(4);
  run.OutputLine(4);  // output lines have no key: never duplicates
  const TraceMLRunSummary summary = std::move(run).Finish();
  EXPECT_EQ(summary.duplicates_ignored[At(TraceMLStream::kSystem)], 1u);
  EXPECT_EQ(summary.duplicates_ignored[At(TraceMLStream::kProcess)], 0u);
  EXPECT_EQ(summary.unplaced_records[At(TraceMLStream::kProcess)], 1u);
  EXPECT_EQ(summary.duplicates_ignored[At(TraceMLStream::kRuntimeEnvironment)], 1u);
  EXPECT_EQ(summary.duplicates_ignored[At(TraceMLStream::kStdoutStderr)], 0u);
  EXPECT_EQ(summary.records_by_stream[At(TraceMLStream::kStdoutStderr)], 2u);
  EXPECT_EQ(summary.record_count, 8u);
  std::vector<std::uint64_t> ranks;
  for (const TraceMLRankSummary& rank : summary.ranks) ranks.push_back(rank.rank);
  EXPECT_THAT(ranks, ElementsAre(0u, 3u, 4u));
  EXPECT_EQ(summary.straggler, std::nullopt);
}

}  // namespace
}  // namespace tracedoc::traceml_analysis
