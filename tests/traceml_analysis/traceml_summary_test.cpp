// SummarizeTraceMLRun and its JSON (docs/traceml-analysis.md) on hand-built exports: each rule
// with its exact numbers (step time, shares, nearest-rank percentiles, straggler and lag on a
// tie, missing steps as ranges, memory peaks, GPU percentiles), duplicates and unplaced records,
// a one-rank run, an empty export, hostile gaps and phase counts, and the committed example.
#include "tracedoc/traceml_summary.hpp"

#include <cstdint>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/traceml_export_generator.hpp"
#include "traceml_analysis/nearest_rank.hpp"

namespace tracedoc {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
constexpr auto kStepTime = static_cast<std::size_t>(TraceMLStream::kStepTime);
constexpr auto kStepMemory = static_cast<std::size_t>(TraceMLStream::kStepMemory);
constexpr auto kSystemGpu = static_cast<std::size_t>(TraceMLStream::kSystemGpu);
constexpr auto kStdout = static_cast<std::size_t>(TraceMLStream::kStdoutStderr);

TraceMLPhaseSample Phase(std::string name, std::string device, std::optional<double> duration_ms) {
  TraceMLPhaseSample sample;
  sample.name = std::move(name);
  sample.device = std::move(device);
  sample.duration_ms = duration_ms;
  return sample;
}

TraceMLStepTime Step(std::optional<std::uint64_t> rank, std::optional<std::uint64_t> step,
                     std::vector<TraceMLPhaseSample> events) {
  TraceMLStepTime record;
  record.identity.global_rank = rank;
  record.step = step;
  record.events = std::move(events);
  return record;
}

// A step of one phase, "forward", on cuda:0.
TraceMLStepTime Step(std::uint64_t rank, std::uint64_t step, double forward_ms) {
  return Step(rank, step, {Phase("forward", "cuda:0", forward_ms)});
}

TraceMLStepMemory Memory(std::uint64_t rank, std::string device, std::uint64_t step,
                         std::optional<double> alloc, std::optional<double> reserved) {
  TraceMLStepMemory record;
  record.identity.global_rank = rank;
  record.device = std::move(device);
  record.step = step;
  record.peak_alloc_bytes = alloc;
  record.peak_reserved_bytes = reserved;
  return record;
}

TraceMLSystemGpu Gpu(std::uint64_t rank, std::uint64_t seq, std::uint64_t gpu_idx,
                     std::optional<double> util, std::optional<double> mem_used) {
  TraceMLSystemGpu record;
  record.identity.global_rank = rank;
  record.identity.node_rank = rank / 4;
  record.identity.seq = seq;
  record.gpu_idx = gpu_idx;
  record.util = util;
  record.mem_used_bytes = mem_used;
  record.mem_total_bytes = 80.0;
  return record;
}

std::string Json(const TraceMLRunSummary& summary, bool pretty = false) {
  std::ostringstream out;
  WriteTraceMLRunSummaryJson(summary, out, {.pretty = pretty});
  return out.str();
}

TEST(TraceMLNearestRankTest, IsTheCeilingOfPTimesNOver100) {
  EXPECT_EQ(traceml_analysis::NearestRank(1, 50), 1u);
  EXPECT_EQ(traceml_analysis::NearestRank(6, 50), 3u);
  EXPECT_EQ(traceml_analysis::NearestRank(6, 90), 6u);
  EXPECT_EQ(traceml_analysis::NearestRank(10, 90), 9u);
  EXPECT_EQ(traceml_analysis::NearestRank(200, 99), 198u);
  EXPECT_EQ(traceml_analysis::NearestRank(201, 50), 101u);
  EXPECT_EQ(traceml_analysis::NearestRank(kMax, 50), kMax / 2 + 1) << "no overflow";
  EXPECT_EQ(traceml_analysis::NearestRank(kMax, 100), kMax);
}

TEST(TraceMLSummaryTest, StepTimeSumsEachPhasesLongestDevice) {
  TraceMLExport run;
  // forward 10 on the GPU; optimizer 4 on the GPU and 6 on the host: the longer counts.
  run.step_time.push_back(Step(0, 0,
                               {Phase("forward", "cuda:0", 10.0), Phase("optimizer", "cuda:0", 4.0),
                                Phase("optimizer", "cpu", 6.0)}));
  const TraceMLRunSummary summary = SummarizeTraceMLRun(run);
  ASSERT_EQ(summary.ranks.size(), 1u);
  const TraceMLRankSummary& rank = summary.ranks[0];
  EXPECT_EQ(rank.step_time_ms, (TraceMLPercentiles{16.0, 16.0, 16.0, 16.0}));
  EXPECT_EQ(rank.total_step_time_ms, 16.0);
  ASSERT_EQ(rank.phases.size(), 2u);
  EXPECT_EQ(rank.phases[0], (TraceMLPhaseShare{"forward", 10.0, 10.0 / 16.0}));
  EXPECT_EQ(rank.phases[1], (TraceMLPhaseShare{"optimizer", 6.0, 6.0 / 16.0}));
}

TEST(TraceMLSummaryTest, NullDurationsAreAbsentAndAStepWithoutAnyIsNotTimed) {
  TraceMLExport run;
  run.step_time.push_back(
      Step(0, 0, {Phase("forward", "cuda:0", 8.0), Phase("backward", "cuda:0", std::nullopt)}));
  run.step_time.push_back(Step(0, 1, {Phase("forward", "cuda:0", std::nullopt)}));
  run.step_time.push_back(Step(0, 2, std::vector<TraceMLPhaseSample>{}));
  run.step_time.push_back(Step(0, 3, {Phase("forward", "cuda:0", 0.0)}));  // a measured zero
  const TraceMLRankSummary rank = SummarizeTraceMLRun(run).ranks.at(0);
  EXPECT_EQ(rank.step_count, 4u);
  EXPECT_EQ(rank.timed_step_count, 2u);
  EXPECT_EQ(rank.step_time_ms, (TraceMLPercentiles{0.0, 8.0, 8.0, 8.0}));
  EXPECT_THAT(rank.phases, ElementsAre(TraceMLPhaseShare{"forward", 8.0, 1.0}));
}

TEST(TraceMLSummaryTest, PercentilesAreNearestRank) {
  TraceMLExport run;
  // Ten steps of 10, 20, ..., 100 ms, written out of order.
  for (const std::uint64_t step : {3, 9, 0, 1, 2, 8, 4, 5, 7, 6}) {
    run.step_time.push_back(Step(0, step, 10.0 * static_cast<double>(step + 1)));
  }
  const TraceMLRankSummary rank = SummarizeTraceMLRun(run).ranks.at(0);
  EXPECT_EQ(rank.step_time_ms, (TraceMLPercentiles{50.0, 90.0, 100.0, 100.0}));
  EXPECT_EQ(rank.total_step_time_ms, 550.0);
  EXPECT_EQ(rank.first_step, 0u);
  EXPECT_EQ(rank.last_step, 9u);
  EXPECT_EQ(rank.missing_step_count, 0u);
}

TEST(TraceMLSummaryTest, SharesAreEachPhasesTotalOverTheRanksTotal) {
  TraceMLExport run;
  run.step_time.push_back(Step(0, 0, {Phase("a", "cpu", 1.0), Phase("b", "cuda:0", 3.0)}));
  run.step_time.push_back(Step(0, 1, {Phase("b", "cuda:0", 4.0)}));
  run.step_time.push_back(Step(0, 2, {Phase("c", "cuda:0", 2.0)}));
  const TraceMLRankSummary rank = SummarizeTraceMLRun(run).ranks.at(0);
  EXPECT_EQ(rank.total_step_time_ms, 10.0);
  EXPECT_THAT(rank.phases,
              ElementsAre(TraceMLPhaseShare{"a", 1.0, 0.1}, TraceMLPhaseShare{"b", 7.0, 0.7},
                          TraceMLPhaseShare{"c", 2.0, 0.2}));
}

TEST(TraceMLSummaryTest, ZeroTotalGivesNoShare) {
  TraceMLExport run;
  run.step_time.push_back(Step(0, 0, 0.0));
  const TraceMLRankSummary rank = SummarizeTraceMLRun(run).ranks.at(0);
  EXPECT_THAT(rank.phases, ElementsAre(TraceMLPhaseShare{"forward", 0.0, std::nullopt}));
}

TEST(TraceMLSummaryTest, StragglerHasTheLargestMedianAndLagsTheMedianRank) {
  TraceMLExport run;
  for (std::uint64_t step = 0; step < 3; ++step) {
    run.step_time.push_back(Step(2, step, 20.0));
    run.step_time.push_back(Step(1, step, step == 0 ? 100.0 : 30.0));
    run.step_time.push_back(Step(0, step, 10.0));
  }
  const TraceMLRunSummary summary = SummarizeTraceMLRun(run);
  ASSERT_TRUE(summary.straggler.has_value());
  EXPECT_EQ(*summary.straggler, (TraceMLStraggler{1, 30.0, 20.0, 10.0}));
}

TEST(TraceMLSummaryTest, StragglerTieGoesToTheLowestRank) {
  TraceMLExport run;
  run.step_time.push_back(Step(5, 0, 30.0));
  run.step_time.push_back(Step(3, 0, 10.0));
  run.step_time.push_back(Step(2, 0, 30.0));
  const TraceMLRunSummary summary = SummarizeTraceMLRun(run);
  EXPECT_EQ(*summary.straggler, (TraceMLStraggler{2, 30.0, 30.0, 0.0}));
}

TEST(TraceMLSummaryTest, DuplicatesAreIgnoredAfterTheFirstRecordOfAKey) {
  TraceMLExport run;
  run.step_time.push_back(Step(0, 0, 10.0));
  run.step_time.push_back(Step(0, 1, 20.0));
  run.step_time.push_back(Step(0, 0, 99.0));  // sent again, with other values: ignored
  run.step_time.push_back(Step(0, 0, 98.0));
  run.step_memory.push_back(Memory(0, "cuda:0", 0, 5.0, 6.0));
  run.step_memory.push_back(Memory(0, "cuda:0", 0, 50.0, 60.0));
  run.system_gpu.push_back(Gpu(0, 0, 0, 40.0, 1.0));
  run.system_gpu.push_back(Gpu(0, 0, 0, 90.0, 9.0));
  run.system_gpu.push_back(Gpu(0, 0, 1, 70.0, 7.0));  // another GPU of the snapshot: not one
  const TraceMLRunSummary summary = SummarizeTraceMLRun(run);
  EXPECT_EQ(summary.duplicates_ignored[kStepTime], 2u);
  EXPECT_EQ(summary.duplicates_ignored[kStepMemory], 1u);
  EXPECT_EQ(summary.duplicates_ignored[kSystemGpu], 1u);
  const TraceMLRankSummary& rank = summary.ranks.at(0);
  EXPECT_EQ(rank.step_count, 2u);
  EXPECT_EQ(rank.total_step_time_ms, 30.0);
  EXPECT_EQ(rank.memory.at(0).peak_alloc_bytes, 5.0);
  EXPECT_EQ(summary.gpus.at(0).util_percent, (TraceMLPercentiles{40.0, 40.0, 40.0, 40.0}));
  EXPECT_EQ(summary.record_count, 9u);
}

TEST(TraceMLSummaryTest, RecordsWithANullKeyAreCountedNotPlaced) {
  TraceMLExport run;
  run.step_time.push_back(Step(std::nullopt, 0, {Phase("forward", "cuda:0", 5.0)}));
  run.step_time.push_back(Step(7, std::nullopt, {Phase("forward", "cuda:0", 5.0)}));
  TraceMLStepMemory no_device = Memory(7, "", 0, 1.0, 1.0);
  no_device.device = std::nullopt;
  run.step_memory.push_back(no_device);
  TraceMLSystemGpu no_seq = Gpu(7, 0, 0, 1.0, 1.0);
  no_seq.identity.seq = std::nullopt;
  run.system_gpu.push_back(no_seq);
  run.stdout_stderr.push_back({});  // a line without a rank
  const TraceMLRunSummary summary = SummarizeTraceMLRun(run);
  EXPECT_EQ(summary.unplaced_records[kStepTime], 2u);
  EXPECT_EQ(summary.unplaced_records[kStepMemory], 1u);
  EXPECT_EQ(summary.unplaced_records[kSystemGpu], 1u);
  EXPECT_EQ(summary.unplaced_records[kStdout], 1u);
  EXPECT_TRUE(summary.ranks.empty());
  EXPECT_TRUE(summary.gpus.empty());
  EXPECT_FALSE(summary.straggler.has_value());
  EXPECT_EQ(summary.record_count, 5u);
}

TEST(TraceMLSummaryTest, MissingStepsAreRangesBetweenTheFirstAndLastStep) {
  TraceMLExport run;
  for (const std::uint64_t step : {4, 0, 1, 9, 5}) run.step_time.push_back(Step(0, step, 1.0));
  const TraceMLRankSummary rank = SummarizeTraceMLRun(run).ranks.at(0);
  EXPECT_EQ(rank.step_count, 5u);
  EXPECT_EQ(rank.missing_step_count, 5u);
  EXPECT_THAT(rank.missing_steps, ElementsAre(TraceMLStepRange{2, 3}, TraceMLStepRange{6, 8}));
}

TEST(TraceMLSummaryTest, AHugeGapIsOneRangeAndCountsWithoutOverflow) {
  TraceMLExport run;
  run.step_time.push_back(Step(0, kMax, 1.0));
  run.step_time.push_back(Step(0, 0, 1.0));
  run.step_time.push_back(Step(1, 1, 1.0));
  run.step_time.push_back(Step(1, (std::uint64_t{1} << 63) + 1, 1.0));
  const TraceMLRunSummary summary = SummarizeTraceMLRun(run);
  EXPECT_THAT(summary.ranks.at(0).missing_steps, ElementsAre(TraceMLStepRange{1, kMax - 1}));
  EXPECT_EQ(summary.ranks.at(0).missing_step_count, kMax - 1);
  EXPECT_THAT(summary.ranks.at(1).missing_steps,
              ElementsAre(TraceMLStepRange{2, std::uint64_t{1} << 63}));
  EXPECT_EQ(summary.ranks.at(1).missing_step_count, (std::uint64_t{1} << 63) - 1);
}

TEST(TraceMLSummaryTest, MemoryPeaksPerRankAndDeviceWithTheFirstStepThatReachedThem) {
  TraceMLExport run;
  run.step_memory.push_back(Memory(0, "cuda:1", 0, 5.0, std::nullopt));
  run.step_memory.push_back(Memory(0, "cuda:0", 3, 9.0, 12.0));
  run.step_memory.push_back(Memory(0, "cuda:0", 1, 9.0, 11.0));
  run.step_memory.push_back(Memory(0, "cuda:0", 0, 3.0, 14.0));
  run.step_memory.push_back(Memory(0, "cuda:0", 2, std::nullopt, 2.0));
  const TraceMLRankSummary rank = SummarizeTraceMLRun(run).ranks.at(0);
  EXPECT_EQ(rank.step_count, 0u) << "a rank with memory records but no step_time";
  EXPECT_EQ(rank.step_time_ms, std::nullopt);
  EXPECT_THAT(rank.memory,
              ElementsAre(TraceMLDevicePeaks{"cuda:0", 9.0, 1, 14.0, 0},
                          TraceMLDevicePeaks{"cuda:1", 5.0, 0, std::nullopt, std::nullopt}));
}

TEST(TraceMLSummaryTest, GpuPercentilesPerRankAndGpuIndex) {
  TraceMLExport run;
  for (std::uint64_t seq = 0; seq < 4; ++seq) {
    run.system_gpu.push_back(
        Gpu(4, seq, 1, 10.0 * static_cast<double>(seq), 100.0 + static_cast<double>(seq)));
    run.system_gpu.push_back(
        Gpu(4, seq, 0, seq == 2 ? std::nullopt : std::optional<double>(50.0), std::nullopt));
  }
  run.system_gpu.push_back(Gpu(0, 0, 0, 1.0, 2.0));
  const TraceMLRunSummary summary = SummarizeTraceMLRun(run);
  ASSERT_EQ(summary.gpus.size(), 3u);
  EXPECT_EQ(summary.gpus[0].rank, 0u);
  const TraceMLGpuSummary& gpu0 = summary.gpus[1];
  EXPECT_EQ(gpu0.rank, 4u);
  EXPECT_EQ(gpu0.node_rank, 1u);
  EXPECT_EQ(gpu0.gpu_idx, 0u);
  EXPECT_EQ(gpu0.sample_count, 4u);
  EXPECT_EQ(gpu0.util_percent, (TraceMLPercentiles{50.0, 50.0, 50.0, 50.0}));
  EXPECT_EQ(gpu0.mem_used_bytes, std::nullopt);
  EXPECT_EQ(gpu0.mem_total_bytes, 80.0);
  const TraceMLGpuSummary& gpu1 = summary.gpus[2];
  EXPECT_EQ(gpu1.gpu_idx, 1u);
  EXPECT_EQ(gpu1.util_percent, (TraceMLPercentiles{10.0, 30.0, 30.0, 30.0}));
  EXPECT_EQ(gpu1.mem_used_bytes, (TraceMLPercentiles{101.0, 103.0, 103.0, 103.0}));
  EXPECT_EQ(summary.ranks.size(), 2u) << "ranks 0 and 4 sent snapshots";
}

TEST(TraceMLSummaryTest, OneRankIsItsOwnStragglerWithNoLag) {
  TraceMLExport run;
  run.step_time.push_back(Step(3, 0, 12.0));
  run.step_time.push_back(Step(3, 1, 14.0));
  const TraceMLRunSummary summary = SummarizeTraceMLRun(run);
  EXPECT_EQ(*summary.straggler, (TraceMLStraggler{3, 12.0, 12.0, 0.0}));
}

TEST(TraceMLSummaryTest, EmptyExportWritesEveryKey) {
  const TraceMLRunSummary summary = SummarizeTraceMLRun(TraceMLExport{});
  const std::string zeros =
      R"({"step_time":0,"step_memory":0,"system":0,"system_gpu":0,"process":0,)"
      R"("runtime_environment":0,"stdout_stderr":0})";
  EXPECT_EQ(Json(summary), R"({"record_count":0,"records_by_stream":)" + zeros +
                               R"(,"duplicates_ignored":)" + zeros + R"(,"unplaced_records":)" +
                               zeros + R"(,"ranks":[],"straggler":null,"gpus":[]})");
}

TEST(TraceMLSummaryTest, JsonKeysInOrderCompactAndPretty) {
  TraceMLExport run;
  run.step_time.push_back(
      Step(0, 0, {Phase("forward", "cuda:0", 1.5), Phase("optimizer", "cpu", 0.5)}));
  run.step_time.push_back(Step(0, 2, 4.0));
  run.step_memory.push_back(Memory(0, "cuda:0", 0, 1073741824.0, std::nullopt));
  run.system_gpu.push_back(Gpu(0, 0, 0, 0.0, 2.5));
  const TraceMLRunSummary summary = SummarizeTraceMLRun(run);
  const std::string json = Json(summary);
  EXPECT_THAT(
      json,
      HasSubstr(
          R"("ranks":[{"rank":0,"step_count":2,"first_step":0,"last_step":2,"timed_step_count":2,)"
          R"("step_time_ms":{"p50":2.0,"p90":4.0,"p99":4.0,"max":4.0},"total_step_time_ms":6.0,)"
          R"("phases":[{"name":"forward","total_ms":5.5,"share":0.9166666666666666},)"
          R"({"name":"optimizer","total_ms":0.5,"share":0.08333333333333333}],)"
          R"("missing_step_count":1,"missing_steps":[[1,1]],)"
          R"("memory":[{"device":"cuda:0","peak_alloc_bytes":1073741824.0,"peak_alloc_step":0,)"
          R"("peak_reserved_bytes":null,"peak_reserved_step":null}]}],)"
          R"("straggler":{"rank":0,"median_step_ms":2.0,"median_of_rank_medians_ms":2.0,"lag_ms":0.0},)"
          R"("gpus":[{"rank":0,"node_rank":0,"gpu_idx":0,"sample_count":1,)"
          R"("util_percent":{"p50":0.0,"p90":0.0,"p99":0.0,"max":0.0},)"
          R"("mem_used_bytes":{"p50":2.5,"p90":2.5,"p99":2.5,"max":2.5},"mem_total_bytes":80.0}]})"));
  const std::string pretty = Json(summary, true);
  EXPECT_THAT(pretty, HasSubstr("{\n  \"record_count\": 4,\n  \"records_by_stream\": {\n"));
  EXPECT_THAT(
      pretty,
      HasSubstr("\"missing_steps\": [\n        [\n          1,\n          1\n        ]\n      ]"));
}

TEST(TraceMLSummaryTest, HundredThousandPhaseNamesStayOnePerName) {
  std::vector<TraceMLPhaseSample> events;
  for (int i = 0; i < 100000; ++i) events.push_back(Phase("phase" + std::to_string(i), "cpu", 1.0));
  TraceMLExport run;
  run.step_time.push_back(Step(0, 0, events));
  run.step_time.push_back(Step(0, 1, std::move(events)));
  const TraceMLRankSummary rank = SummarizeTraceMLRun(run).ranks.at(0);
  ASSERT_EQ(rank.phases.size(), 100000u);
  EXPECT_EQ(rank.total_step_time_ms, 200000.0);
  EXPECT_EQ(rank.phases.front(), (TraceMLPhaseShare{"phase0", 2.0, 1e-5}));
}

// The committed example (examples/traceml/README.md): rank 1 is the straggler, rank 0 misses
// step 3, one step_time record of rank 1 was sent twice, one row has no step.
TEST(TraceMLSummaryTest, CommittedExample) {
  const testing_support::GeneratedTraceMLExport example =
      testing_support::GenerateTraceMLExport({.seed = 5});
  const TraceMLRunSummary summary = SummarizeTraceMLRun(example.records);
  EXPECT_EQ(summary.record_count, 44u);
  EXPECT_EQ(summary.duplicates_ignored[kStepTime], 1u);
  EXPECT_EQ(summary.unplaced_records[kStepTime], 1u);
  ASSERT_EQ(summary.ranks.size(), 2u);
  EXPECT_EQ(summary.ranks[0].step_count, 5u);
  EXPECT_THAT(summary.ranks[0].missing_steps, ElementsAre(TraceMLStepRange{3, 3}));
  EXPECT_EQ(summary.ranks[1].step_count, 6u);
  EXPECT_TRUE(summary.ranks[1].missing_steps.empty());
  ASSERT_TRUE(summary.straggler.has_value());
  EXPECT_EQ(summary.straggler->rank, 1u);
  EXPECT_GT(summary.straggler->lag_ms, 0.0);
  ASSERT_EQ(summary.ranks[0].phases.size(), 4u);
  EXPECT_EQ(summary.ranks[0].phases[0].name, "_traceml_internal:backward_time");
  EXPECT_EQ(summary.gpus.size(), 2u);
  EXPECT_EQ(summary.gpus[1].mem_total_bytes, 85899345920.0);
}

// Summarized as it is read, an export gives the summary of its typed records: the two feed one
// accumulator. Several plans, with duplicates, nulls, gaps and hostnames.
TEST(TraceMLSummaryTest, SummarizingAsItReadsEqualsSummarizingTheTypedExport) {
  for (const testing_support::TraceMLExportPlan& plan :
       {testing_support::TraceMLExportPlan{.seed = 5},
        testing_support::TraceMLExportPlan{
            .seed = 7, .nodes = 2, .gpus_per_node = 2, .steps = 30, .step_gap = 1000,
            .missing_steps = 4, .duplicates = 6, .snapshot_every = 3, .hostname = true},
        testing_support::TraceMLExportPlan{.seed = 9, .steps = 0, .duplicates = 0}}) {
    const testing_support::GeneratedTraceMLExport generated =
        testing_support::GenerateTraceMLExport(plan);
    const Result<TraceMLRunSummary> streamed =
        SummarizeTraceMLExport(TraceInput::FromString(generated.text));
    ASSERT_TRUE(streamed) << streamed.error().message;
    const TraceMLRunSummary typed = SummarizeTraceMLRun(generated.records);
    EXPECT_EQ(streamed.value(), typed) << "seed " << plan.seed;
    EXPECT_EQ(typed.record_count, generated.facts.record_count);
  }
  // A rejected export is an error, not a summary.
  const Result<TraceMLRunSummary> rejected =
      SummarizeTraceMLExport(TraceInput::FromString("{\"stream\":\"steps\"}\n"));
  ASSERT_FALSE(rejected);
  EXPECT_EQ(rejected.error().code, ErrorCode::kTraceMLUnknownStream);
}

}  // namespace
}  // namespace tracedoc
