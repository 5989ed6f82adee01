// The two memory planes built from their records (docs/analyses.md §5.3, §5.4): the logical
// plane whole, without its timeline and as a stream of points, the tally the summary takes from
// the same replay, what the page draws (AnalyzeMemoryWithoutTimelines), and the physical plane's
// timeline and per-device statistics.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "analysis/logical_memory.hpp"
#include "analysis/memory_records.hpp"
#include "analysis/physical_memory.hpp"
#include "support/fold_trace.hpp"
#include "support/test_traces.hpp"

namespace tracedoc::analysis {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using testing::AllocRecord;
using testing::FreeRecord;

// Out of order (the storage "z" comes last but is first), two devices, an alias of "a" at 20
// and its free by a third tensor at 30, and a free of a storage never allocated.
std::vector<MemoryRecord> Events() {
  std::vector<MemoryRecord> events = {
      AllocRecord(10, "a", 100, "cpu", "t1"),
      AllocRecord(10, "b", 50, "cuda:0", "tb", MemoryCategory::kParameter),
      FreeRecord(15, "x"),
      AllocRecord(20, "a", 7, "cpu", "t2"),
      FreeRecord(30, "a", "cpu", "t3"),
      FreeRecord(40, "z", "cpu", "tz"),
      AllocRecord(5, "z", 1, "cpu", "tz")};
  events[0].op_name = "mm";
  return events;
}

std::string Bytes(const DeviceLiveBytesList& devices, const CategoryLiveBytes& categories) {
  std::string text = "{";
  for (const DeviceLiveBytes& device : devices) {
    text += " " + std::string(device.device) + ":" + std::to_string(device.bytes);
  }
  return text + " } " + testing::CategoryJson(categories);
}

std::string Describe(const LogicalMemoryTimelinePoint& point) {
  return std::to_string(point.timestamp_ns) + ": " + std::to_string(point.live_bytes) + " " +
         Bytes(point.live_bytes_by_device, point.live_bytes_by_category);
}

std::vector<std::string> Describe(const std::vector<LogicalMemoryTimelinePoint>& points) {
  std::vector<std::string> lines;
  for (const LogicalMemoryTimelinePoint& point : points) lines.push_back(Describe(point));
  return lines;
}

std::vector<std::string> Describe(const std::vector<LogicalStorageLifetime>& lifetimes) {
  std::vector<std::string> lines;
  for (const LogicalStorageLifetime& l : lifetimes) {
    std::string line = std::string(l.storage_id) + "@" + std::string(l.device) + " " +
                       std::to_string(l.start_timestamp_ns) + ".." +
                       (l.end_timestamp_ns ? std::to_string(*l.end_timestamp_ns) : "live") + " " +
                       std::to_string(l.bytes) + " " + std::string(EnumName(l.category)) + " " +
                       std::string(l.op_name.value_or("-")) + " [";
    for (const std::string_view id : l.tensor_ids) line += " " + std::string(id);
    lines.push_back(line + " ]");
  }
  return lines;
}

TEST(LogicalPlaneTest, ReplaysTheEventsIntoTimelinePeakLifetimesAndDevices) {
  const std::vector<MemoryRecord> events = Events();
  MemoryEventTally tally;
  const std::optional<LogicalMemoryProfile> plane = BuildLogicalPlane(events, &tally);
  ASSERT_TRUE(plane.has_value());
  // One point per timestamp; a category is listed while one of its storages is live.
  EXPECT_THAT(Describe(plane->timeline),
              ElementsAre(R"(5: 1 { cpu:1 } {"activation":1})",
                          R"(10: 151 { cpu:101 cuda:0:50 } {"activation":101,"parameter":50})",
                          R"(15: 151 { cpu:101 cuda:0:50 } {"activation":101,"parameter":50})",
                          R"(20: 151 { cpu:101 cuda:0:50 } {"activation":101,"parameter":50})",
                          R"(30: 51 { cpu:1 cuda:0:50 } {"activation":1,"parameter":50})",
                          R"(40: 50 { cuda:0:50 } {"parameter":50})"));
  // The earliest of the equal maxima, with only the tensor ids known by then ("a" is "t1").
  ASSERT_TRUE(plane->peak.has_value());
  EXPECT_EQ(plane->peak->timestamp_ns, 10u);
  EXPECT_EQ(plane->peak->live_bytes, 151u);
  EXPECT_EQ(Bytes(plane->peak->live_bytes_by_device, plane->peak->live_bytes_by_category),
            R"({ cpu:101 cuda:0:50 } {"activation":101,"parameter":50})");
  EXPECT_THAT(Describe(plane->peak->live_allocations),
              ElementsAre("z@cpu 5..live 1 activation - [ tz ]",
                          "a@cpu 10..live 100 activation mm [ t1 ]",
                          "b@cuda:0 10..live 50 parameter - [ tb ]"));
  // The alias's 7 bytes are ignored; "a" ends with every tensor that touched it.
  EXPECT_THAT(Describe(plane->lifetimes),
              ElementsAre("z@cpu 5..40 1 activation - [ tz ]",
                          "a@cpu 10..30 100 activation mm [ t1 t2 t3 ]",
                          "b@cuda:0 10..live 50 parameter - [ tb ]"));
  EXPECT_EQ(plane->storage_allocation_count, 3u);
  EXPECT_EQ(plane->matched_storage_free_count, 2u);
  EXPECT_EQ(plane->total_allocated_bytes, 151u);
  ASSERT_EQ(plane->by_device.size(), 2u);
  EXPECT_EQ(plane->by_device[0], (LogicalDeviceMemoryStats{"cpu", 2, 2, 101, 101, 10}));
  EXPECT_EQ(plane->by_device[1], (LogicalDeviceMemoryStats{"cuda:0", 1, 0, 50, 50, 10}));
  // The raw events, the alias and the ignored free included.
  EXPECT_EQ(tally.alloc_events, 4u);
  EXPECT_EQ(tally.free_events, 3u);
  EXPECT_EQ(tally.peak_live_bytes, std::optional<std::uint64_t>(151));
}

TEST(LogicalPlaneTest, TheTallyAloneCountsTheSameAndFindsTheSamePeak) {
  const MemoryEventTally tally = TallyMemoryEvents(Events());
  EXPECT_EQ(tally.alloc_events, 4u);
  EXPECT_EQ(tally.free_events, 3u);
  EXPECT_EQ(tally.peak_live_bytes, std::optional<std::uint64_t>(151));
}

TEST(LogicalPlaneTest, WithoutTimelineIsTheWholePlaneLessItsPoints) {
  const std::vector<MemoryRecord> events = Events();
  std::optional<LogicalMemoryProfile> whole = BuildLogicalPlane(events);
  const std::optional<LogicalMemoryProfile> without = BuildLogicalPlaneWithoutTimeline(events);
  ASSERT_TRUE(whole.has_value());
  ASSERT_TRUE(without.has_value());
  EXPECT_THAT(without->timeline, IsEmpty());
  EXPECT_EQ(whole->timeline.size(), 6u);
  whole->timeline.clear();
  EXPECT_EQ(*without, *whole);
}

TEST(LogicalPlaneTest, TheStreamedTimelineHandsOnEachPointOfTheWholePlane) {
  const std::vector<MemoryRecord> events = Events();
  std::vector<LogicalMemoryTimelinePoint> streamed;
  ReplayLogicalTimeline(events, [&streamed](const LogicalMemoryTimelinePoint& point) {
    streamed.push_back(point);  // the point is overwritten after the call
  });
  EXPECT_EQ(streamed, BuildLogicalPlane(events)->timeline);
}

TEST(LogicalPlaneTest, NoEventsIsNoPlaneAndOnlyIgnoredFreesIsAPlaneWithoutPeak) {
  MemoryEventTally tally{7, 8, 9};
  EXPECT_EQ(BuildLogicalPlane({}, &tally), std::nullopt);
  EXPECT_EQ(tally.alloc_events, 0u);
  EXPECT_EQ(tally.free_events, 0u);
  EXPECT_EQ(tally.peak_live_bytes, std::nullopt);
  EXPECT_EQ(BuildLogicalPlaneWithoutTimeline({}), std::nullopt);
  int points = 0;
  ReplayLogicalTimeline({}, [&points](const LogicalMemoryTimelinePoint&) { ++points; });
  EXPECT_EQ(points, 0);

  const std::vector<MemoryRecord> frees = {FreeRecord(3, "a", "cuda:1"), FreeRecord(4, "b")};
  const std::optional<LogicalMemoryProfile> plane = BuildLogicalPlane(frees, &tally);
  ASSERT_TRUE(plane.has_value());
  EXPECT_EQ(plane->peak, std::nullopt);
  EXPECT_THAT(Describe(plane->timeline), ElementsAre("3: 0 { } {}", "4: 0 { } {}"));
  // Each device is listed, without a peak.
  ASSERT_EQ(plane->by_device.size(), 2u);
  EXPECT_EQ(plane->by_device[0], (LogicalDeviceMemoryStats{"cpu", 0, 0, 0, {}, {}}));
  EXPECT_EQ(plane->by_device[1], (LogicalDeviceMemoryStats{"cuda:1", 0, 0, 0, {}, {}}));
  EXPECT_EQ(tally.free_events, 2u);
  EXPECT_EQ(tally.peak_live_bytes, std::nullopt);
  EXPECT_EQ(TallyMemoryEvents(frees).peak_live_bytes, std::nullopt);
}

TEST(LogicalPlaneTest, ThePageGetsTheLogicalPlaneWithoutItsTimelineAndNoPhysicalPlane) {
  const TraceDocument document = testing::FoldTrace(testdata::Lines(
      {testdata::kMeta10, testdata::SpanStartLine("s", "s", 0),
       testdata::MemoryLine(5, "a", "cpu", 10, "alloc"),
       testdata::MemoryLine(6, "b", "cpu", 20, "alloc"),
       R"({"kind":"device_memory","timestamp_ns":5,"device":"cpu","used_bytes":7})",
       testdata::SpanEndLine("s", 10), testdata::CompleteTerminalLine(10)}));
  const MemoryProfile profile = AnalyzeMemoryWithoutTimelines(document);
  ASSERT_TRUE(profile.logical.has_value());
  EXPECT_THAT(profile.logical->timeline, IsEmpty());
  EXPECT_EQ(profile.logical->peak->live_bytes, 30u);
  EXPECT_EQ(profile.logical->peak->timestamp_ns, 6u);
  EXPECT_EQ(profile.logical, BuildLogicalPlaneWithoutTimeline(document.memory()));
  EXPECT_EQ(profile.physical, std::nullopt);
  EXPECT_EQ(profile.trace6, std::nullopt);
}

DeviceMemoryRecord Sample(std::uint64_t t, std::string_view device,
                          std::optional<std::uint64_t> used, std::optional<std::uint64_t> free,
                          std::optional<std::uint64_t> reserved = std::nullopt,
                          std::optional<std::uint64_t> capacity = std::nullopt) {
  DeviceMemoryRecord sample;
  sample.timestamp_ns = t;
  sample.device = device;
  sample.used_bytes = used;
  sample.free_bytes = free;
  sample.reserved_bytes = reserved;
  sample.capacity_bytes = capacity;
  return sample;
}

TEST(PhysicalPlaneTest, SortsTheSamplesAndReportsEachDevicesExtremesEarliestFirst) {
  const std::vector<DeviceMemoryRecord> samples = {
      Sample(20, "cuda:0", 10, 90, 50, 100), Sample(10, "cuda:0", 30, 70),
      Sample(10, "cpu", std::nullopt, 5),    Sample(30, "cuda:0", 30, 70, 50, 120),
      Sample(20, "cpu", 7, std::nullopt),    Sample(30, "cuda:0", 1, std::nullopt)};
  const std::optional<PhysicalMemoryProfile> plane = BuildPhysicalPlane(samples);
  ASSERT_TRUE(plane.has_value());
  // By (timestamp, device); the two samples of cuda:0 at 30 keep their input order.
  std::vector<std::string> order;
  for (const PhysicalMemoryTimelinePoint& point : plane->timeline) {
    order.push_back(std::to_string(point.timestamp_ns) + " " + std::string(point.device) + " " +
                    (point.used_bytes ? std::to_string(*point.used_bytes) : "-"));
  }
  EXPECT_THAT(order, ElementsAre("10 cpu -", "10 cuda:0 30", "20 cpu 7", "20 cuda:0 10",
                                 "30 cuda:0 30", "30 cuda:0 1"));
  EXPECT_EQ(plane->timeline[3], (PhysicalMemoryTimelinePoint{20, "cuda:0", 10, 90, 50, 100}));
  ASSERT_EQ(plane->by_device.size(), 2u);
  // Fields in order: device, the sample counts (all, used, free, reserved, capacity), peak
  // used and its timestamp, peak reserved and its timestamp, minimum free and its timestamp,
  // the largest capacity.
  const std::optional<std::uint64_t> none;
  EXPECT_EQ(plane->by_device[0],
            (PhysicalDeviceMemoryStats{"cpu", 2, 1, 1, 0, 0, 7, 20, none, none, 5, 10, none}));
  // Ties keep the earliest timestamp: used 30 at 10 and 30, reserved 50 at 20 and 30, free 70
  // at 10 and 30.
  EXPECT_EQ(plane->by_device[1],
            (PhysicalDeviceMemoryStats{"cuda:0", 4, 4, 3, 2, 2, 30, 10, 50, 20, 70, 10, 120}));
  EXPECT_EQ(BuildPhysicalPlane({}), std::nullopt);
}

}  // namespace
}  // namespace tracedoc::analysis
