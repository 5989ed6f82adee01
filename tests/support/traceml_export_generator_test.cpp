// The seeded TraceML export generator (tests/support/traceml_export_generator.hpp): the committed
// example is its output, its text is json.dumps's layout and the format's field orders, and it
// really produces what its plan and facts claim (ranks, missing steps, duplicates, nulls).
#include "support/traceml_export_generator.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/cli_fixture.hpp"

namespace tracedoc::testing_support {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

std::vector<std::string> SplitLines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t begin = 0;
  for (std::size_t end = text.find('\n'); end != std::string::npos; end = text.find('\n', begin)) {
    lines.push_back(text.substr(begin, end - begin));
    begin = end + 1;
  }
  EXPECT_EQ(begin, text.size()) << "the text ends with a newline";
  return lines;
}

TEST(TraceMLExportGeneratorTest, CommittedExampleIsTheGeneratorsOutputForItsSeed) {
  const std::string example =
      testdata::ReadFileBytes(TRACEDOC_SOURCE_DIR "/examples/traceml/records.jsonl");
  const GeneratedTraceMLExport generated = GenerateTraceMLExport({.seed = 5});
  EXPECT_TRUE(example == generated.text)
      << "examples/traceml/records.jsonl drifted from the generator: regenerate it with "
         "`tracedoc_gen_traceml 5 > examples/traceml/records.jsonl` (examples/traceml/README.md)";
  EXPECT_EQ(SplitLines(example).size(), 45u);
}

TEST(TraceMLExportGeneratorTest, SameSeedSameExportOtherSeedOtherExport) {
  const TraceMLExportPlan plan{.seed = 99, .nodes = 2, .steps = 9, .missing_steps = 3};
  const GeneratedTraceMLExport a = GenerateTraceMLExport(plan);
  const GeneratedTraceMLExport b = GenerateTraceMLExport(plan);
  EXPECT_TRUE(a.text == b.text);
  EXPECT_EQ(a.records.step_time, b.records.step_time);
  TraceMLExportPlan other = plan;
  other.seed = 100;
  EXPECT_FALSE(GenerateTraceMLExport(other).text == a.text);
}

TEST(TraceMLExportGeneratorTest, EveryLineIsARecordWithStreamAndSchemaFirstThenTheClosingLine) {
  const GeneratedTraceMLExport generated = GenerateTraceMLExport({.seed = 3, .duplicates = 4});
  const std::vector<std::string> lines = SplitLines(generated.text);
  ASSERT_EQ(lines.size(), generated.facts.record_count + 1);
  ASSERT_EQ(generated.records.record_count(), generated.facts.record_count);
  std::set<std::string> streams;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    EXPECT_THAT(lines[i], StartsWith("{\"stream\": \"")) << "line " << i + 1;
    const std::size_t end = lines[i].find('"', 12);
    streams.insert(lines[i].substr(12, end - 12));
    EXPECT_THAT(lines[i].substr(end), StartsWith("\", \"schema_version\": 1, "))
        << "line " << i + 1;
  }
  EXPECT_EQ(streams.size(), 7u) << "every stream";
  EXPECT_EQ(lines.back(), "{\"written_records\": " + std::to_string(generated.facts.record_count) +
                              ", \"dropped_batches\": 0}");
}

TEST(TraceMLExportGeneratorTest, FieldsInTheSeedsColumnOrder) {
  const GeneratedTraceMLExport generated = GenerateTraceMLExport({.seed = 4, .hostname = true});
  const std::string& text = generated.text;
  EXPECT_THAT(text, HasSubstr(R"("node_rank": 0, "hostname": "node-0", "timestamp_unix_ns": )"));
  EXPECT_THAT(text, HasSubstr(R"("hostname": null, "timestamp_unix_ns": )"));
  EXPECT_THAT(text, HasSubstr(R"("node_rank": 0, "hostname": "node-0", "pid": )"));
  EXPECT_THAT(text,
              HasSubstr(R"(, "seq": 0, "device": "cuda:0", "step": 0, "peak_alloc_bytes": )"));
  EXPECT_THAT(text, HasSubstr(R"(, "seq": 0, "gpu_idx": 1, "util": 0.0, "mem_used_bytes": )"));
  EXPECT_THAT(
      text,
      HasSubstr(
          R"("is_gpu": false, "duration_ms": 0.0, "cpu_ms": 0.0, "gpu_ms": null, "n_calls": 1})"));
  EXPECT_THAT(text, HasSubstr(R"("power_usage_w": null, "power_limit_w": null})"));
  EXPECT_THAT(text, HasSubstr(R"("step": null, "events": {}})"));
  EXPECT_THAT(text, HasSubstr(R"("gpu_available": 1, "gpu_count": 2})"));
  EXPECT_THAT(text, HasSubstr(R"("ram_total_bytes": 274877906944.0, )"));
  // Without the exporter_hostname setting there is no hostname at all.
  EXPECT_THAT(GenerateTraceMLExport({.seed = 4}).text, Not(HasSubstr("hostname")));
}

TEST(TraceMLExportGeneratorTest, FloatsAreWrittenAsPythonsRepr) {
  TraceMLExport records;
  TraceMLSystemGpu gpu;
  gpu.base.line = 1;
  gpu.identity.global_rank = 0;
  gpu.mem_used_bytes = 1e15;
  gpu.mem_total_bytes = 4e9;
  gpu.util = 12.5;
  gpu.temperature_c = 1.5e-5;
  gpu.power_usage_w = 1e16;
  gpu.power_limit_w = 0.0001;
  records.system_gpu.push_back(gpu);
  const std::string text = WriteTraceMLExportJsonl(records);
  EXPECT_THAT(text, HasSubstr(R"("util": 12.5, "mem_used_bytes": 1000000000000000.0, )"
                              R"("mem_total_bytes": 4000000000.0, "temperature_c": 1.5e-05, )"
                              R"("power_usage_w": 1e+16, "power_limit_w": 0.0001})"));
}

TEST(TraceMLExportGeneratorTest, FactsMatchTheRecords) {
  const TraceMLExportPlan plan{.seed = 21,
                               .nodes = 2,
                               .gpus_per_node = 2,
                               .steps = 12,
                               .step_gap = 1000,
                               .missing_steps = 5,
                               .duplicates = 6};
  const GeneratedTraceMLExport generated = GenerateTraceMLExport(plan);
  const TraceMLExportFacts& facts = generated.facts;
  ASSERT_EQ(facts.ranks.size(), 4u);
  std::map<std::uint64_t, std::set<std::uint64_t>> steps;
  for (const TraceMLStepTime& record : generated.records.step_time) {
    if (record.step) steps[*record.identity.global_rank].insert(*record.step);
  }
  std::uint64_t missing = 0;
  for (const TraceMLRankFacts& rank : facts.ranks) {
    const std::set<std::uint64_t>& mine = steps[rank.global_rank];
    EXPECT_EQ(rank.step_count, mine.size());
    std::uint64_t gap_steps = 0;
    for (const auto& [first, last] : rank.missing_steps) {
      gap_steps += last - first + 1;
      EXPECT_FALSE(mine.contains(first));
      EXPECT_FALSE(mine.contains(last));
    }
    EXPECT_EQ(*mine.rbegin() - *mine.begin() + 1, mine.size() + gap_steps);
    missing += rank.missing_steps.size();
  }
  EXPECT_GE(missing, 4u) << "the 1000-step gap of each rank";
  std::uint64_t duplicates = 0;
  for (const std::uint64_t count : facts.duplicates) duplicates += count;
  EXPECT_EQ(duplicates, 6u);
  EXPECT_EQ(generated.records.duplicates, facts.duplicates);
  EXPECT_EQ(facts.unplaced_records, 1u);
  // One host snapshot per node and tick, from the node's local rank 0, with one GPU record each.
  std::set<std::pair<std::uint64_t, std::uint64_t>> snapshots;
  for (const TraceMLSystem& system : generated.records.system) {
    EXPECT_EQ(*system.identity.local_rank, 0u);
    snapshots.emplace(*system.identity.global_rank, *system.identity.seq);
  }
  std::set<std::pair<std::uint64_t, std::uint64_t>> gpus;
  for (const TraceMLSystemGpu& gpu : generated.records.system_gpu) {
    EXPECT_TRUE(snapshots.contains({*gpu.identity.global_rank, *gpu.identity.seq}));
    gpus.emplace(*gpu.identity.global_rank * 100 + *gpu.identity.seq, gpu.gpu_idx);
  }
  EXPECT_EQ(gpus.size(), 2 * snapshots.size());
}

TEST(TraceMLExportGeneratorTest, LinesAreNumberedInFileOrderWithinEachStream) {
  const GeneratedTraceMLExport generated = GenerateTraceMLExport({.seed = 8, .duplicates = 5});
  std::uint64_t previous = 0;
  for (const TraceMLStepTime& record : generated.records.step_time) {
    EXPECT_GT(record.base.line, previous);
    previous = record.base.line;
  }
  ASSERT_TRUE(generated.records.closing.has_value());
  EXPECT_EQ(generated.records.closing->line, generated.facts.record_count + 1);
  EXPECT_EQ(generated.records.closing->written_records, generated.facts.record_count);
}

}  // namespace
}  // namespace tracedoc::testing_support
