// Issue 17: the reader and the generator agree. For several generator plans,
// ReadTraceMLExport(generated.text) returns exactly generated.records (every field but the
// warnings, which the generator does not model), and its warnings are exactly one
// traceml_duplicate_key at each record whose stream key an earlier record had, plus
// traceml_dropped_batches at the closing line when batches were dropped. A duplicate's message
// names the line of the first record with its key.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/traceml_export_generator.hpp"
#include "tracedoc/traceml_export.hpp"

namespace tracedoc {
namespace {

using testing_support::GeneratedTraceMLExport;
using testing_support::GenerateTraceMLExport;
using testing_support::TraceMLExportPlan;

// A warning as the test compares it: the code and the line (messages are checked elsewhere).
using CodeAtLine = std::pair<DiagnosticCode, std::uint64_t>;

using U64 = std::optional<std::uint64_t>;
using Text = std::optional<std::string>;
// The stream keys of docs/traceml-export.md, spelled out again here so that the reader's own
// key sets are not the reference they are checked against.
std::tuple<U64, U64> KeyOf(const TraceMLStepTime& r) { return {r.identity.global_rank, r.step}; }
std::tuple<U64, Text, U64> KeyOf(const TraceMLStepMemory& r) {
  return {r.identity.global_rank, r.device, r.step};
}
std::tuple<U64, U64> KeyOf(const TraceMLSystem& r) {
  return {r.identity.global_rank, r.identity.seq};
}
std::tuple<U64, U64, std::uint64_t> KeyOf(const TraceMLSystemGpu& r) {
  return {r.identity.global_rank, r.identity.seq, r.gpu_idx};
}
std::tuple<U64, U64> KeyOf(const TraceMLProcess& r) {
  return {r.identity.global_rank, r.identity.seq};
}
std::tuple<U64> KeyOf(const TraceMLRuntimeEnvironment& r) { return {r.identity.global_rank}; }

// The duplicate warnings one stream must give: one at each record whose key an earlier record
// had. `first_lines` gets, for each such record's line, the line of the first record with it.
template <class Record>
void AddDuplicates(const std::vector<Record>& records, std::vector<CodeAtLine>& expected,
                   std::map<std::uint64_t, std::uint64_t>& first_lines) {
  std::map<decltype(KeyOf(records.front())), std::uint64_t> first;
  for (const Record& record : records) {
    const auto [at, inserted] = first.emplace(KeyOf(record), record.base.line);
    if (inserted) continue;
    expected.emplace_back(DiagnosticCode::kTraceMLDuplicateKey, record.base.line);
    first_lines[record.base.line] = at->second;
  }
}

std::vector<CodeAtLine> ExpectedWarnings(const TraceMLExport& records,
                                         std::map<std::uint64_t, std::uint64_t>& first_lines) {
  std::vector<CodeAtLine> expected;
  AddDuplicates(records.step_time, expected, first_lines);
  AddDuplicates(records.step_memory, expected, first_lines);
  AddDuplicates(records.system, expected, first_lines);
  AddDuplicates(records.system_gpu, expected, first_lines);
  AddDuplicates(records.process, expected, first_lines);
  AddDuplicates(records.runtime_environment, expected, first_lines);
  if (records.closing && records.closing->dropped_batches != 0) {
    expected.emplace_back(DiagnosticCode::kTraceMLDroppedBatches, records.closing->line);
  }
  std::sort(expected.begin(), expected.end(),
            [](const CodeAtLine& a, const CodeAtLine& b) { return a.second < b.second; });
  return expected;
}

void ExpectReadBack(const TraceMLExportPlan& plan) {
  const GeneratedTraceMLExport generated = GenerateTraceMLExport(plan);
  const Result<TraceMLExport> read = ReadTraceMLExport(TraceInput::FromString(generated.text));
  ASSERT_TRUE(read) << "line " << read.error().line << " `" << read.error().field
                    << "`: " << read.error().message;
  const TraceMLExport& got = read.value();
  const TraceMLExport& want = generated.records;
  // Field by field, so that a disagreement names its stream.
  EXPECT_EQ(got.step_time, want.step_time);
  EXPECT_EQ(got.step_memory, want.step_memory);
  EXPECT_EQ(got.system, want.system);
  EXPECT_EQ(got.system_gpu, want.system_gpu);
  EXPECT_EQ(got.process, want.process);
  EXPECT_EQ(got.runtime_environment, want.runtime_environment);
  EXPECT_EQ(got.stdout_stderr, want.stdout_stderr);
  EXPECT_EQ(got.has_hostname, want.has_hostname);
  EXPECT_EQ(got.closing, want.closing);
  EXPECT_EQ(got.duplicates, want.duplicates);
  EXPECT_EQ(got.duplicates, generated.facts.duplicates);

  std::map<std::uint64_t, std::uint64_t> first_lines;
  const std::vector<CodeAtLine> expected = ExpectedWarnings(want, first_lines);
  // The keys spelled out above find exactly the copies the generator sent.
  std::uint64_t copies = 0;
  for (const std::uint64_t count : generated.facts.duplicates) copies += count;
  EXPECT_EQ(first_lines.size(), copies);
  std::vector<CodeAtLine> warnings;
  for (const Diagnostic& warning : got.warnings.kept) {
    warnings.emplace_back(warning.code, warning.line);
    const bool dropped = warning.code == DiagnosticCode::kTraceMLDroppedBatches;
    EXPECT_EQ(warning.field, dropped ? "dropped_batches" : "") << "line " << warning.line;
    if (dropped) continue;
    // The message points back at the first record with the key.
    EXPECT_THAT(warning.message,
                ::testing::EndsWith(") of line " + std::to_string(first_lines[warning.line]) +
                                    "; kept"))
        << "line " << warning.line;
  }
  EXPECT_EQ(warnings, expected);
  EXPECT_EQ(got.warnings.total, expected.size());
}

std::uint64_t StreamsWithDuplicates(const GeneratedTraceMLExport& generated) {
  std::uint64_t streams = 0;
  for (const std::uint64_t count : generated.facts.duplicates) streams += count != 0 ? 1 : 0;
  return streams;
}

TEST(TraceMLReadBackTest, TheCommittedExamplesPlan) { ExpectReadBack({.seed = 5}); }

TEST(TraceMLReadBackTest, TwoNodesOfTwoGpusWithHostnames) {
  ExpectReadBack({.seed = 11, .nodes = 2, .gpus_per_node = 2, .steps = 9, .hostname = true});
}

TEST(TraceMLReadBackTest, NoNulls) {
  ExpectReadBack({.seed = 12, .nodes = 2, .steps = 7, .nulls = false});
}

TEST(TraceMLReadBackTest, NoClosingLine) {
  ExpectReadBack({.seed = 13, .hostname = true, .closing_line = false});
}

TEST(TraceMLReadBackTest, DroppedBatches) {
  ExpectReadBack({.seed = 14, .nodes = 2, .dropped_batches = 3});
}

TEST(TraceMLReadBackTest, DuplicatesInEveryKeyedStream) {
  TraceMLExportPlan plan{.seed = 15,
                         .nodes = 2,
                         .gpus_per_node = 2,
                         .steps = 6,
                         .step_gap = 1000,
                         .missing_steps = 3,
                         .duplicates = 150,
                         .snapshot_every = 1,
                         .hostname = true};
  // The first seed from 15 whose copies reach all six keyed streams (stdout_stderr has no key),
  // so that a change of the generator's draws does not quietly drop a stream.
  while (StreamsWithDuplicates(GenerateTraceMLExport(plan)) < 6 && plan.seed < 65) ++plan.seed;
  ASSERT_EQ(StreamsWithDuplicates(GenerateTraceMLExport(plan)), 6u);
  ExpectReadBack(plan);
}

TEST(TraceMLReadBackTest, ManySeeds) {
  for (std::uint64_t seed = 100; seed < 140; ++seed) {
    SCOPED_TRACE(seed);
    ExpectReadBack({.seed = seed,
                    .nodes = 1 + seed % 3,
                    .gpus_per_node = 1 + seed % 4,
                    .steps = seed % 9,
                    .missing_steps = seed % 4,
                    .duplicates = seed % 7,
                    .snapshot_every = 1 + seed % 3,
                    .hostname = seed % 2 == 0,
                    .nulls = seed % 5 != 0,
                    .closing_line = seed % 3 != 0,
                    .dropped_batches = seed % 4 == 0 ? 2u : 0u});
  }
}

}  // namespace
}  // namespace tracedoc
