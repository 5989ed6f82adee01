// AnalyzeMemory on a trace/6 document (docs/legacy-trace6.md §9.3, issue 15): the replay's rules
// with specific numbers, the peak's breakdown and the report's JSON shape.
#include <sstream>
#include <string>
#include <string_view>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tracedoc/reader.hpp"
#include "tracedoc/summary.hpp"
#include "tracedoc/memory.hpp"

namespace tracedoc {
namespace {

constexpr std::string_view kHead =
    R"({"kind":"meta","schema":"candle-graph/trace/6","run_id":"r","correlation_id":"c","entrypoint":"e","phase":"train","timestamp":"t","capture_step":1,"warmup_steps":0,"device":"cpu","timing_mode":"host","tags":{}}
{"kind":"span_start","id":"s","name":"s","start_ns":0,"span_kind":"function","measured":true}
{"kind":"span_start","id":"b","parent_id":"s","name":"b","start_ns":0,"span_kind":"function","step":"backward"}
)";
constexpr std::string_view kTail = R"({"kind":"span_end","id":"b","duration_ns":100}
{"kind":"span_end","id":"s","duration_ns":100}
)";

std::string Event(std::uint64_t t, std::string_view tensor, std::string_view action,
                  std::uint64_t bytes, std::string_view device = "cpu",
                  std::string_view category = "activation", std::string_view span = "s") {
  return R"({"kind":"memory","timestamp_ns":)" + std::to_string(t) + R"(,"tensor_id":")" +
         std::string(tensor) + R"(","span_id":")" + std::string(span) + R"(","device":")" +
         std::string(device) + R"(","bytes":)" + std::to_string(bytes) + R"(,"action":")" +
         std::string(action) + R"(","dtype":"f32","category":")" + std::string(category) +
         "\"}\n";
}

TraceDocument Read(const std::string& body) {
  const std::string text = std::string(kHead) + body + std::string(kTail);
  Result<TraceDocument> read = ReadTrace(TraceInput::FromString(text));
  EXPECT_TRUE(read.has_value()) << read.error().message;
  return std::move(read).value();
}

// The profile's trace/6 part; a trace/6 profile has no planes.
Trace6MemoryReport Trace6Part(const TraceDocument& document) {
  MemoryProfile profile = AnalyzeMemory(document);
  EXPECT_FALSE(profile.logical.has_value());
  EXPECT_FALSE(profile.physical.has_value());
  EXPECT_TRUE(profile.trace6.has_value());
  return profile.trace6.value_or(Trace6MemoryReport{});
}

std::vector<std::uint64_t> Heaps(const Trace6MemoryReport& report) {
  std::vector<std::uint64_t> heaps;
  for (const Trace6MemoryPoint& point : report.timeline) heaps.push_back(point.heap_bytes);
  return heaps;
}

TEST(Trace6MemoryTest, AllocatingALiveTensorAgainAddsItsBytesTwiceAndKeepsOneEntry) {
  const TraceDocument document = Read(Event(1, "t", "alloc", 100) + Event(2, "t", "alloc", 50) +
                                      Event(3, "t", "free", 7) + Event(4, "t", "free", 9));
  const Trace6MemoryReport report = Trace6Part(document);
  // The free takes the live entry's 50 bytes; the second free finds no entry: its own 9.
  EXPECT_THAT(Heaps(report), ::testing::ElementsAre(100u, 150u, 100u, 91u));
  EXPECT_EQ(report.total_alloc_bytes, 150u);
  EXPECT_EQ(report.peak_bytes, 150u);
  EXPECT_EQ(report.peak_timestamp_ns, 2u);
  ASSERT_EQ(report.peak_breakdown.size(), 1u);
  EXPECT_EQ(report.peak_breakdown[0].bytes, 50u);
  EXPECT_EQ(report.peak_by_category[MemoryCategory::kActivation], 150u);
  EXPECT_EQ(report.alloc_count, 2u);
  EXPECT_EQ(report.free_count, 2u);
}

TEST(Trace6MemoryTest, FreeingAnUnknownTensorTakesItsOwnBytesSaturating) {
  const TraceDocument document = Read(Event(1, "a", "alloc", 100) + Event(2, "x", "free", 30) +
                                      Event(3, "y", "free", 500));
  const Trace6MemoryReport report = Trace6Part(document);
  EXPECT_THAT(Heaps(report), ::testing::ElementsAre(100u, 70u, 0u));
  // An unknown tensor's free leaves the category map alone.
  EXPECT_EQ(report.timeline.back().by_category[MemoryCategory::kActivation], 100u);
}

TEST(Trace6MemoryTest, LiveTensorsAreNotKeyedByDeviceAFreeTakesFromItsOwnDevice) {
  const TraceDocument document =
      Read(Event(1, "t", "alloc", 100, "cuda:0") + Event(1, "u", "alloc", 10, "cpu", "other") +
           Event(2, "t", "free", 100, "cpu"));
  const Trace6MemoryReport report = Trace6Part(document);
  EXPECT_THAT(Heaps(report), ::testing::ElementsAre(100u, 10u, 0u));
  ASSERT_EQ(report.by_device.size(), 2u);
  EXPECT_EQ(report.by_device[0].device, "cpu");
  EXPECT_EQ(report.by_device[0].free_count, 1u);
  EXPECT_EQ(report.by_device[0].peak_bytes, 10u);
  EXPECT_EQ(report.by_device[1].device, "cuda:0");
  EXPECT_EQ(report.by_device[1].peak_bytes, 100u);
  // cuda:0 keeps its 100 bytes; cpu has no activation entry for the free to take from.
  EXPECT_FALSE(report.timeline.back().by_category[MemoryCategory::kActivation].has_value());
  EXPECT_EQ(report.timeline.back().by_category[MemoryCategory::kOther], 10u);
}

TEST(Trace6MemoryTest, EventsSortByTimeThenAllocBeforeFreeThenTensorAndBreakdownTiesById) {
  const TraceDocument document = Read(Event(5, "z", "free", 40) + Event(5, "b", "alloc", 60) +
                                      Event(5, "a", "alloc", 60));
  const Trace6MemoryReport report = Trace6Part(document);
  ASSERT_EQ(report.timeline.size(), 3u);
  EXPECT_THAT(Heaps(report), ::testing::ElementsAre(60u, 120u, 80u));
  EXPECT_EQ(report.peak_bytes, 120u);
  ASSERT_EQ(report.peak_breakdown.size(), 2u);
  EXPECT_EQ(report.peak_breakdown[0].tensor_id, "a");
  EXPECT_EQ(report.peak_breakdown[1].tensor_id, "b");
}

TEST(Trace6MemoryTest, BreakdownIsEveryLiveTensorOnAnyDeviceAtTheGlobalPeak) {
  const TraceDocument document =
      Read(Event(1, "small", "alloc", 5, "cuda:0") + Event(2, "big", "alloc", 70) +
           Event(3, "mid", "alloc", 20) + Event(4, "big", "free", 70));
  const Trace6MemoryReport report = Trace6Part(document);
  EXPECT_EQ(report.peak_bytes, 90u);
  EXPECT_EQ(report.peak_device, "cpu");
  ASSERT_EQ(report.peak_breakdown.size(), 3u);
  EXPECT_EQ(report.peak_breakdown[0].tensor_id, "big");
  EXPECT_EQ(report.peak_breakdown[1].tensor_id, "mid");
  EXPECT_EQ(report.peak_breakdown[2].tensor_id, "small");
  EXPECT_EQ(report.peak_breakdown[2].device, "cuda:0");
}

TEST(Trace6MemoryTest, AutogradRetainedBytesAreTheActivationsAtTheFirstBackwardEvent) {
  const TraceDocument document = Read(
      Event(1, "act", "alloc", 300) + Event(2, "w", "alloc", 8, "cpu", "parameter") +
      Event(3, "g", "alloc", 16, "cpu", "gradient", "b") + Event(4, "act", "free", 300, "cpu",
                                                                 "activation", "b"));
  const Trace6MemoryReport report = Trace6Part(document);
  EXPECT_EQ(report.autograd_retained_bytes, 300u);
}

TEST(Trace6MemoryTest, CapacityIsTheLargestUsedPlusFreeOfTheDevicesSamples) {
  const TraceDocument document = Read(
      Event(1, "t", "alloc", 1) +
      R"({"kind":"device_memory","timestamp_ns":1,"device":"cpu","used_bytes":30,"free_bytes":70}
{"kind":"device_memory","timestamp_ns":2,"device":"cpu","used_bytes":80,"free_bytes":40,"reserved_bytes":999}
{"kind":"device_memory","timestamp_ns":3,"device":"cuda:9","used_bytes":18446744073709551615,"free_bytes":1}
)");
  const Trace6MemoryReport report = Trace6Part(document);
  ASSERT_EQ(report.by_device.size(), 1u);  // devices of memory events only
  EXPECT_EQ(report.by_device[0].capacity_bytes, 120u);
  EXPECT_EQ(report.timeline[0].free_bytes, 0u);  // the capacity comes after the loop
}

TEST(Trace6MemoryTest, WithoutMemoryEventsEveryFieldKeepsItsDefault) {
  const TraceDocument document = Read("");
  const Trace6MemoryReport report = Trace6Part(document);
  EXPECT_EQ(report, Trace6MemoryReport{});
  const std::string json =
      R"({"alloc_count":0,"free_count":0,"total_alloc_bytes":0,"peak_bytes":0,)"
      R"("peak_timestamp_ns":0,"peak_device":"","peak_by_category":{},)"
      R"("autograd_retained_bytes":0,"peak_breakdown":[],"by_device":[],"timeline":[]})";
  EXPECT_EQ(WriteMemoryProfileJson(AnalyzeMemory(document)), json);
  std::ostringstream streamed;
  WriteMemoryProfileJson(document, streamed);
  EXPECT_EQ(streamed.str(), json);
}

TEST(Trace6MemoryTest, TheProfileAndTheDocumentWriteTheSameReport) {
  const TraceDocument document =
      Read(Event(1, "t", "alloc", 100) + Event(2, "u", "alloc", 8, "cuda:0") +
           Event(3, "t", "free", 100));
  for (const bool pretty : {false, true}) {
    std::ostringstream streamed;
    WriteMemoryProfileJson(document, streamed, {.pretty = pretty});
    EXPECT_EQ(streamed.str(), WriteMemoryProfileJson(AnalyzeMemory(document), {.pretty = pretty}));
  }
  EXPECT_THAT(WriteMemoryProfileJson(AnalyzeMemory(document)),
              ::testing::StartsWith(R"({"alloc_count":2,"free_count":1,"total_alloc_bytes":108,)"));
  const SummaryAndMemory both = SummarizeWithMemory(document);
  EXPECT_EQ(both.memory, AnalyzeMemory(document));
  EXPECT_EQ(both.summary, Summarize(document));
}

TEST(Trace6MemoryTest, TheSummaryPeakIsTheReportPeak) {
  const TraceDocument document =
      Read(Event(1, "t", "alloc", 100) + Event(2, "t", "alloc", 50) + Event(3, "t", "free", 0));
  EXPECT_EQ(Summarize(document).peak_bytes, Trace6Part(document).peak_bytes);
  EXPECT_EQ(Summarize(document).peak_bytes, 150u);
}

}  // namespace
}  // namespace tracedoc
