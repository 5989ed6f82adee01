// trace/6's memory replay (docs/legacy-trace6.md §9.3) in its parts: the replay order, the state
// handed on after each event, the peak's position, the tensors live at any position of the
// order, the report built from them, and the report's JSON.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "analysis/logical_memory.hpp"
#include "analysis/memory_records.hpp"
#include "analysis/trace6_memory.hpp"
#include "emit/json_emitter.hpp"
#include "support/fold_trace.hpp"
#include "support/test_traces.hpp"

namespace tracedoc::analysis {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using testdata::Trace6MemoryLine;

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

TEST(Trace6ReplayOrderTest, TimestampThenAllocBeforeFreeThenTensorIdStably) {
  using testing::AllocRecord;
  using testing::FreeRecord;
  // trace/6 has no storage ids.
  const std::vector<MemoryRecord> events = {
      FreeRecord(5, "", "cpu", "b"), AllocRecord(5, "", 1, "cpu", "c"),
      AllocRecord(5, "", 1, "cpu", "a"), AllocRecord(1, "", 1, "cpu", "z"),
      FreeRecord(5, "", "cpu", "a"), AllocRecord(5, "", 9, "cpu", "a")};
  // Events 2 and 5 are equal in all three keys: input order.
  EXPECT_THAT(Trace6ReplayOrder(events), ElementsAre(3u, 2u, 5u, 1u, 4u, 0u));
  EXPECT_THAT(Trace6ReplayOrder({}), IsEmpty());
}

// Span "s" (0..100) with a child "b" of step backward; seven memory events on two devices and
// samples on three. Replay order: 0, 1, 2, 4, 3, 5, 6.
TraceDocument TwoDevices() {
  return testing::FoldTrace(testdata::Lines({
      testdata::kMeta6,
      R"({"kind":"span_start","id":"s","name":"s","start_ns":0,"span_kind":"function","measured":true})",
      R"({"kind":"span_start","id":"b","parent_id":"s","name":"b","start_ns":0,"span_kind":"function","step":"backward"})",
      Trace6MemoryLine(1, "p", "cpu", 100, "alloc", "s", "parameter"),
      Trace6MemoryLine(2, "a", "cuda:0", 40, "alloc"),
      // The first event of a backward span: cpu's activation bytes after it are retained.
      Trace6MemoryLine(2, "g", "cpu", 30, "alloc", "b"),
      Trace6MemoryLine(3, "p", "cpu", 1, "free"),
      Trace6MemoryLine(3, "q", "cuda:0", 200, "alloc"),
      // "a" lives on cuda:0; its free on cpu takes its 40 bytes from cpu's 30.
      Trace6MemoryLine(4, "a", "cpu", 7, "free"),
      // An unknown tensor: its own 15 bytes, and no category changes.
      Trace6MemoryLine(5, "zz", "cuda:0", 15, "free"),
      R"({"kind":"device_memory","timestamp_ns":1,"device":"cuda:0","used_bytes":10,"free_bytes":20})",
      R"({"kind":"device_memory","timestamp_ns":2,"device":"cuda:0","used_bytes":18446744073709551615,"free_bytes":5})",
      R"({"kind":"device_memory","timestamp_ns":1,"device":"cpu","used_bytes":1,"free_bytes":1})",
      R"({"kind":"device_memory","timestamp_ns":1,"device":"npu","used_bytes":5,"free_bytes":5})",
      testdata::SpanEndLine("b", 100), testdata::SpanEndLine("s", 100)}));
}

TEST(Trace6ReplayTest, HandsOnEachEventsDeviceCounterAndCategoriesInReplayOrder) {
  const TraceDocument document = TwoDevices();
  std::vector<std::string> steps;
  const Trace6Replay replay = ReplayTrace6Memory(document, [&steps](const Trace6Step& step) {
    steps.push_back(std::string(step.event.tensor_id) + " " + std::to_string(step.device) + " " +
                    std::to_string(step.heap) + " " + testing::CategoryJson(step.by_category));
  });
  EXPECT_THAT(steps, ElementsAre(R"(p 0 100 {"parameter":100})", R"(a 1 40 {"activation":40})",
                                 R"(g 0 130 {"activation":30,"parameter":100})",
                                 R"(q 1 240 {"activation":240})",
                                 R"(p 0 30 {"activation":30,"parameter":0})",
                                 R"(a 0 0 {"activation":0,"parameter":0})",
                                 R"(zz 1 225 {"activation":240})"));
  EXPECT_THAT(replay.order, ElementsAre(0u, 1u, 2u, 4u, 3u, 5u, 6u));
  EXPECT_EQ(replay.peak_position, std::optional<std::size_t>(3));
  const Trace6MemoryReport& report = replay.report;
  EXPECT_EQ(report.alloc_count, 4u);
  EXPECT_EQ(report.free_count, 3u);
  EXPECT_EQ(report.total_alloc_bytes, 370u);
  EXPECT_EQ(report.peak_bytes, 240u);
  EXPECT_EQ(report.peak_timestamp_ns, 3u);
  EXPECT_EQ(report.peak_device, "cuda:0");
  EXPECT_EQ(testing::CategoryJson(report.peak_by_category), R"({"activation":240})");
  EXPECT_EQ(report.autograd_retained_bytes, 30u);
  // The capacity is the most used + free (saturating); "npu" has no memory events.
  EXPECT_THAT(report.by_device,
              ElementsAre(Trace6DeviceMemory{"cpu", 2, 130, 2, 2, 2},
                          Trace6DeviceMemory{"cuda:0", kMax, 240, 3, 2, 1}));
  // The replay leaves the timeline and the breakdown to BuildTrace6Report.
  EXPECT_THAT(report.timeline, IsEmpty());
  EXPECT_THAT(report.peak_breakdown, IsEmpty());
}

TEST(Trace6ReplayTest, TheLiveTensorsAtAPositionAreThoseOfTheAllocsNotFreedByThen) {
  const TraceDocument document = TwoDevices();
  const Trace6Replay replay = ReplayTrace6Memory(document);
  const auto live_at = [&](std::size_t position) {
    std::vector<std::string> tensors;
    for (const Trace6LiveTensor& t :
         Trace6LiveTensorsAt(document.memory(), replay.order, position)) {
      tensors.push_back(std::string(t.tensor_id) + " " + std::string(t.device) + " " +
                        std::string(t.span_id) + " " + std::to_string(t.bytes) + " " +
                        std::string(EnumName(t.category)));
    }
    return tensors;
  };
  EXPECT_THAT(live_at(0), ElementsAre("p cpu s 100 parameter"));
  // At the peak, largest first, on any device.
  EXPECT_THAT(live_at(3), ElementsAre("q cuda:0 s 200 activation", "p cpu s 100 parameter",
                                      "a cuda:0 s 40 activation", "g cpu b 30 activation"));
  EXPECT_THAT(live_at(6), ElementsAre("q cuda:0 s 200 activation", "g cpu b 30 activation"));
}

TEST(Trace6ReplayTest, TheReportAddsAPointPerEventAndTheTensorsLiveAtThePeak) {
  const TraceDocument document = TwoDevices();
  const Trace6MemoryReport report = BuildTrace6Report(document);
  std::vector<std::string> points;
  for (const Trace6MemoryPoint& point : report.timeline) {
    EXPECT_EQ(point.live_bytes, point.heap_bytes);
    EXPECT_EQ(point.free_bytes, 0u);
    points.push_back(std::to_string(point.timestamp_ns) + " " + std::string(point.device) + " " +
                     std::to_string(point.heap_bytes));
  }
  EXPECT_THAT(points, ElementsAre("1 cpu 100", "2 cuda:0 40", "2 cpu 130", "3 cuda:0 240",
                                  "3 cpu 30", "4 cpu 0", "5 cuda:0 225"));
  const Trace6Replay replay = ReplayTrace6Memory(document);
  EXPECT_EQ(report.peak_breakdown, Trace6LiveTensorsAt(document.memory(), replay.order, 3));
  ASSERT_EQ(report.peak_breakdown.size(), 4u);
  EXPECT_EQ(report.peak_breakdown[0].tensor_id, "q");
  EXPECT_EQ(report.by_device, replay.report.by_device);
  // What the page draws keeps trace/6's timeline (one point per event) and builds no plane.
  const MemoryProfile page = AnalyzeMemoryWithoutTimelines(document);
  EXPECT_EQ(page.trace6, report);
  EXPECT_EQ(page.logical, std::nullopt);
  EXPECT_EQ(page.physical, std::nullopt);
}

TEST(Trace6ReplayTest, CountersThatNeverRiseLeaveNoPeakAndNoEventsLeaveEveryFigureZero) {
  const TraceDocument frees = testing::FoldTrace(testdata::Lines(
      {testdata::kMeta6, testdata::SpanStartLine("s", "s", 0),
       Trace6MemoryLine(3, "x", "cpu", 8, "free"), testdata::SpanEndLine("s", 10)}));
  const Trace6Replay replay = ReplayTrace6Memory(frees);
  EXPECT_EQ(replay.peak_position, std::nullopt);
  EXPECT_EQ(replay.report.peak_device, "");
  EXPECT_EQ(replay.report.free_count, 1u);
  EXPECT_THAT(replay.report.by_device, ElementsAre(Trace6DeviceMemory{"cpu", 0, 0, 0, 0, 1}));
  EXPECT_THAT(BuildTrace6Report(frees).peak_breakdown, IsEmpty());

  const TraceDocument none = testing::FoldTrace(testdata::Lines(
      {testdata::kMeta6, testdata::SpanStartLine("s", "s", 0), testdata::SpanEndLine("s", 10)}));
  EXPECT_EQ(BuildTrace6Report(none), Trace6MemoryReport{});
  EXPECT_THAT(ReplayTrace6Memory(none).order, IsEmpty());
}

std::string ReportJson(const Trace6MemoryReport& report) {
  return emit::EmitJsonString(false, EmitTrace6Report, report);
}

TEST(Trace6ReportJsonTest, EveryKeyInTheSpecificationsOrder) {
  Trace6MemoryReport report;
  report.alloc_count = 2;
  report.free_count = 1;
  report.total_alloc_bytes = 30;
  report.peak_bytes = 30;
  report.peak_timestamp_ns = 4;
  report.peak_device = "cpu";
  report.peak_by_category.Set(MemoryCategory::kGradient, 10);
  report.peak_by_category.Set(MemoryCategory::kActivation, 20);
  report.autograd_retained_bytes = 5;
  report.peak_breakdown = {{"t\"1", "cpu", "s", 20, MemoryCategory::kActivation}};
  report.by_device = {{"cpu", 0, 30, 4, 2, 1}};
  CategoryLiveBytes gradient;
  gradient.Set(MemoryCategory::kGradient, 10);
  report.timeline = {{4, "cpu", 30, 30, 0, gradient}};
  EXPECT_EQ(ReportJson(report),
            R"({"alloc_count":2,"free_count":1,"total_alloc_bytes":30,"peak_bytes":30,)"
            R"("peak_timestamp_ns":4,"peak_device":"cpu",)"
            R"("peak_by_category":{"activation":20,"gradient":10},"autograd_retained_bytes":5,)"
            R"("peak_breakdown":[{"tensor_id":"t\"1","device":"cpu","span_id":"s","bytes":20,)"
            R"("category":"activation"}],)"
            R"("by_device":[{"device":"cpu","capacity_bytes":0,"peak_bytes":30,)"
            R"("peak_timestamp_ns":4,"alloc_count":2,"free_count":1}],)"
            R"("timeline":[{"timestamp_ns":4,"device":"cpu","live_bytes":30,"heap_bytes":30,)"
            R"("free_bytes":0,"by_category":{"gradient":10}}]})");
  EXPECT_EQ(ReportJson(Trace6MemoryReport{}),
            R"({"alloc_count":0,"free_count":0,"total_alloc_bytes":0,"peak_bytes":0,)"
            R"("peak_timestamp_ns":0,"peak_device":"","peak_by_category":{},)"
            R"("autograd_retained_bytes":0,"peak_breakdown":[],"by_device":[],"timeline":[]})");
}

}  // namespace
}  // namespace tracedoc::analysis
