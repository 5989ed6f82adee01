// The one replay of the memory events (docs/analyses.md §5.3) and the per-device live bytes the
// pictures draw from it: the replay's order and what it tells a visitor per event, the device
// numbering, DeviceLiveReplay's changes and sums, and trace/6's own replay told the same way.
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "analysis/device_live_replay.hpp"
#include "analysis/memory_replay.hpp"
#include "analysis/memory_records.hpp"
#include "analysis/trace6_device_live.hpp"
#include "support/fold_trace.hpp"
#include "support/test_traces.hpp"

namespace tracedoc::analysis {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();

MemoryRecord Alloc(std::uint64_t t, std::string_view storage, std::uint64_t bytes,
                   std::string_view device = "cpu") {
  return testing::AllocRecord(t, storage, bytes, device);
}
MemoryRecord Free(std::uint64_t t, std::string_view storage, std::string_view device = "cpu") {
  return testing::FreeRecord(t, storage, device);
}

TEST(MemoryReplayTest, SameStringComparesBytesWhenTheAddressesDiffer) {
  const std::string a = "storage-1";
  const std::string b = "storage-1";
  const std::string c = "storage-2";
  EXPECT_TRUE(SameString(a, a));
  EXPECT_TRUE(SameString(a, b));
  EXPECT_FALSE(SameString(a, c));
  EXPECT_FALSE(SameString(a, std::string_view(a).substr(0, 8)));
  // One id on two devices is two storages; equal keys hash alike whatever their addresses.
  EXPECT_EQ((StorageKey{1, a}), (StorageKey{1, b}));
  EXPECT_NE((StorageKey{0, a}), (StorageKey{1, a}));
  EXPECT_EQ(StorageKeyHash{}(StorageKey{1, a}), StorageKeyHash{}(StorageKey{1, b}));
}

TEST(MemoryReplayTest, DevicesAreNumberedInFirstSeenOrderWhereverTheirNamesAre) {
  // More than the eight names found by address, each looked up again through a copy.
  std::vector<std::string> names;
  for (int d = 0; d < 11; ++d) names.push_back("cuda:" + std::to_string(d));
  const std::vector<std::string> copies = names;
  DeviceNumbers numbers;
  for (std::uint32_t d = 0; d < names.size(); ++d) {
    EXPECT_EQ(numbers.Of(names[d]), std::make_pair(d, true)) << names[d];
  }
  for (std::uint32_t d = 0; d < copies.size(); ++d) {
    EXPECT_EQ(numbers.Of(copies[d]), std::make_pair(d, false)) << copies[d];
    EXPECT_EQ(numbers.Of(names[d]), std::make_pair(d, false)) << names[d];
  }
  EXPECT_EQ(numbers.Of("cpu"), std::make_pair(std::uint32_t{11}, true));
}

TEST(MemoryReplayTest, TimestampOrderIsEmptyForSortedInputAndElseAStableSort) {
  const std::vector<MemoryRecord> sorted = {Alloc(1, "a", 1), Free(1, "a"), Alloc(4, "b", 2)};
  EXPECT_THAT(TimestampOrder(sorted), IsEmpty());
  EXPECT_THAT(TimestampOrder({}), IsEmpty());
  // Equal timestamps keep input order, whatever their action.
  const std::vector<MemoryRecord> unsorted = {Alloc(5, "a", 1), Free(5, "b"), Alloc(3, "c", 1),
                                              Alloc(9, "d", 1), Free(3, "e")};
  EXPECT_THAT(TimestampOrder(unsorted), ElementsAre(2u, 4u, 0u, 1u, 3u));
}

// A visitor with every part, writing down each call.
struct RecordingVisitor {
  using Storage = std::uint64_t;  // the allocating event's bytes
  std::vector<std::string> calls;

  static std::string At(const MemoryRecord& event, std::uint32_t device) {
    return std::string(event.storage_id) + "@" + std::to_string(device);
  }
  void NewDevice(std::uint32_t device, std::string_view name) {
    calls.push_back("new " + std::to_string(device) + " " + std::string(name));
  }
  void Allocate(const MemoryRecord& event, std::uint32_t device, Storage& bytes) {
    // The replay hands a value-initialized Storage.
    calls.push_back("alloc " + At(event, device) + " " + std::to_string(event.bytes) +
                    " over " + std::to_string(bytes));
    bytes = event.bytes;
  }
  void AllocateLive(const MemoryRecord& event, std::uint32_t device, Storage& bytes) {
    calls.push_back("alias " + At(event, device) + " holding " + std::to_string(bytes));
  }
  void Free(const MemoryRecord& event, std::uint32_t device, const Storage& bytes) {
    calls.push_back("free " + At(event, device) + " holding " + std::to_string(bytes));
  }
  void FreeNotLive(const MemoryRecord& event, std::uint32_t device) {
    calls.push_back("free not live " + At(event, device));
  }
  void EndTimestamp(std::uint64_t timestamp) {
    calls.push_back("end " + std::to_string(timestamp));
  }
};

// The required parts alone: counting what happens.
struct CountingVisitor {
  using Storage = int;
  int allocs = 0;
  int aliases = 0;
  int frees = 0;
  int ignored = 0;
  void Allocate(const MemoryRecord&, std::uint32_t, Storage&) { ++allocs; }
  void AllocateLive(const MemoryRecord&, std::uint32_t, Storage&) { ++aliases; }
  void Free(const MemoryRecord&, std::uint32_t, const Storage&) { ++frees; }
  void FreeNotLive(const MemoryRecord&, std::uint32_t) { ++ignored; }
};
static_assert(SeesNewDevices<RecordingVisitor> && SeesTimestampEnds<RecordingVisitor>);
static_assert(!SeesNewDevices<CountingVisitor> && !SeesTimestampEnds<CountingVisitor>);

// Out of order, with an alias, an ignored free, one storage id on two devices and a storage
// freed and allocated again within one timestamp.
const std::vector<MemoryRecord>& MixedEvents() {
  static const std::vector<MemoryRecord> events = {
      Alloc(20, "a", 5),  Alloc(10, "a", 7, "cuda:0"), Free(10, "b"),
      Alloc(20, "a", 9),  Free(30, "a", "cuda:0"),     Alloc(30, "a", 1, "cuda:0"),
      Free(40, "a")};
  return events;
}

TEST(MemoryReplayTest, TellsTheVisitorWhatEachEventDoesInTimestampOrder) {
  RecordingVisitor visitor;
  // (cuda:0, a) is live at the end.
  EXPECT_EQ(ReplayMemory(MixedEvents(), visitor), 1u);
  EXPECT_THAT(visitor.calls,
              ElementsAre("new 0 cuda:0", "alloc a@0 7 over 0", "new 1 cpu", "free not live b@1",
                          "end 10", "alloc a@1 5 over 0", "alias a@1 holding 5", "end 20",
                          "free a@0 holding 7", "alloc a@0 1 over 0", "end 30",
                          "free a@1 holding 5", "end 40"));
}

TEST(MemoryReplayTest, AVisitorWithoutTheOptionalPartsSeesTheSameEvents) {
  CountingVisitor visitor;
  EXPECT_EQ(ReplayMemory(MixedEvents(), visitor), 1u);
  EXPECT_EQ(visitor.allocs, 3);
  EXPECT_EQ(visitor.aliases, 1);
  EXPECT_EQ(visitor.frees, 2);
  EXPECT_EQ(visitor.ignored, 1);
  CountingVisitor none;
  EXPECT_EQ(ReplayMemory(RecordList<MemoryRecord>(), none), 0u);
  EXPECT_EQ(none.allocs + none.aliases + none.frees + none.ignored, 0);
}

// What a DeviceLiveReplay consumer hears, one line per timestamp.
std::string Heard(std::uint64_t timestamp, std::span<const DeviceLiveChange> changes,
                  std::uint64_t total, std::uint64_t allocs) {
  std::string line = std::to_string(timestamp) + ":";
  for (const DeviceLiveChange& change : changes) {
    line += " [" + std::to_string(change.device) + " " + std::string(change.name) + " " +
            (change.live_bytes == kMax ? "max" : std::to_string(change.live_bytes)) +
            (change.allocated ? " allocated]" : "]");
  }
  return line + " total " + (total == kMax ? "max" : std::to_string(total)) + " allocs " +
         std::to_string(allocs);
}

struct HeardLines {
  std::vector<std::string> lines;
  void operator()(std::uint64_t timestamp, std::span<const DeviceLiveChange> changes,
                  std::uint64_t total, std::uint64_t allocs) {
    lines.push_back(Heard(timestamp, changes, total, allocs));
  }
};

TEST(DeviceLiveReplayTest, ReportsTheTouchedDevicesAfterEachTimestampWithExactSums) {
  const std::vector<MemoryRecord> events = {
      Alloc(1, "a", 100), Alloc(1, "b", 40, "cuda:0"),
      // An alias adds nothing and an ignored free takes nothing: no device changes.
      Alloc(2, "a", 60), Free(2, "x"),
      // Saturated while kMax is live, exact again once it is freed. The devices come in the
      // order this timestamp touched them.
      Alloc(3, "c", kMax, "cuda:0"), Free(3, "a"),
      Free(4, "c", "cuda:0")};
  HeardLines heard;
  DeviceLiveReplay<HeardLines&> replay(heard);
  EXPECT_EQ(ReplayMemory(events, replay), 1u);
  EXPECT_THAT(heard.lines,
              ElementsAre("1: [0 cpu 100 allocated] [1 cuda:0 40 allocated] total 140 allocs 2",
                          "2: total 140 allocs 2",
                          "3: [1 cuda:0 max allocated] [0 cpu 0 allocated] total max allocs 3",
                          "4: [1 cuda:0 40 allocated] total 40 allocs 3"));
}

TEST(DeviceLiveReplayTest, ADeviceSeenOnlyInAFreeNeverChangesNorCountsAsAllocated) {
  // "gpu" is first seen in an ignored free: it is numbered but never reported.
  const std::vector<MemoryRecord> events = {Free(1, "a", "gpu"), Alloc(2, "a", 8)};
  HeardLines heard;
  DeviceLiveReplay<HeardLines&> replay(heard);
  ReplayMemory(events, replay);
  EXPECT_THAT(heard.lines,
              ElementsAre("1: total 0 allocs 0", "2: [1 cpu 8 allocated] total 8 allocs 1"));
}

TEST(ReplayDeviceLiveTest, ATrace10DocumentGoesThroughDeviceLiveReplay) {
  const TraceDocument document = testing::FoldTrace(testdata::Lines(
      {testdata::kMeta10, testdata::SpanStartLine("s", "s", 0),
       testdata::MemoryLine(5, "a", "cpu", 10, "alloc"),
       testdata::MemoryLine(5, "b", "cuda:0", 30, "alloc"),
       testdata::MemoryLine(7, "a", "cpu", 10, "free"), testdata::SpanEndLine("s", 10),
       testdata::CompleteTerminalLine(10)}));
  HeardLines heard;
  ReplayDeviceLive(document, heard);
  // The total is the sum over the devices.
  EXPECT_THAT(heard.lines,
              ElementsAre("5: [0 cpu 10 allocated] [1 cuda:0 30 allocated] total 40 allocs 2",
                          "7: [0 cpu 0 allocated] total 30 allocs 2"));
}

TEST(ReplayDeviceLiveTest, ATrace6DocumentGoesThroughItsOwnReplayWithTheLargestCounter) {
  using testdata::Trace6MemoryLine;
  const TraceDocument document = testing::FoldTrace(testdata::Lines(
      {testdata::kMeta6, testdata::SpanStartLine("s", "s", 0),
       // In input order the free of an unknown tensor comes first; §9.3 replays the allocs of a
       // timestamp first, so it takes its 5 bytes from 30 and not from 0.
       Trace6MemoryLine(5, "w", "cuda:0", 5, "free"),
       Trace6MemoryLine(5, "x", "cuda:0", 30, "alloc"),
       Trace6MemoryLine(5, "y", "cpu", 10, "alloc"),
       // Keyed by tensor id alone: freeing "y" on cuda:0 takes its alloc's 10 bytes from cuda:0.
       Trace6MemoryLine(8, "y", "cuda:0", 99, "free"),
       // An unknown tensor's free takes its own bytes, saturating at 0.
       Trace6MemoryLine(9, "z", "cpu", 50, "free"), testdata::SpanEndLine("s", 10)}));
  HeardLines heard;
  ReplayDeviceLive(document, heard);
  // The total is the largest counter after an event of the timestamp (trace/6 peaks per
  // device), not a sum: 30 at 5, and at 8 cuda:0's 15 while cpu still holds 10.
  EXPECT_THAT(heard.lines,
              ElementsAre("5: [0 cuda:0 25 allocated] [1 cpu 10 allocated] total 30 allocs 2",
                          "8: [0 cuda:0 15 allocated] total 15 allocs 2",
                          "9: [1 cpu 0 allocated] total 0 allocs 2"));
}

}  // namespace
}  // namespace tracedoc::analysis
