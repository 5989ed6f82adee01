// The memory charts' data and drawing: CollectMemoryCurves' per-device logical and physical
// curves and the time they span, the shared TimeWindow, and WriteStepCurve's polyline points at
// full resolution and reduced to pixel columns.
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "report/memory_curves.hpp"
#include "report/shared_axis.hpp"
#include "report/step_curve.hpp"
#include "support/fold_trace.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/memory.hpp"

namespace tracedoc::report {
namespace {

using ::testing::ElementsAre;

std::string Points(const std::vector<CurvePoint>& points) {
  std::string text;
  for (const CurvePoint& point : points) {
    text += " " + std::to_string(point.timestamp_ns) + ":" + std::to_string(point.bytes);
  }
  return text;
}

// `cpu logical 10:100 20:30 peak 10:100 used reserved`
std::string Describe(const DeviceCurves& curves) {
  std::string text = std::string(curves.device) + " logical" + Points(curves.logical);
  if (curves.peak) text += " peak" + Points({*curves.peak});
  return text + " used" + Points(curves.used) + " reserved" + Points(curves.reserved);
}

// Span s from 5 to 105; cpu and gpu memory events; physical samples of gpu and of npu, a device
// with no memory events.
TraceDocument MemoryTrace() {
  return testing::FoldTrace(testdata::Lines(
      {testdata::kMeta10, testdata::SpanStartLine("s", "s", 5),
       R"({"kind":"device_memory","timestamp_ns":3,"device":"npu","used_bytes":1})",
       testdata::MemoryLine(10, "a", "cpu", 100, "alloc"), testdata::MemoryLine(10, "b", "gpu", 50, "alloc"),
       testdata::MemoryLine(20, "a", "cpu", 100, "free"), testdata::MemoryLine(20, "c", "cpu", 30, "alloc"),
       R"({"kind":"device_memory","timestamp_ns":35,"device":"gpu","used_bytes":7,"reserved_bytes":512})",
       testdata::MemoryLine(40, "b", "gpu", 50, "free"), testdata::SpanEndLine("s", 100),
       R"({"kind":"terminal","outcome":"complete","timestamp_ns":105})"}));
}

const std::vector<MemoryEventDevice> kEventDevices = {{"cpu", CurvePoint{10, 100}},
                                                      {"gpu", CurvePoint{10, 50}}};

TEST(MemoryCurvesTest, EachDeviceGetsItsLiveBytesPeakAndSamples) {
  const TraceDocument document = MemoryTrace();
  const MemoryCurves curves =
      CollectMemoryCurves(document, kEventDevices, AnalyzePhysicalMemory(document), 8);
  std::vector<std::string> described;
  for (const DeviceCurves& device : curves.devices) described.push_back(Describe(device));
  // cpu's free and alloc at 20 are one step to 30; npu has samples only.
  EXPECT_THAT(described, ElementsAre("cpu logical 10:100 20:30 peak 10:100 used reserved",
                                     "gpu logical 10:50 40:0 peak 10:50 used 35:7 reserved 35:512",
                                     "npu logical used 3:1 reserved"));
  EXPECT_EQ(curves.devices_left_out, 0u);
  // From the earliest sample (before the first span) to the terminal.
  EXPECT_EQ(curves.first_ns, 3u);
  EXPECT_EQ(curves.last_ns, 105u);
}

TEST(MemoryCurvesTest, DevicesBeyondTheCapAreCountedNotDrawn) {
  const TraceDocument document = MemoryTrace();
  const MemoryCurves curves =
      CollectMemoryCurves(document, kEventDevices, AnalyzePhysicalMemory(document), 1);
  ASSERT_EQ(curves.devices.size(), 1u);
  EXPECT_EQ(Describe(curves.devices[0]), "cpu logical 10:100 20:30 peak 10:100 used reserved");
  EXPECT_EQ(curves.devices_left_out, 2u);
  EXPECT_EQ(curves.first_ns, 3u);
}

TEST(MemoryCurvesTest, WithoutMemoryTheWindowIsTheSpansToTheTerminal) {
  const TraceDocument document = MemoryTrace();
  const MemoryCurves curves = CollectMemoryCurves(document, {}, std::nullopt, 8);
  EXPECT_THAT(curves.devices, ::testing::IsEmpty());
  EXPECT_EQ(curves.first_ns, 5u);
  EXPECT_EQ(curves.last_ns, 105u);
}

TEST(SharedAxisTest, TheWindowSpansFromOriginToEnd) {
  EXPECT_EQ((TimeWindow{100, 350}.span_ns()), 250u);
  EXPECT_EQ((TimeWindow{7, 7}.span_ns()), 0u);
}

// 100 px wide from x=10, 50 px high, 1000 ns from 0, 100 bytes at the top.
constexpr PlotArea kArea{10, 0, 100, 50, 0, 1000, 100};

TEST(StepCurveTest, PlotAreaMapsTimeAndBytesAndClampsAtItsEdges) {
  EXPECT_DOUBLE_EQ(kArea.X(0), 10);
  EXPECT_DOUBLE_EQ(kArea.X(500), 60);
  EXPECT_DOUBLE_EQ(kArea.X(5000), 110);
  EXPECT_DOUBLE_EQ(kArea.Y(0), 50);
  EXPECT_DOUBLE_EQ(kArea.Y(50), 25);
  EXPECT_DOUBLE_EQ(kArea.Y(400), 0);
  PlotArea later = kArea;
  later.first_ns = 100;
  EXPECT_DOUBLE_EQ(later.X(50), 10);  // before the window: its left edge
}

std::string Polyline(const std::vector<CurvePoint>& curve, std::size_t max_points,
                     bool from_zero, bool* reduced = nullptr) {
  std::ostringstream out;
  const bool was_reduced = WriteStepCurve(out, curve, kArea, max_points, from_zero);
  if (reduced != nullptr) *reduced = was_reduced;
  return out.str();
}

// Each value holds until the next point, then the curve runs on to the right edge.
TEST(StepCurveTest, AtFullResolutionEveryStepIsDrawn) {
  const std::vector<CurvePoint> curve = {{100, 50}, {500, 100}};
  bool reduced = true;
  EXPECT_EQ(Polyline(curve, 10, /*from_zero=*/true, &reduced), "20,50 20,25 60,25 60,0 110,0");
  EXPECT_FALSE(reduced);
  EXPECT_EQ(Polyline(curve, 10, /*from_zero=*/false), "20,25 60,25 60,0 110,0");
  EXPECT_EQ(Polyline({}, 10, true), "");
}

// Above max_points a pixel column is one stroke from its minimum to its maximum, ending at its
// last value, so a peak between pixels is still drawn.
TEST(StepCurveTest, AboveMaxPointsEachPixelColumnKeepsItsMinimumMaximumAndLast) {
  const std::vector<CurvePoint> curve = {{100, 10}, {101, 90}, {102, 40}, {900, 0}};
  bool reduced = false;
  EXPECT_EQ(Polyline(curve, 2, /*from_zero=*/false, &reduced),
            "20,45 20,5 20,30 100,30 100,50 110,50");
  EXPECT_TRUE(reduced);
}

}  // namespace
}  // namespace tracedoc::report
