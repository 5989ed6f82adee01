// Summarize and `tracedoc summary` (docs/analyses.md §4): the pinned cases of docs/examples.md (E18, R2,
// E24–E26), the depth table with cycles and unknown parents, saturating total_ns, raw memory
// counts, the JSON shape and the command line's exit codes.
#include "tracedoc/summary.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/cli_fixture.hpp"
#include "support/fold_or_throw.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/memory.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc {
namespace {

using testdata::CompleteTerminalAt;
using testdata::kCompleteTerminal0;
using testdata::kMeta10;
using testdata::Lines;
using testdata::TraceOfLines;
using testing_support::FoldOrThrow;

constexpr std::uint64_t kU64Max = std::numeric_limits<std::uint64_t>::max();

// A closed span; `parent` empty means a root.
std::string Span(std::string_view id, std::string_view parent, std::uint64_t start_ns = 0,
                 std::uint64_t duration_ns = 0, bool measured = false) {
  std::string line = R"({"kind":"span_start","id":")" + std::string(id) + "\"";
  if (!parent.empty()) line += R"(,"parent_id":")" + std::string(parent) + "\"";
  line += R"(,"name":"n","start_ns":)" + std::to_string(start_ns) +
          R"(,"span_kind":"function","measured":)" + (measured ? "true" : "false") + "}\n";
  line += R"({"kind":"span_end","id":")" + std::string(id) + R"(","duration_ns":)" +
          std::to_string(duration_ns) + "}";
  return line;
}

std::string Memory(std::uint64_t t, std::string_view action, std::string_view storage,
                   std::uint64_t bytes, std::string_view device = "cpu") {
  return R"({"kind":"memory","timestamp_ns":)" + std::to_string(t) + R"(,"storage_id":")" +
         std::string(storage) + R"(","tensor_id":"t","span_id":"s1","device":")" +
         std::string(device) + R"(","bytes":)" + std::to_string(bytes) + R"(,"action":")" +
         std::string(action) + R"(","dtype":"f32","category":"activation"})";
}

TEST(SummaryTest, E18EmptyDocumentJson) {
  const TraceDocument doc = FoldOrThrow(Lines({kMeta10, "", kCompleteTerminal0}));
  EXPECT_EQ(WriteSummaryJson(Summarize(doc)),
            R"({"op_count":0,"total_ns":0,"span_count":0,"root_span_count":0,"max_depth":0,)"
            R"("alloc_count":0,"free_count":0,"logical_peak_bytes":null})");
}

TEST(SummaryTest, R2SampleJson) {
  const TraceDocument doc = FoldOrThrow(testdata::kSample);
  EXPECT_EQ(WriteSummaryJson(Summarize(doc)),
            R"({"op_count":1,"total_ns":2500,"span_count":2,"root_span_count":1,"max_depth":1,)"
            R"("alloc_count":1,"free_count":0,"logical_peak_bytes":4096})");
}

TEST(SummaryTest, PrettyJsonIndentsWithoutReordering) {
  TraceSummary summary;
  summary.op_count = 3;
  summary.logical_peak_bytes = 7;
  EXPECT_EQ(WriteSummaryJson(summary, {.pretty = true}),
            "{\n  \"op_count\": 3,\n  \"total_ns\": 0,\n  \"span_count\": 0,\n"
            "  \"root_span_count\": 0,\n  \"max_depth\": 0,\n  \"alloc_count\": 0,\n"
            "  \"free_count\": 0,\n  \"logical_peak_bytes\": 7\n}");
}

TEST(SummaryTest, ExtremeValuesAreWrittenInFull) {
  TraceSummary summary;
  summary.total_ns = kU64Max;
  summary.logical_peak_bytes = 0;
  EXPECT_EQ(WriteSummaryJson(summary),
            R"({"op_count":0,"total_ns":18446744073709551615,"span_count":0,)"
            R"("root_span_count":0,"max_depth":0,"alloc_count":0,"free_count":0,)"
            R"("logical_peak_bytes":0})");
}

// The depth table of §4.
TEST(SummaryDepthTest, RootIsDepthZero) {
  const TraceSummary summary = Summarize(FoldOrThrow(TraceOfLines({Span("a", "")})));
  EXPECT_EQ(summary.max_depth, 0u);
  EXPECT_EQ(summary.root_span_count, 1u);
}

TEST(SummaryDepthTest, UnknownParentCountsOneHopAndIsNotARoot) {
  const TraceSummary summary = Summarize(FoldOrThrow(TraceOfLines({Span("a", "ghost")})));
  EXPECT_EQ(summary.max_depth, 1u);
  EXPECT_EQ(summary.root_span_count, 0u);
  EXPECT_EQ(summary.span_count, 1u);
}

TEST(SummaryDepthTest, ChainThroughUnknownParentCountsEveryHop) {
  // b → a → ghost: b visits a, then ghost.
  const TraceSummary summary =
      Summarize(FoldOrThrow(TraceOfLines({Span("a", "ghost"), Span("b", "a")})));
  EXPECT_EQ(summary.max_depth, 2u);
}

TEST(SummaryDepthTest, SelfLoopIsDepthOne) {
  const TraceSummary summary = Summarize(FoldOrThrow(TraceOfLines({Span("a", "a")})));
  EXPECT_EQ(summary.max_depth, 1u);
  EXPECT_EQ(summary.root_span_count, 0u);
}

TEST(SummaryDepthTest, TwoCycleIsDepthTwo) {
  const TraceSummary summary =
      Summarize(FoldOrThrow(TraceOfLines({Span("a", "b"), Span("b", "a")})));
  EXPECT_EQ(summary.max_depth, 2u);
}

TEST(SummaryDepthTest, SpanHangingOffACycleIsDepthTwo) {
  // c → a → b → a: c visits a, then b, then a repeats.
  const TraceSummary summary =
      Summarize(FoldOrThrow(TraceOfLines({Span("a", "b"), Span("b", "a"), Span("c", "a")})));
  EXPECT_EQ(summary.max_depth, 2u);
}

TEST(SummaryDepthTest, ChainLeadingIntoACycleCountsTheChainAndTheCycle) {
  // d → c → a → b → a: c, a, b.
  const TraceSummary summary = Summarize(
      FoldOrThrow(TraceOfLines({Span("a", "b"), Span("b", "a"), Span("c", "a"), Span("d", "c")})));
  EXPECT_EQ(summary.max_depth, 3u);
}

TEST(SummaryDepthTest, LongChainIsLinear) {
  // 100,000 nested spans: a walk per span would be quadratic; the answer is n - 1.
  constexpr int kSpans = 100000;
  std::vector<std::string> lines;
  lines.reserve(kSpans);
  for (int i = 0; i < kSpans; ++i) {
    lines.push_back(Span("s" + std::to_string(i), i == 0 ? "" : "s" + std::to_string(i - 1)));
  }
  const TraceSummary summary = Summarize(FoldOrThrow(TraceOfLines(lines)));
  EXPECT_EQ(summary.max_depth, static_cast<std::uint64_t>(kSpans - 1));
  EXPECT_EQ(summary.root_span_count, 1u);
}

TEST(SummaryTest, TotalNsCountsMeasuredSpansOnly) {
  const std::string open_measured =
      R"({"kind":"span_start","id":"open","name":"n","start_ns":0,"span_kind":"function","measured":true})";
  const TraceSummary summary = Summarize(
      FoldOrThrow(TraceOfLines({Span("a", "", 0, 100, true), Span("b", "a", 0, 1000, false),
                                Span("c", "a", 0, 23, true), open_measured},
                               1000)));
  EXPECT_EQ(summary.total_ns, 123u);
  EXPECT_EQ(summary.span_count, 4u);
  EXPECT_EQ(summary.root_span_count, 2u);
}

TEST(SummaryTest, TotalNsSaturatesWhereTheReferenceWraps) {
  // The reference gives 1 for both (wrapping); tracedoc saturates (docs/analyses.md §4).
  const TraceSummary two = Summarize(FoldOrThrow(
      TraceOfLines({Span("a", "", 0, kU64Max, true), Span("b", "", 0, 2, true)}, kU64Max)));
  EXPECT_EQ(two.total_ns, kU64Max);
  const TraceSummary quirk = Summarize(FoldOrThrow(TraceOfLines(
      {Span("a", "", 0, kU64Max, true), Span("b", "", 0, kU64Max, true), Span("c", "", 0, 3, true)},
      kU64Max)));
  EXPECT_EQ(quirk.total_ns, kU64Max);
}

TEST(SummaryTest, RawMemoryCountsIncludeAliasesAndUnmatchedFrees) {
  const TraceSummary summary = Summarize(FoldOrThrow(TraceOfLines(
      {
          Memory(1, "alloc", "a", 8), Memory(2, "alloc", "a", 8),  // alias
          Memory(3, "free", "a", 8), Memory(4, "free", "a", 8),    // double free
          Memory(5, "free", "z", 8),                               // unknown storage
          Memory(6, "alloc", "a", 8),                              // re-allocation
      },
      6)));
  EXPECT_EQ(summary.alloc_count, 3u);
  EXPECT_EQ(summary.free_count, 3u);
  EXPECT_EQ(summary.logical_peak_bytes, 8u);
}

TEST(SummaryTest, E24CountsAndPeak) {
  const TraceSummary summary = Summarize(FoldOrThrow(TraceOfLines(
      {Memory(10, "alloc", "a", 40), Memory(20, "alloc", "b", 70), Memory(30, "free", "a", 40)},
      30)));
  EXPECT_EQ(summary.alloc_count, 2u);
  EXPECT_EQ(summary.free_count, 1u);
  EXPECT_EQ(summary.logical_peak_bytes, 110u);
}

TEST(SummaryTest, E25AllocAndFreeAtOneTimestampGivePeakZero) {
  const TraceSummary summary = Summarize(
      FoldOrThrow(TraceOfLines({Memory(5, "alloc", "a", 100), Memory(5, "free", "a", 100)}, 5)));
  EXPECT_EQ(summary.logical_peak_bytes, std::optional<std::uint64_t>(0));
  EXPECT_THAT(WriteSummaryJson(summary), ::testing::EndsWith(R"("logical_peak_bytes":0})"));
}

TEST(SummaryTest, E25FreeBeforeAllocInOneGroupIsIgnored) {
  const TraceSummary summary = Summarize(
      FoldOrThrow(TraceOfLines({Memory(5, "free", "a", 100), Memory(5, "alloc", "a", 100)}, 5)));
  EXPECT_EQ(summary.logical_peak_bytes, 100u);
  EXPECT_EQ(summary.free_count, 1u);
}

TEST(SummaryTest, E26OnlyFreesGiveNullPeak) {
  const TraceSummary summary = Summarize(FoldOrThrow(TraceOfLines({Memory(7, "free", "z", 1)}, 7)));
  EXPECT_EQ(summary.logical_peak_bytes, std::nullopt);
  EXPECT_EQ(summary.free_count, 1u);
  EXPECT_EQ(summary.alloc_count, 0u);
  EXPECT_THAT(WriteSummaryJson(summary), ::testing::EndsWith(R"("logical_peak_bytes":null})"));
}

TEST(SummaryTest, PeakIsTheSimultaneousSumAcrossDevicesAfterWholeGroups) {
  // A transient state inside a group is never the peak: at t=2 a is freed before c arrives.
  const TraceSummary summary = Summarize(
      FoldOrThrow(TraceOfLines({Memory(1, "alloc", "a", 50), Memory(1, "alloc", "b", 10, "cuda:0"),
                                Memory(2, "alloc", "x", 1000), Memory(2, "free", "x", 1000),
                                Memory(3, "free", "a", 50), Memory(3, "alloc", "c", 45)},
                               3)));
  EXPECT_EQ(summary.logical_peak_bytes, 60u);
}

TEST(SummaryTest, PeakAgreesWithTheMemoryProfile) {
  const TraceDocument doc =
      FoldOrThrow(TraceOfLines({Memory(30, "alloc", "a", 5), Memory(10, "alloc", "b", 7, "cuda:0"),
                                Memory(20, "free", "b", 7, "cuda:0"), Memory(20, "alloc", "c", 9),
                                Memory(30, "free", "c", 9), Memory(40, "alloc", "d", kU64Max)},
                               40));
  const MemoryProfile profile = AnalyzeMemory(doc);
  ASSERT_TRUE(profile.logical && profile.logical->peak);
  EXPECT_EQ(Summarize(doc).logical_peak_bytes, profile.logical->peak->live_bytes);
  EXPECT_EQ(Summarize(doc).logical_peak_bytes, kU64Max);
}

TEST(SummaryTest, SummarizeWithMemoryEqualsBothAnalysesApart) {
  const std::vector<std::vector<std::string>> cases = {
      {Span("s1", "", 0, 40, true), Span("s2", "s1"), Span("s3", "gone")},
      {Memory(7, "free", "z", 1)},
      // Out of timestamp order (the replay starts over on the sorted order), two devices.
      {Memory(30, "alloc", "a", 5), Memory(10, "alloc", "b", 7, "cuda:0"),
       Memory(20, "free", "b", 7, "cuda:0"), Memory(20, "alloc", "c", 9),
       Memory(30, "free", "c", 9), Memory(40, "alloc", "d", kU64Max)},
      // An alias, a double free, an unknown storage and a re-allocation.
      {Span("s1", "", 0, 6, true), Memory(1, "alloc", "a", 8), Memory(2, "alloc", "a", 8),
       Memory(3, "free", "a", 8), Memory(4, "free", "a", 8), Memory(5, "free", "z", 8),
       Memory(6, "alloc", "a", 8)},
  };
  for (const std::vector<std::string>& lines : cases) {
    const TraceDocument doc = FoldOrThrow(TraceOfLines(lines, 40));
    const SummaryAndMemory both = SummarizeWithMemory(doc);
    EXPECT_EQ(both.summary, Summarize(doc));
    EXPECT_EQ(both.memory, AnalyzeMemory(doc));
  }
}

TEST(SummaryTest, SummarizeWithMemoryOfAnEmptyDocumentHasNeitherPlane) {
  const SummaryAndMemory both = SummarizeWithMemory(FoldOrThrow(TraceOfLines({})));
  EXPECT_EQ(both.summary, TraceSummary{});
  EXPECT_EQ(both.memory.logical, std::nullopt);
  EXPECT_EQ(both.memory.physical, std::nullopt);
}

// `tracedoc summary`, run as a child process.
class SummaryCliTest : public testdata::CliFixture {};

constexpr std::string_view kR2Json =
    R"({"op_count":1,"total_ns":2500,"span_count":2,"root_span_count":1,"max_depth":1,)"
    R"("alloc_count":1,"free_count":0,"logical_peak_bytes":4096})";

TEST_F(SummaryCliTest, PrintsCompactJsonAndANewline) {
  WriteFile("sample.jsonl", testdata::kSample);
  const testdata::RunResult run = Run("summary sample.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, std::string(kR2Json) + "\n");
  EXPECT_EQ(run.err, "");
}

TEST_F(SummaryCliTest, PrettyIndents) {
  WriteFile("sample.jsonl", testdata::kSample);
  const testdata::RunResult run = Run("summary --pretty sample.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.out, ::testing::StartsWith("{\n  \"op_count\": 1,\n  \"total_ns\": 2500,\n"));
  EXPECT_THAT(run.out, ::testing::EndsWith("  \"logical_peak_bytes\": 4096\n}\n"));
}

TEST_F(SummaryCliTest, DashReadsStandardInput) {
  WriteFile("sample.jsonl", testdata::kSample);
  const testdata::RunResult run = Run("summary -", "sample.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, std::string(kR2Json) + "\n");
}

TEST_F(SummaryCliTest, TraceThatDoesNotFoldExitsOneWithOneStderrLine) {
  WriteFile("bad.jsonl", Lines({kMeta10, R"({"kind":"span_end","id":"s9","duration_ns":0})",
                                kCompleteTerminal0}));
  const testdata::RunResult run = Run("summary bad.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err,
            "bad.jsonl:2: error[unknown_span_end]: span_end for unknown span `s9` at index 1\n");
}

TEST_F(SummaryCliTest, UnreadableFileExitsTwo) {
  const testdata::RunResult run = Run("summary missing.jsonl");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_THAT(run.err, ::testing::StartsWith("missing.jsonl:0: error[io_error]: "));
}

TEST_F(SummaryCliTest, MissingFileArgumentIsAUsageError) { EXPECT_EQ(Run("summary").exit_code, 2); }

}  // namespace
}  // namespace tracedoc
