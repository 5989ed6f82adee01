// AnalyzeMemory, the node memory metrics and `tracedoc memory` (docs/analyses.md §5): the pinned
// cases of docs/examples.md §8.3 and §8.6–§8.8, the reference's recorded JSON examples, the
// grouping, alias, tie and saturation rules, and the command line's exit codes.
#include "tracedoc/memory.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "analysis/interval_clipping.hpp"
#include "support/cli_fixture.hpp"
#include "support/fold_or_throw.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc {
namespace {

using testdata::CompleteTerminalAt;
using testdata::kMeta10;
using testdata::TraceOfLines;
using ::testing::ElementsAre;
using testing_support::FoldOrThrow;

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

// One memory event; fields not given take the values the tables of docs/examples.md leave open.
struct Mem {
  std::uint64_t t = 0;
  std::string_view action = "alloc";
  std::string_view storage = "a";
  std::uint64_t bytes = 0;
  std::string_view device = "cpu";
  std::string_view tensor = "t";
  std::string_view span = "s1";
  std::optional<std::string_view> op = std::nullopt;
  std::string_view category = "activation";
  std::string_view shape = "[]";
};

std::string Line(const Mem& m) {
  std::string line = R"({"kind":"memory","timestamp_ns":)" + std::to_string(m.t) +
                     R"(,"storage_id":")" + std::string(m.storage) + R"(","tensor_id":")" +
                     std::string(m.tensor) + R"(","span_id":")" + std::string(m.span) + "\"";
  if (m.op) line += R"(,"op_name":")" + std::string(*m.op) + "\"";
  line += R"(,"device":")" + std::string(m.device) + R"(","bytes":)" + std::to_string(m.bytes) +
          R"(,"action":")" + std::string(m.action) + R"(","shape":)" + std::string(m.shape) +
          R"(,"dtype":"f32","category":")" + std::string(m.category) + "\"}";
  return line;
}

std::string MemTrace(const std::vector<Mem>& events) {
  std::vector<std::string> lines;
  std::uint64_t last = 0;
  for (const Mem& m : events) {
    lines.push_back(Line(m));
    last = std::max(last, m.t);
  }
  return TraceOfLines(lines, last);
}

LogicalMemoryProfile Logical(const TraceDocument& doc) {
  std::optional<LogicalMemoryProfile> logical = AnalyzeMemory(doc).logical;
  if (!logical) throw std::runtime_error("no logical plane");
  return *std::move(logical);
}

// (timestamp, live_bytes) of every timeline point.
std::vector<std::pair<std::uint64_t, std::uint64_t>> Points(const LogicalMemoryProfile& logical) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> points;
  for (const LogicalMemoryTimelinePoint& point : logical.timeline) {
    points.emplace_back(point.timestamp_ns, point.live_bytes);
  }
  return points;
}

std::vector<std::string_view> StorageIds(const std::vector<LogicalStorageLifetime>& lifetimes) {
  std::vector<std::string_view> ids;
  for (const LogicalStorageLifetime& l : lifetimes) ids.push_back(l.storage_id);
  return ids;
}

using Point = std::pair<std::uint64_t, std::uint64_t>;

// WriteMemoryProfileJson to a stream (what `tracedoc memory` uses) writes the same text as the
// string writer: out of order events, aliases, saturation, several devices, physical samples,
// and a timeline long enough to be handed on in many pieces.
TEST(MemoryTest, StreamedJsonEqualsTheWholeProfilesJson) {
  std::vector<std::string> devices;
  for (std::uint64_t d = 0; d < 300; ++d) devices.push_back("dev-" + std::to_string(d));
  std::vector<Mem> many;
  for (std::uint64_t d = 0; d < 300; ++d) {
    many.push_back({.t = d + 1, .storage = "s", .bytes = d, .device = devices[d]});
  }
  for (std::uint64_t d = 0; d < 300; ++d) {
    many.push_back({.t = 400 + d % 7, .action = "free", .storage = "s", .device = devices[d]});
  }
  const std::vector<std::string> texts = {
      MemTrace({{.t = 30, .action = "free", .storage = "a"},
                {.t = 10, .storage = "a", .bytes = 5, .device = "cuda:0"},
                {.t = 10, .storage = "b", .bytes = kMax, .tensor = "x"},
                {.t = 20, .storage = "b", .bytes = 1, .tensor = "alias"},
                {.t = 20, .storage = "c", .bytes = kMax, .device = "cuda:0", .op = "mm"},
                {.t = 25, .action = "free", .storage = "c", .device = "cuda:0"},
                {.t = 25, .storage = "c", .bytes = 0, .device = "cuda:0", .category = "gradient"},
                {.t = 40, .action = "free", .storage = "b", .tensor = "y"}}),
      MemTrace(many),
      TraceOfLines({R"({"kind":"device_memory","timestamp_ns":5,"device":"cuda:0","used_bytes":7})",
                    R"({"kind":"device_memory","timestamp_ns":3,"device":"cpu","free_bytes":1})"},
                   10),
      testdata::Lines({kMeta10, testdata::kCompleteTerminal0}),
  };
  for (const std::string& text : texts) {
    const TraceDocument doc = FoldOrThrow(text);
    for (const bool pretty : {false, true}) {
      std::ostringstream streamed;
      WriteMemoryProfileJson(doc, streamed, {.pretty = pretty});
      EXPECT_EQ(streamed.str(), WriteMemoryProfileJson(AnalyzeMemory(doc), {.pretty = pretty}))
          << (pretty ? "pretty: " : "compact: ") << text.substr(0, 200);
    }
  }
  // The long one really went out in several pieces.
  std::ostringstream streamed;
  WriteMemoryProfileJson(FoldOrThrow(MemTrace(many)), streamed);
  EXPECT_GT(streamed.str().size(), std::size_t{256} << 10);
}

TEST(MemoryTest, NoEventsAndNoSamplesGiveNoPlanes) {
  const TraceDocument doc = FoldOrThrow(testdata::Lines({kMeta10, testdata::kCompleteTerminal0}));
  const MemoryProfile profile = AnalyzeMemory(doc);
  EXPECT_FALSE(profile.logical.has_value());
  EXPECT_FALSE(profile.physical.has_value());
  EXPECT_EQ(WriteMemoryProfileJson(profile), "{}");
  EXPECT_EQ(WriteMemoryProfileJson(profile, {.pretty = true}), "{}");
}

TEST(MemoryTest, CategoryForStepFollowsTheTable) {
  EXPECT_EQ(CategoryForStep(ExecutionStep::kBackward, false), MemoryCategory::kGradient);
  EXPECT_EQ(CategoryForStep(ExecutionStep::kBackward, true), MemoryCategory::kGradient);
  EXPECT_EQ(CategoryForStep(ExecutionStep::kOptimizer, true), MemoryCategory::kOptimizer);
  EXPECT_EQ(CategoryForStep(ExecutionStep::kForward, true), MemoryCategory::kActivation);
  EXPECT_EQ(CategoryForStep(std::nullopt, true), MemoryCategory::kParameter);
  EXPECT_EQ(CategoryForStep(std::nullopt, false), MemoryCategory::kActivation);
}

// docs/examples.md §8.3 E24 and §8.6 L3.
TEST(LogicalMemoryTest, E24TimelinePeakAndCounts) {
  const TraceDocument doc =
      FoldOrThrow(MemTrace({{.t = 10, .storage = "a", .bytes = 40},
                            {.t = 20, .storage = "b", .bytes = 70},
                            {.t = 30, .action = "free", .storage = "a", .bytes = 40}}));
  const LogicalMemoryProfile logical = Logical(doc);
  EXPECT_THAT(Points(logical), ElementsAre(Point{10, 40}, Point{20, 110}, Point{30, 70}));
  ASSERT_TRUE(logical.peak.has_value());
  EXPECT_EQ(logical.peak->timestamp_ns, 20u);
  EXPECT_EQ(logical.peak->live_bytes, 110u);
  EXPECT_THAT(StorageIds(logical.peak->live_allocations), ElementsAre("a", "b"));
  for (const LogicalStorageLifetime& l : logical.peak->live_allocations) {
    EXPECT_FALSE(l.end_timestamp_ns.has_value()) << l.storage_id;
  }
  EXPECT_EQ(logical.storage_allocation_count, 2u);
  EXPECT_EQ(logical.matched_storage_free_count, 1u);
  EXPECT_EQ(logical.total_allocated_bytes, 110u);
  // L3: the device peak is the simultaneous sum, not the largest single allocation.
  ASSERT_EQ(logical.by_device.size(), 1u);
  EXPECT_EQ(logical.by_device[0].peak_live_bytes, 110u);
  EXPECT_EQ(logical.by_device[0].peak_timestamp_ns, 20u);
}

TEST(LogicalMemoryTest, E25AllocThenFreeAtOneTimestampIsPeakZero) {
  const TraceDocument doc = FoldOrThrow(MemTrace(
      {{.t = 5, .storage = "a", .bytes = 100}, {.t = 5, .action = "free", .storage = "a"}}));
  const LogicalMemoryProfile logical = Logical(doc);
  EXPECT_THAT(Points(logical), ElementsAre(Point{5, 0}));
  ASSERT_TRUE(logical.peak.has_value());
  EXPECT_EQ(logical.peak->timestamp_ns, 5u);
  EXPECT_EQ(logical.peak->live_bytes, 0u);
  EXPECT_TRUE(logical.peak->live_allocations.empty());
  ASSERT_EQ(logical.lifetimes.size(), 1u);
  EXPECT_EQ(logical.lifetimes[0].start_timestamp_ns, 5u);
  EXPECT_EQ(logical.lifetimes[0].end_timestamp_ns, 5u);
  EXPECT_EQ(logical.by_device[0].peak_live_bytes, 0u);
  EXPECT_EQ(logical.by_device[0].peak_timestamp_ns, 5u);
}

TEST(LogicalMemoryTest, E25FreeBeforeAllocInOneGroupIsIgnored) {
  const TraceDocument doc = FoldOrThrow(MemTrace(
      {{.t = 5, .action = "free", .storage = "a"}, {.t = 5, .storage = "a", .bytes = 100}}));
  const LogicalMemoryProfile logical = Logical(doc);
  EXPECT_THAT(Points(logical), ElementsAre(Point{5, 100}));
  ASSERT_TRUE(logical.peak.has_value());
  EXPECT_EQ(logical.peak->live_bytes, 100u);
  ASSERT_EQ(logical.lifetimes.size(), 1u);
  EXPECT_FALSE(logical.lifetimes[0].end_timestamp_ns.has_value());
  EXPECT_EQ(logical.matched_storage_free_count, 0u);
}

TEST(LogicalMemoryTest, E26OnlyFreesGiveAPlaneWithoutPeak) {
  const TraceDocument doc = FoldOrThrow(MemTrace({{.t = 7, .action = "free", .storage = "z"}}));
  const LogicalMemoryProfile logical = Logical(doc);
  EXPECT_EQ(logical.storage_allocation_count, 0u);
  EXPECT_THAT(Points(logical), ElementsAre(Point{7, 0}));
  EXPECT_FALSE(logical.peak.has_value());
  EXPECT_TRUE(logical.lifetimes.empty());
  ASSERT_EQ(logical.by_device.size(), 1u);
  EXPECT_EQ(logical.by_device[0],
            (LogicalDeviceMemoryStats{"cpu", 0, 0, 0, std::nullopt, std::nullopt}));
  EXPECT_EQ(WriteMemoryProfileJson(AnalyzeMemory(doc)),
            R"({"logical":{"storage_allocation_count":0,"matched_storage_free_count":0,)"
            R"("total_allocated_bytes":0,"timeline":[{"timestamp_ns":7,"live_bytes":0,)"
            R"("live_bytes_by_device":{},"live_bytes_by_category":{}}],"lifetimes":[],)"
            R"("by_device":[{"device":"cpu","storage_allocation_count":0,)"
            R"("matched_storage_free_count":0,"total_allocated_bytes":0}]}})");
}

TEST(LogicalMemoryTest, L1StorageIdsAreScopedByDevice) {
  const TraceDocument doc =
      FoldOrThrow(MemTrace({{.t = 10, .storage = "shared", .bytes = 10, .device = "cpu"},
                            {.t = 10, .storage = "shared", .bytes = 20, .device = "cuda:0"}}));
  const LogicalMemoryProfile logical = Logical(doc);
  EXPECT_EQ(logical.storage_allocation_count, 2u);
  ASSERT_TRUE(logical.peak.has_value());
  EXPECT_EQ(logical.peak->live_bytes, 30u);
  ASSERT_EQ(logical.by_device.size(), 2u);
  EXPECT_EQ(logical.by_device[0].device, "cpu");
  EXPECT_EQ(logical.by_device[1].device, "cuda:0");
  EXPECT_THAT(logical.peak->live_bytes_by_device,
              ElementsAre(DeviceLiveBytes{"cpu", 10}, DeviceLiveBytes{"cuda:0", 20}));
}

TEST(LogicalMemoryTest, L2AliasesShareOneStorage) {
  const TraceDocument doc = FoldOrThrow(
      MemTrace({{.t = 10, .storage = "a", .bytes = 64, .tensor = "base"},
                {.t = 20, .storage = "a", .bytes = 64, .tensor = "view"},
                {.t = 40, .action = "free", .storage = "a", .bytes = 64, .tensor = "view"}}));
  const LogicalMemoryProfile logical = Logical(doc);
  EXPECT_EQ(logical.storage_allocation_count, 1u);
  EXPECT_EQ(logical.matched_storage_free_count, 1u);
  ASSERT_TRUE(logical.peak.has_value());
  EXPECT_EQ(logical.peak->live_bytes, 64u);
  ASSERT_EQ(logical.lifetimes.size(), 1u);
  EXPECT_THAT(logical.lifetimes[0].tensor_ids, ElementsAre("base", "view"));
  EXPECT_EQ(logical.lifetimes[0].end_timestamp_ns, 40u);
}

TEST(LogicalMemoryTest, AliasKeepsTheFirstAllocsBytesAndMetadata) {
  const TraceDocument doc = FoldOrThrow(MemTrace({{.t = 1,
                                                   .storage = "a",
                                                   .bytes = 8,
                                                   .tensor = "x",
                                                   .span = "s1",
                                                   .op = "matmul",
                                                   .category = "activation",
                                                   .shape = "[2]"},
                                                  {.t = 2,
                                                   .storage = "a",
                                                   .bytes = 1000,
                                                   .tensor = "y",
                                                   .span = "s2",
                                                   .op = "view",
                                                   .category = "gradient",
                                                   .shape = "[250]"}}));
  const LogicalMemoryProfile logical = Logical(doc);
  EXPECT_EQ(logical.total_allocated_bytes, 8u);
  EXPECT_THAT(Points(logical), ElementsAre(Point{1, 8}, Point{2, 8}));
  ASSERT_EQ(logical.lifetimes.size(), 1u);
  const LogicalStorageLifetime& l = logical.lifetimes[0];
  EXPECT_EQ(l.bytes, 8u);
  EXPECT_EQ(l.allocation_span_id, "s1");
  EXPECT_EQ(l.op_name, std::optional<std::string_view>("matmul"));
  EXPECT_EQ(l.category, MemoryCategory::kActivation);
  EXPECT_EQ(std::vector<std::uint64_t>(l.shape.begin(), l.shape.end()),
            std::vector<std::uint64_t>{2});
  EXPECT_THAT(l.tensor_ids, ElementsAre("x", "y"));
}

TEST(LogicalMemoryTest, PeakShowsOnlyTheTensorIdsKnownAtThePeak) {
  const TraceDocument doc = FoldOrThrow(
      MemTrace({{.t = 10, .storage = "a", .bytes = 100, .tensor = "x"},
                {.t = 20, .storage = "b", .bytes = 50, .tensor = "b0"},
                {.t = 20, .storage = "a", .bytes = 100, .tensor = "v"},  // joins at the peak
                {.t = 30, .storage = "a", .bytes = 100, .tensor = "w"},  // joins after it
                {.t = 40, .action = "free", .storage = "b", .tensor = "b1"}}));
  const LogicalMemoryProfile logical = Logical(doc);
  ASSERT_TRUE(logical.peak.has_value());
  EXPECT_EQ(logical.peak->timestamp_ns, 20u);
  ASSERT_EQ(logical.peak->live_allocations.size(), 2u);
  EXPECT_THAT(logical.peak->live_allocations[0].tensor_ids, ElementsAre("v", "x"));
  EXPECT_THAT(logical.peak->live_allocations[1].tensor_ids, ElementsAre("b0"));
  ASSERT_EQ(logical.lifetimes.size(), 2u);
  EXPECT_THAT(logical.lifetimes[0].tensor_ids, ElementsAre("v", "w", "x"));
  EXPECT_THAT(logical.lifetimes[1].tensor_ids, ElementsAre("b0", "b1"));
}

TEST(LogicalMemoryTest, TiesKeepTheEarliestTimestamp) {
  const TraceDocument doc = FoldOrThrow(MemTrace({{.t = 1, .storage = "a", .bytes = 10},
                                                  {.t = 2, .action = "free", .storage = "a"},
                                                  {.t = 3, .storage = "b", .bytes = 10},
                                                  {.t = 4, .storage = "c", .bytes = 0}}));
  const LogicalMemoryProfile logical = Logical(doc);
  ASSERT_TRUE(logical.peak.has_value());
  EXPECT_EQ(logical.peak->timestamp_ns, 1u);
  EXPECT_THAT(StorageIds(logical.peak->live_allocations), ElementsAre("a"));
  EXPECT_EQ(logical.by_device[0].peak_timestamp_ns, 1u);
}

TEST(LogicalMemoryTest, DevicePeaksAreTrackedPerDevice) {
  const TraceDocument doc =
      FoldOrThrow(MemTrace({{.t = 1, .storage = "a", .bytes = 100, .device = "cuda:0"},
                            {.t = 2, .storage = "b", .bytes = 30, .device = "cpu"},
                            {.t = 3, .action = "free", .storage = "a", .device = "cuda:0"},
                            {.t = 4, .storage = "c", .bytes = 40, .device = "cpu"},
                            {.t = 5, .storage = "d", .bytes = 100, .device = "cuda:0"}}));
  const LogicalMemoryProfile logical = Logical(doc);
  ASSERT_EQ(logical.by_device.size(), 2u);
  EXPECT_EQ(logical.by_device[0], (LogicalDeviceMemoryStats{"cpu", 2, 0, 70, 70, 4}));
  EXPECT_EQ(logical.by_device[1], (LogicalDeviceMemoryStats{"cuda:0", 2, 1, 200, 100, 1}));
  ASSERT_TRUE(logical.peak.has_value());
  EXPECT_EQ(logical.peak->timestamp_ns, 5u);
  EXPECT_EQ(logical.peak->live_bytes, 170u);
}

TEST(LogicalMemoryTest, IgnoredFreesStillMakeATimelinePoint) {
  const TraceDocument doc = FoldOrThrow(MemTrace({{.t = 1, .storage = "a", .bytes = 3},
                                                  {.t = 2, .action = "free", .storage = "zz"},
                                                  {.t = 3, .action = "free", .storage = "a"},
                                                  {.t = 4, .action = "free", .storage = "a"}}));
  const LogicalMemoryProfile logical = Logical(doc);
  EXPECT_THAT(Points(logical), ElementsAre(Point{1, 3}, Point{2, 3}, Point{3, 0}, Point{4, 0}));
  EXPECT_EQ(logical.matched_storage_free_count, 1u);
}

TEST(LogicalMemoryTest, ZeroByteStorageIsListedWithZero) {
  const TraceDocument doc = FoldOrThrow(MemTrace({{.t = 1, .storage = "a", .bytes = 0}}));
  const LogicalMemoryProfile logical = Logical(doc);
  ASSERT_EQ(logical.timeline.size(), 1u);
  EXPECT_THAT(logical.timeline[0].live_bytes_by_device, ElementsAre(DeviceLiveBytes{"cpu", 0}));
  EXPECT_EQ(logical.timeline[0].live_bytes_by_category[MemoryCategory::kActivation], 0u);
  EXPECT_EQ(logical.timeline[0].live_bytes_by_category[MemoryCategory::kGradient], std::nullopt);
  EXPECT_THAT(WriteMemoryProfileJson(AnalyzeMemory(doc)),
              ::testing::HasSubstr(R"("live_bytes_by_device":{"cpu":0},)"
                                   R"("live_bytes_by_category":{"activation":0})"));
}

TEST(LogicalMemoryTest, LiveSumsSaturateAndRecoverExactly) {
  // A saturating running total would read 0 after the second free; the live set's saturating
  // sum is 5.
  const TraceDocument doc = FoldOrThrow(MemTrace({{.t = 1, .storage = "a", .bytes = kMax},
                                                  {.t = 1, .storage = "b", .bytes = kMax},
                                                  {.t = 2, .action = "free", .storage = "b"},
                                                  {.t = 3, .storage = "c", .bytes = 5},
                                                  {.t = 4, .action = "free", .storage = "a"}}));
  const LogicalMemoryProfile logical = Logical(doc);
  EXPECT_THAT(Points(logical),
              ElementsAre(Point{1, kMax}, Point{2, kMax}, Point{3, kMax}, Point{4, 5}));
  EXPECT_EQ(logical.total_allocated_bytes, kMax);
  EXPECT_EQ(logical.by_device[0].total_allocated_bytes, kMax);
  EXPECT_EQ(logical.timeline[3].live_bytes_by_category[MemoryCategory::kActivation], 5u);
  ASSERT_TRUE(logical.peak.has_value());
  EXPECT_EQ(logical.peak->timestamp_ns, 1u);
}

TEST(LogicalMemoryTest, EventsAreReplayedByTimestampThenInputOrder) {
  // Input order: t=30 free a, t=10 alloc a, t=30 alloc a. At 30 the free comes first.
  const TraceDocument doc =
      FoldOrThrow(MemTrace({{.t = 30, .action = "free", .storage = "a"},
                            {.t = 10, .storage = "a", .bytes = 4, .tensor = "p"},
                            {.t = 30, .storage = "a", .bytes = 9, .tensor = "q"}}));
  const LogicalMemoryProfile logical = Logical(doc);
  EXPECT_THAT(Points(logical), ElementsAre(Point{10, 4}, Point{30, 9}));
  ASSERT_EQ(logical.lifetimes.size(), 2u);
  EXPECT_EQ(logical.lifetimes[0].bytes, 4u);
  EXPECT_EQ(logical.lifetimes[0].end_timestamp_ns, 30u);
  EXPECT_EQ(logical.lifetimes[1].bytes, 9u);
  EXPECT_FALSE(logical.lifetimes[1].end_timestamp_ns.has_value());
}

TEST(LogicalMemoryTest, LifetimesSortByStartThenDeviceThenStorage) {
  const TraceDocument doc = FoldOrThrow(
      MemTrace({{.t = 5, .storage = "b", .bytes = 1, .device = "cuda:0"},
                {.t = 5, .storage = "z", .bytes = 1, .device = "cpu"},
                {.t = 5, .storage = "a", .bytes = 1, .device = "cuda:0"},
                {.t = 1, .storage = "y", .bytes = 1, .device = "cuda:1"},
                // The same key allocated twice at one timestamp: the freed one comes first.
                {.t = 5, .storage = "m", .bytes = 2, .device = "cpu"},
                {.t = 5, .action = "free", .storage = "m", .device = "cpu"},
                {.t = 5, .storage = "m", .bytes = 3, .device = "cpu"}}));
  const LogicalMemoryProfile logical = Logical(doc);
  EXPECT_THAT(StorageIds(logical.lifetimes), ElementsAre("y", "m", "m", "z", "a", "b"));
  EXPECT_EQ(logical.lifetimes[1].end_timestamp_ns, 5u);
  EXPECT_EQ(logical.lifetimes[1].bytes, 2u);
  EXPECT_FALSE(logical.lifetimes[2].end_timestamp_ns.has_value());
  EXPECT_EQ(logical.lifetimes[2].bytes, 3u);
}

TEST(LogicalMemoryTest, CategoryMapIsInByteWiseNameOrder) {
  const TraceDocument doc =
      FoldOrThrow(MemTrace({{.t = 1, .storage = "p", .bytes = 1, .category = "parameter"},
                            {.t = 1, .storage = "o", .bytes = 2, .category = "other"},
                            {.t = 1, .storage = "z", .bytes = 3, .category = "optimizer"},
                            {.t = 1, .storage = "g", .bytes = 4, .category = "gradient"},
                            {.t = 1, .storage = "a", .bytes = 5, .category = "activation"}}));
  EXPECT_THAT(WriteMemoryProfileJson(AnalyzeMemory(doc)),
              ::testing::HasSubstr(R"("live_bytes_by_category":{"activation":5,"gradient":4,)"
                                   R"("optimizer":3,"other":2,"parameter":1})"));
}

TEST(LogicalMemoryTest, DeviceNamesAreEscapedAndOrderedByteWise) {
  // "Z" (0x5a) sorts before "a"; "é" (0xc3 0xa9) after every ASCII name.
  const TraceDocument doc =
      FoldOrThrow(MemTrace({{.t = 1, .storage = "s", .bytes = 1, .device = "\\u00e9"},
                            {.t = 1, .storage = "s", .bytes = 2, .device = "a\\\"q"},
                            {.t = 1, .storage = "s", .bytes = 3, .device = "Z"}}));
  EXPECT_THAT(WriteMemoryProfileJson(AnalyzeMemory(doc)),
              ::testing::HasSubstr(R"("live_bytes_by_device":{"Z":3,"a\"q":2,"é":1})"));
}

// "Output shapes": the reference's recorded output for corpus hand_memory_free_unknown_storage.
TEST(MemoryJsonTest, HandMemoryFreeUnknownStorage) {
  const TraceDocument doc = FoldOrThrow(MemTrace(
      {{.t = 10,
        .storage = "A",
        .bytes = 8,
        .device = "cuda:0",
        .tensor = "ta",
        .span = "s1",
        .shape = "[2,3]"},
       {.t = 20, .action = "free", .storage = "A", .bytes = 8, .device = "cuda:1", .tensor = "ta"},
       {.t = 30,
        .action = "free",
        .storage = "B",
        .bytes = 8,
        .device = "cuda:0",
        .tensor = "tb"}}));
  EXPECT_EQ(
      WriteMemoryProfileJson(AnalyzeMemory(doc)),
      R"({"logical":{"storage_allocation_count":1,"matched_storage_free_count":0,"total_allocated_bytes":8,"peak":{"timestamp_ns":10,"live_bytes":8,"live_bytes_by_device":{"cuda:0":8},"live_bytes_by_category":{"activation":8},"live_allocations":[{"device":"cuda:0","storage_id":"A","tensor_ids":["ta"],"allocation_span_id":"s1","op_name":null,"bytes":8,"shape":[2,3],"dtype":"f32","category":"activation","start_timestamp_ns":10}]},"timeline":[{"timestamp_ns":10,"live_bytes":8,"live_bytes_by_device":{"cuda:0":8},"live_bytes_by_category":{"activation":8}},{"timestamp_ns":20,"live_bytes":8,"live_bytes_by_device":{"cuda:0":8},"live_bytes_by_category":{"activation":8}},{"timestamp_ns":30,"live_bytes":8,"live_bytes_by_device":{"cuda:0":8},"live_bytes_by_category":{"activation":8}}],"lifetimes":[{"device":"cuda:0","storage_id":"A","tensor_ids":["ta"],"allocation_span_id":"s1","op_name":null,"bytes":8,"shape":[2,3],"dtype":"f32","category":"activation","start_timestamp_ns":10}],"by_device":[{"device":"cuda:0","storage_allocation_count":1,"matched_storage_free_count":0,"total_allocated_bytes":8,"peak_live_bytes":8,"peak_timestamp_ns":10},{"device":"cuda:1","storage_allocation_count":0,"matched_storage_free_count":0,"total_allocated_bytes":0}]}})");
}

TEST(MemoryJsonTest, LifetimeWithOpNameAndEnd) {
  const TraceDocument doc = FoldOrThrow(MemTrace({{.t = 1,
                                                   .storage = "s",
                                                   .bytes = 4,
                                                   .tensor = "t\\n",
                                                   .op = "mat\\\"mul",
                                                   .category = "other"},
                                                  {.t = 2, .action = "free", .storage = "s"}}));
  EXPECT_THAT(
      WriteMemoryProfileJson(AnalyzeMemory(doc)),
      ::testing::HasSubstr(
          R"("lifetimes":[{"device":"cpu","storage_id":"s","tensor_ids":["t","t\n"],)"
          R"("allocation_span_id":"s1","op_name":"mat\"mul","bytes":4,"shape":[],"dtype":"f32",)"
          R"("category":"other","start_timestamp_ns":1,"end_timestamp_ns":2}])"));
}

std::string Sample(std::uint64_t t, std::string_view device, std::string_view values) {
  return R"({"kind":"device_memory","timestamp_ns":)" + std::to_string(t) + R"(,"device":")" +
         std::string(device) + "\"" + std::string(values) + "}";
}

// "Output shapes": the reference's recorded output for corpus hand_device_records, from samples
// given out of order.
TEST(MemoryJsonTest, HandDeviceRecords) {
  const TraceDocument doc = FoldOrThrow(TraceOfLines(
      {Sample(150, "cuda:0",
              R"(,"used_bytes":500,"free_bytes":300,"reserved_bytes":600,"capacity_bytes":1000)"),
       Sample(400, "cuda:0", R"(,"free_bytes":100,"capacity_bytes":2000)"),
       Sample(0, "cuda:1", R"(,"reserved_bytes":18446744073709551615)"),
       Sample(120, "cuda:0", R"(,"used_bytes":700,"free_bytes":100,"reserved_bytes":900)"),
       Sample(150, "cuda:0", R"(,"used_bytes":700,"free_bytes":300)"),
       Sample(900, "cuda:1", R"(,"used_bytes":10,"capacity_bytes":100)"), Sample(400, "cpu", "")},
      900));
  EXPECT_EQ(
      WriteMemoryProfileJson(AnalyzeMemory(doc)),
      R"({"physical":{"timeline":[{"timestamp_ns":0,"device":"cuda:1","reserved_bytes":18446744073709551615},{"timestamp_ns":120,"device":"cuda:0","used_bytes":700,"free_bytes":100,"reserved_bytes":900},{"timestamp_ns":150,"device":"cuda:0","used_bytes":500,"free_bytes":300,"reserved_bytes":600,"capacity_bytes":1000},{"timestamp_ns":150,"device":"cuda:0","used_bytes":700,"free_bytes":300},{"timestamp_ns":400,"device":"cpu"},{"timestamp_ns":400,"device":"cuda:0","free_bytes":100,"capacity_bytes":2000},{"timestamp_ns":900,"device":"cuda:1","used_bytes":10,"capacity_bytes":100}],"by_device":[{"device":"cpu","sample_count":1,"used_sample_count":0,"free_sample_count":0,"reserved_sample_count":0,"capacity_sample_count":0},{"device":"cuda:0","sample_count":4,"used_sample_count":3,"free_sample_count":4,"reserved_sample_count":2,"capacity_sample_count":2,"peak_used_bytes":700,"peak_used_timestamp_ns":120,"peak_reserved_bytes":900,"peak_reserved_timestamp_ns":120,"minimum_free_bytes":100,"minimum_free_timestamp_ns":120,"maximum_observed_capacity_bytes":2000},{"device":"cuda:1","sample_count":2,"used_sample_count":1,"free_sample_count":0,"reserved_sample_count":1,"capacity_sample_count":1,"peak_used_bytes":10,"peak_used_timestamp_ns":900,"peak_reserved_bytes":18446744073709551615,"peak_reserved_timestamp_ns":0,"maximum_observed_capacity_bytes":100}]}})");
}

TEST(MemoryJsonTest, PrettyIndentsTheProfile) {
  const TraceDocument doc = FoldOrThrow(TraceOfLines({Sample(1, "cpu", R"(,"used_bytes":2)")}, 1));
  EXPECT_EQ(WriteMemoryProfileJson(AnalyzeMemory(doc), {.pretty = true}),
            "{\n  \"physical\": {\n    \"timeline\": [\n      {\n        \"timestamp_ns\": 1,\n"
            "        \"device\": \"cpu\",\n        \"used_bytes\": 2\n      }\n    ],\n"
            "    \"by_device\": [\n      {\n        \"device\": \"cpu\",\n"
            "        \"sample_count\": 1,\n        \"used_sample_count\": 1,\n"
            "        \"free_sample_count\": 0,\n        \"reserved_sample_count\": 0,\n"
            "        \"capacity_sample_count\": 0,\n        \"peak_used_bytes\": 2,\n"
            "        \"peak_used_timestamp_ns\": 1\n      }\n    ]\n  }\n}");
}

// docs/examples.md §8.7.
TEST(PhysicalMemoryTest, P1OneDeviceNoMemoryEvents) {
  const TraceDocument doc = FoldOrThrow(TraceOfLines(
      {Sample(10, "cpu", R"(,"used_bytes":100,"free_bytes":900,"capacity_bytes":1000)"),
       Sample(20, "cpu",
              R"(,"used_bytes":300,"free_bytes":700,"reserved_bytes":400,"capacity_bytes":1000)")},
      20));
  const MemoryProfile profile = AnalyzeMemory(doc);
  EXPECT_FALSE(profile.logical.has_value());
  ASSERT_TRUE(profile.physical.has_value());
  EXPECT_EQ(profile.physical->timeline.size(), 2u);
  ASSERT_EQ(profile.physical->by_device.size(), 1u);
  const PhysicalDeviceMemoryStats& stats = profile.physical->by_device[0];
  EXPECT_EQ(stats.peak_used_bytes, 300u);
  EXPECT_EQ(stats.peak_used_timestamp_ns, 20u);
  EXPECT_EQ(stats.peak_reserved_bytes, 400u);
  EXPECT_EQ(stats.minimum_free_bytes, 700u);
  EXPECT_EQ(stats.minimum_free_timestamp_ns, 20u);
  EXPECT_EQ(stats.maximum_observed_capacity_bytes, 1000u);
}

TEST(PhysicalMemoryTest, P2OnlyReservedBytes) {
  const TraceDocument doc =
      FoldOrThrow(TraceOfLines({Sample(3, "cuda:0", R"(,"reserved_bytes":64)")}, 3));
  const MemoryProfile profile = AnalyzeMemory(doc);
  ASSERT_TRUE(profile.physical.has_value());
  const PhysicalDeviceMemoryStats& stats = profile.physical->by_device.at(0);
  EXPECT_EQ(stats.used_sample_count, 0u);
  EXPECT_EQ(stats.reserved_sample_count, 1u);
  EXPECT_EQ(stats.peak_reserved_bytes, 64u);
  EXPECT_EQ(stats.peak_used_bytes, std::nullopt);
  EXPECT_EQ(stats.peak_used_timestamp_ns, std::nullopt);
  EXPECT_EQ(stats.minimum_free_bytes, std::nullopt);
  EXPECT_EQ(stats.maximum_observed_capacity_bytes, std::nullopt);
}

TEST(PhysicalMemoryTest, PlanesAreIndependent) {
  const TraceDocument doc = FoldOrThrow(
      TraceOfLines({Line({.t = 1, .storage = "a", .bytes = 5}), Sample(2, "cpu", "")}, 2));
  const MemoryProfile profile = AnalyzeMemory(doc);
  ASSERT_TRUE(profile.logical.has_value());
  ASSERT_TRUE(profile.physical.has_value());
  EXPECT_EQ(profile.physical->by_device.at(0).used_sample_count, 0u);
  EXPECT_EQ(profile.logical->timeline.size(), 1u);
}

// §5.5 node memory metrics, docs/examples.md §8.8.
std::string SpanLine(std::string_view id, std::string_view parent, std::uint64_t start_ns,
                     std::optional<std::uint64_t> duration_ns) {
  std::string line = R"({"kind":"span_start","id":")" + std::string(id) + "\"";
  if (!parent.empty()) line += R"(,"parent_id":")" + std::string(parent) + "\"";
  line += R"(,"name":"n","start_ns":)" + std::to_string(start_ns) +
          R"(,"span_kind":"function","measured":false})";
  if (duration_ns) {
    line +=
        "\n"
        R"({"kind":"span_end","id":")" +
        std::string(id) + R"(","duration_ns":)" + std::to_string(*duration_ns) + "}";
  }
  return line;
}

std::string MetaWithLogicalMemory(std::string_view level) {
  std::string meta(kMeta10);
  const std::string from = R"("logical_memory":"none")";
  meta.replace(meta.find(from), from.size(), R"("logical_memory":")" + std::string(level) + "\"");
  return meta;
}

TEST(NodeMemoryMetricsTest, N1ClipsLifetimesToEachSpan) {
  const TraceDocument doc =
      FoldOrThrow(TraceOfLines({SpanLine("root", "", 10, 30), SpanLine("child", "root", 15, 15),
                                Line({.t = 16, .storage = "a", .bytes = 40, .span = "child"}),
                                Line({.t = 20, .storage = "b", .bytes = 60, .span = "child"}),
                                Line({.t = 25, .action = "free", .storage = "a", .span = "child"}),
                                Line({.t = 45, .action = "free", .storage = "b", .span = "child"})},
                               45));
  const auto nodes = ComputeNodeMemoryMetrics(doc, {});
  ASSERT_TRUE(nodes.contains("child") && nodes.contains("root"));
  EXPECT_EQ(nodes.at("child").subtree_peak_live_bytes, 100u);
  EXPECT_EQ(nodes.at("child").subtree_residual_bytes, 60u);
  EXPECT_EQ(nodes.at("child").direct_allocated_bytes, 100u);
  EXPECT_EQ(nodes.at("root").subtree_peak_live_bytes, 100u);
  EXPECT_EQ(nodes.at("root").subtree_residual_bytes, 60u);
  // Coverage is not complete and nothing was allocated in root itself.
  EXPECT_EQ(nodes.at("root").direct_allocated_bytes, std::nullopt);
}

TEST(NodeMemoryMetricsTest, N2CoverageGatesEmptySpans) {
  for (const bool complete : {false, true}) {
    SCOPED_TRACE(complete ? "complete" : "not complete");
    const TraceDocument doc =
        FoldOrThrow(TraceOfLines({SpanLine("busy", "", 0, 10), SpanLine("empty", "", 20, 10),
                                  Line({.t = 5, .storage = "a", .bytes = 8, .span = "busy"})},
                                 30, MetaWithLogicalMemory(complete ? "complete" : "partial")));
    const auto nodes = ComputeNodeMemoryMetrics(doc, {});
    const NodeMemoryMetrics& empty = nodes.at("empty");
    const std::optional<std::uint64_t> expected =
        complete ? std::optional<std::uint64_t>(0) : std::nullopt;
    EXPECT_EQ(empty.direct_allocated_bytes, expected);
    EXPECT_EQ(empty.subtree_peak_live_bytes, expected);
    EXPECT_EQ(empty.subtree_residual_bytes, expected);
    EXPECT_EQ(nodes.at("busy").direct_allocated_bytes, 8u);
    EXPECT_EQ(nodes.at("busy").subtree_residual_bytes, 8u);
  }
}

TEST(NodeMemoryMetricsTest, OpenSpanGetsNoSubtreeValues) {
  const TraceDocument doc =
      FoldOrThrow(TraceOfLines({SpanLine("open", "", 0, std::nullopt),
                                Line({.t = 5, .storage = "a", .bytes = 8, .span = "open"})},
                               5, MetaWithLogicalMemory("complete")));
  const auto nodes = ComputeNodeMemoryMetrics(doc, {});
  EXPECT_EQ(nodes.at("open").direct_allocated_bytes, 8u);
  EXPECT_EQ(nodes.at("open").subtree_peak_live_bytes, std::nullopt);
  EXPECT_EQ(nodes.at("open").subtree_residual_bytes, std::nullopt);
}

TEST(NodeMemoryMetricsTest, WithoutALogicalPlaneOnlyOutputBytesAreSet) {
  const TraceDocument doc = FoldOrThrow(testdata::kSample);
  const auto nodes = ComputeNodeMemoryMetrics(doc, {}, std::nullopt);
  EXPECT_EQ(nodes.at("span-op/op/0"),
            (NodeMemoryMetrics{std::nullopt, std::nullopt, std::nullopt, 4096}));
  EXPECT_EQ(nodes.at("span-root"), NodeMemoryMetrics{});
}

std::string OpLine(std::string_view span, std::string_view name, std::string_view dtype = "f32") {
  return R"({"kind":"op","span_id":")" + std::string(span) + R"(","op_name":")" +
         std::string(name) + R"(","inputs":[],"shape":[2],"dtype":")" + std::string(dtype) +
         R"(","device":"cpu","duration_ns":1,"timestamp_ns":10,"input_dense_bytes":0})";
}

TEST(NodeMemoryMetricsTest, N3AttributesUnambiguousOpNames) {
  const TraceDocument doc = FoldOrThrow(
      TraceOfLines({SpanLine("root", "", 0, 100), OpLine("root", "matmul"), OpLine("root", "add"),
                    OpLine("root", "add", "mystery"),
                    Line({.t = 20, .storage = "m", .bytes = 64, .span = "root", .op = "matmul"}),
                    Line({.t = 30, .storage = "n", .bytes = 32, .span = "root", .op = "add"})},
                   100));
  const OpNodeIds op_nodes = {
      {{"root", 0}, "root/op/0"}, {{"root", 1}, "root/op/1"}, {{"root", 2}, "root/op/2"}};
  const auto nodes = ComputeNodeMemoryMetrics(doc, op_nodes);
  EXPECT_EQ(nodes.at("root/op/0").direct_allocated_bytes, 64u);
  EXPECT_EQ(nodes.at("root/op/1").direct_allocated_bytes, std::nullopt);
  EXPECT_EQ(nodes.at("root/op/2").direct_allocated_bytes, std::nullopt);
  EXPECT_EQ(nodes.at("root").direct_allocated_bytes, 96u);
  // Step 1: f32 [2] resolves to 8 bytes; an unknown dtype leaves the op's bytes unknown.
  EXPECT_EQ(nodes.at("root/op/0").output_dense_bytes, 8u);
  EXPECT_EQ(nodes.at("root/op/2").output_dense_bytes, std::nullopt);
}

TEST(NodeMemoryMetricsTest, OnlyMappedOpsTakePartInAttribution) {
  const TraceDocument doc = FoldOrThrow(
      TraceOfLines({SpanLine("root", "", 0, 100), OpLine("root", "add"), OpLine("root", "add"),
                    Line({.t = 20, .storage = "n", .bytes = 32, .span = "root", .op = "add"})},
                   100));
  // Only the second add is mapped, so the name is unambiguous among mapped ops.
  const auto nodes = ComputeNodeMemoryMetrics(doc, {{{"root", 1}, "custom-add"}});
  EXPECT_EQ(nodes.at("custom-add").direct_allocated_bytes, 32u);
  EXPECT_EQ(nodes.at("custom-add").output_dense_bytes, 8u);
  EXPECT_EQ(nodes.at("root/op/0").direct_allocated_bytes, std::nullopt);
  EXPECT_EQ(nodes.at("root/op/0").output_dense_bytes, 8u);
  EXPECT_FALSE(nodes.contains("root/op/1"));
}

TEST(NodeMemoryMetricsTest, CyclicParentsEndTheSubtreeWalk) {
  // a ↔ b form a cycle; a lifetime allocated in a belongs to the subtrees of a and b only.
  const TraceDocument doc = FoldOrThrow(
      TraceOfLines({SpanLine("a", "b", 0, 10), SpanLine("b", "a", 0, 10), SpanLine("c", "", 0, 10),
                    Line({.t = 2, .storage = "x", .bytes = 7, .span = "a"})},
                   10));
  const auto nodes = ComputeNodeMemoryMetrics(doc, {});
  EXPECT_EQ(nodes.at("a").subtree_peak_live_bytes, 7u);
  EXPECT_EQ(nodes.at("b").subtree_peak_live_bytes, 7u);
  EXPECT_EQ(nodes.at("b").direct_allocated_bytes, std::nullopt);
  EXPECT_EQ(nodes.at("c").subtree_peak_live_bytes, std::nullopt);
}

LogicalStorageLifetime Lifetime(std::uint64_t bytes, std::uint64_t start,
                                std::optional<std::uint64_t> end) {
  LogicalStorageLifetime lifetime;
  lifetime.bytes = bytes;
  lifetime.start_timestamp_ns = start;
  lifetime.end_timestamp_ns = end;
  return lifetime;
}

analysis::ClippedMemory Clip(std::uint64_t start, std::uint64_t end,
                             const std::vector<LogicalStorageLifetime>& lifetimes) {
  std::vector<const LogicalStorageLifetime*> pointers;
  for (const LogicalStorageLifetime& l : lifetimes) pointers.push_back(&l);
  return analysis::ClipToInterval(start, end, pointers);
}

TEST(NodeMemoryMetricsTest, ClippingEmptyIntervalIsZero) {
  EXPECT_EQ(Clip(10, 10, {Lifetime(5, 0, std::nullopt)}), (analysis::ClippedMemory{0, 0}));
  EXPECT_EQ(Clip(10, 3, {Lifetime(5, 0, std::nullopt)}), (analysis::ClippedMemory{0, 0}));
}

TEST(NodeMemoryMetricsTest, ClippingCountsLiveAtStartAndSkipsOutsiders) {
  const analysis::ClippedMemory clipped =
      Clip(10, 20,
           {Lifetime(1, 0, std::nullopt),  // live throughout: start and residual
            Lifetime(2, 0, 10),            // ends at start: skipped
            Lifetime(4, 20, 30),           // starts at end: skipped
            Lifetime(8, 5, 15),            // live at start, freed inside
            Lifetime(16, 12, 20)});        // ends exactly at end: not residual
  // 9 live at start, 25 after 12, 17 after 15.
  EXPECT_EQ(clipped.peak_live_bytes, 25u);
  EXPECT_EQ(clipped.residual_bytes, 1u);
}

TEST(NodeMemoryMetricsTest, ClippingFreesBeforeAllocationsAtOnePoint) {
  // At 15, 8 bytes are freed before 8 are allocated: the running value never reaches 16.
  EXPECT_EQ(Clip(10, 20, {Lifetime(8, 5, 15), Lifetime(8, 15, 18)}).peak_live_bytes, 8u);
}

TEST(NodeMemoryMetricsTest, ClippingSaturatesAndClamps) {
  const analysis::ClippedMemory clipped = Clip(
      0, 100,
      {Lifetime(kMax, 0, std::nullopt), Lifetime(kMax, 10, std::nullopt), Lifetime(kMax, 20, 30)});
  EXPECT_EQ(clipped.peak_live_bytes, kMax);
  EXPECT_EQ(clipped.residual_bytes, kMax);
  // A lifetime starting and ending at one inner point: its free applies first and clamps at 0,
  // then its bytes are added, so the peak is 8 although nothing overlaps.
  EXPECT_EQ(Clip(10, 20, {Lifetime(8, 15, 15)}).peak_live_bytes, 8u);
}

// `tracedoc memory`, run as a child process.
class MemoryCliTest : public testdata::CliFixture {};

constexpr std::string_view kSampleMemoryJson =
    R"({"logical":{"storage_allocation_count":1,"matched_storage_free_count":0,"total_allocated_bytes":4096,"peak":{"timestamp_ns":1200,"live_bytes":4096,"live_bytes_by_device":{"cpu":4096},"live_bytes_by_category":{"activation":4096},"live_allocations":[{"device":"cpu","storage_id":"storage-t2","tensor_ids":["t2"],"allocation_span_id":"span-op","op_name":"matmul","bytes":4096,"shape":[32,32],"dtype":"f32","category":"activation","start_timestamp_ns":1200}]},"timeline":[{"timestamp_ns":1200,"live_bytes":4096,"live_bytes_by_device":{"cpu":4096},"live_bytes_by_category":{"activation":4096}}],"lifetimes":[{"device":"cpu","storage_id":"storage-t2","tensor_ids":["t2"],"allocation_span_id":"span-op","op_name":"matmul","bytes":4096,"shape":[32,32],"dtype":"f32","category":"activation","start_timestamp_ns":1200}],"by_device":[{"device":"cpu","storage_allocation_count":1,"matched_storage_free_count":0,"total_allocated_bytes":4096,"peak_live_bytes":4096,"peak_timestamp_ns":1200}]}})";

TEST_F(MemoryCliTest, PrintsCompactJsonAndANewline) {
  WriteFile("sample.jsonl", testdata::kSample);
  const testdata::RunResult run = Run("memory sample.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, std::string(kSampleMemoryJson) + "\n");
  EXPECT_EQ(run.err, "");
}

TEST_F(MemoryCliTest, PrettyIndents) {
  WriteFile("sample.jsonl", testdata::kSample);
  const testdata::RunResult run = Run("memory sample.jsonl --pretty");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.out,
              ::testing::StartsWith("{\n  \"logical\": {\n    \"storage_allocation_count\": 1,\n"));
  EXPECT_THAT(run.out, ::testing::HasSubstr("\n        \"live_bytes_by_device\": {\n"
                                            "          \"cpu\": 4096\n        },\n"));
}

TEST_F(MemoryCliTest, DashReadsStandardInput) {
  WriteFile("sample.jsonl", testdata::kSample);
  const testdata::RunResult run = Run("memory -", "sample.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, std::string(kSampleMemoryJson) + "\n");
}

TEST_F(MemoryCliTest, TraceThatDoesNotFoldExitsOneWithOneStderrLine) {
  WriteFile("open.jsonl", testdata::Lines({kMeta10}));
  const testdata::RunResult run = Run("memory open.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err,
            "open.jsonl:0: error[missing_terminal]: trace stream is missing its terminal event\n");
}

TEST_F(MemoryCliTest, UnreadableFileExitsTwo) {
  const testdata::RunResult run = Run("memory missing.jsonl");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_THAT(run.err, ::testing::StartsWith("missing.jsonl:0: error[io_error]: "));
}

}  // namespace
}  // namespace tracedoc
