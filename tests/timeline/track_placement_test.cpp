// The track placement both timeline exports share, checked call by call through a recording
// TimelineOutput: NestedTracks' nesting and speedscope rules, the span walk (WriteSpanTracks),
// the device processes and their stream tracks, SliceNames, and PlaceTimeline's order.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/fold_trace.hpp"
#include "support/test_traces.hpp"
#include "timeline/device_interval_tracks.hpp"
#include "timeline/device_processes.hpp"
#include "timeline/nested_tracks.hpp"
#include "timeline/place_timeline.hpp"
#include "timeline/recorded_timeline.hpp"
#include "timeline/slice_names.hpp"
#include "timeline/span_tracks.hpp"
#include "timeline/timeline_output.hpp"

namespace tracedoc::timeline {
namespace {

using ::testing::ElementsAre;
using testing::RecordedTimeline;

OpenSlice Span(std::uint32_t index, std::uint64_t end_ns, std::uint64_t name_hash) {
  return {end_ns, name_hash, {SliceKind::kSpan, index}};
}

// ---- NestedTracks ----

// A child shares its parent's track; the ends are held until a later placement (or Finish)
// shows they have passed, innermost first, before the begin that follows them.
TEST(NestedTracksTest, EndsAreHeldUntilTheNextSliceAndComeInnermostFirst) {
  RecordedTimeline output;
  NestedTracks tracks(1, "spans", output);
  const TrackSpot parent = tracks.PlaceFree(0, Span(0, 10, 100));
  EXPECT_EQ(parent.track, 0u);
  EXPECT_EQ(parent.depth, 1u);
  const TrackSpot child = tracks.PlaceInside(parent, 2, Span(1, 5, 101));
  EXPECT_EQ(child.track, 0u);
  EXPECT_EQ(child.depth, 2u);
  tracks.PlaceFree(20, Span(2, 30, 102));
  tracks.Finish();
  EXPECT_THAT(output.calls, ElementsAre("T 1/1 spans", "B 1/1 @0 span#0", "B 1/1 @2 span#1",
                                        "E 1/1 @5 span#1", "E 1/1 @10 span#0",
                                        "B 1/1 @20 span#2", "E 1/1 @30 span#2"));
  EXPECT_EQ(tracks.track(0).pid, 1u);
  EXPECT_EQ(tracks.track(0).tid, 1u);
}

TEST(NestedTracksTest, OverlappingSlicesOpenNumberedTracks) {
  RecordedTimeline output;
  NestedTracks tracks(4, "stream 7", output);
  EXPECT_EQ(tracks.PlaceFree(0, Span(0, 10, 1)).track, 0u);
  EXPECT_EQ(tracks.PlaceFree(5, Span(1, 15, 2)).track, 1u);
  EXPECT_EQ(tracks.PlaceFree(6, Span(2, 16, 3)).track, 2u);
  // Free again: the first track is taken before the later ones.
  EXPECT_EQ(tracks.PlaceFree(16, Span(3, 17, 4)).track, 0u);
  tracks.Finish();
  EXPECT_THAT(output.calls,
              ElementsAre("T 4/1 stream 7", "B 4/1 @0 span#0", "T 4/2 stream 7 (2)",
                          "B 4/2 @5 span#1", "T 4/3 stream 7 (3)", "B 4/3 @6 span#2",
                          "E 4/1 @10 span#0", "B 4/1 @16 span#3", "E 4/1 @17 span#3",
                          "E 4/2 @15 span#1", "E 4/3 @16 span#2"));
}

// speedscope pairs an end with a begin of the same name at the same instant: such a slice may
// not follow on the track where its name just ended, while another name may.
TEST(NestedTracksTest, ASliceNeverBeginsWhereItsNameEndsAtThatInstant) {
  RecordedTimeline output;
  NestedTracks tracks(1, "spans", output);
  tracks.PlaceFree(0, Span(0, 10, 7));
  EXPECT_EQ(tracks.PlaceFree(10, Span(1, 20, 7)).track, 1u);
  EXPECT_EQ(tracks.PlaceFree(20, Span(2, 30, 8)).track, 0u);
  tracks.Finish();
  EXPECT_THAT(output.calls,
              ElementsAre("T 1/1 spans", "B 1/1 @0 span#0", "E 1/1 @10 span#0",
                          "T 1/2 spans (2)", "B 1/2 @10 span#1", "B 1/1 @20 span#2",
                          "E 1/1 @30 span#2", "E 1/2 @20 span#1"));
}

// Nor does it nest under an open slice of its name that ends when it does.
TEST(NestedTracksTest, ASliceNeverNestsUnderItsNameEndingAtTheSameTime) {
  RecordedTimeline output;
  NestedTracks tracks(1, "spans", output);
  const TrackSpot parent = tracks.PlaceFree(0, Span(0, 10, 7));
  EXPECT_EQ(tracks.PlaceInside(parent, 5, Span(1, 10, 7)).track, 1u);
  EXPECT_EQ(tracks.PlaceInside(parent, 5, Span(2, 10, 8)).track, 0u);
}

// The walk is depth first: once a later slice has taken the parent's track whole, the parent's
// remaining children may not go there.
TEST(NestedTracksTest, AChildOfAParentWhoseTrackWasRetakenGoesOnAFreeTrack) {
  RecordedTimeline output;
  NestedTracks tracks(1, "spans", output);
  const TrackSpot parent = tracks.PlaceFree(0, Span(0, 10, 1));
  EXPECT_EQ(tracks.PlaceFree(10, Span(1, 30, 2)).track, 0u);
  const TrackSpot late = tracks.PlaceInside(parent, 2, Span(2, 5, 3));
  EXPECT_EQ(late.track, 1u);
  EXPECT_EQ(late.depth, 1u);
}

TEST(NestedTracksTest, AnInstantTakesTheFirstFreeTrackOrANewOne) {
  RecordedTimeline output;
  NestedTracks tracks(1, "spans", output);
  tracks.PlaceFree(0, Span(0, 10, 1));
  EXPECT_EQ(tracks.TrackForInstant(5), 1u);
  EXPECT_EQ(tracks.TrackForInstant(10), 0u);
  EXPECT_THAT(output.calls, ElementsAre("T 1/1 spans", "B 1/1 @0 span#0", "T 1/2 spans (2)"));
}

// ---- WriteSpanTracks ----

// a [0,100] holds b [10,40] (with op mul [20,25] and a zero-length op) and c [30,60], which
// overlaps b and so cannot nest on a's track.
// `extra` lines go before the terminal.
std::string NestedSpans(std::vector<std::string> extra = {}) {
  std::vector<std::string> lines = {
      std::string(testdata::kMeta10),        testdata::SpanStartLine("a", "a", 0),
      testdata::SpanStartLine("b", "b", 10, "a"), testdata::OpLine("b", "mul", 20, 5),
      testdata::OpLine("b", "zero", 25, 0),  testdata::SpanStartLine("c", "c", 30, "a"),
      testdata::SpanEndLine("b", 30),        testdata::SpanEndLine("c", 30),
      testdata::SpanEndLine("a", 100)};
  lines.insert(lines.end(), extra.begin(), extra.end());
  lines.push_back(testdata::CompleteTerminalLine(100));
  return testdata::JoinLines(lines);
}

TEST(SpanTracksTest, ChildrenNestOnTheirParentsTrackAndAnOverlapGoesOnANewOne) {
  const TraceDocument document = testing::FoldTrace(NestedSpans());
  RecordedTimeline output(&document);
  WriteSpanTracks(document, /*with_ops=*/true, 1, {}, output);
  EXPECT_THAT(output.calls,
              ElementsAre("T 1/1 spans", "B 1/1 @0 span:a", "B 1/1 @10 span:b",
                          "B 1/1 @20 op:mul", "I 1/1 @25 op:zero", "T 1/2 spans (2)",
                          "B 1/2 @30 span:c", "E 1/1 @25 op:mul", "E 1/1 @40 span:b",
                          "E 1/1 @100 span:a", "E 1/2 @60 span:c"));
}

TEST(SpanTracksTest, WithoutOpsOnlyTheSpansArePlaced) {
  const TraceDocument document = testing::FoldTrace(NestedSpans());
  RecordedTimeline output(&document);
  WriteSpanTracks(document, /*with_ops=*/false, 1, {}, output);
  EXPECT_THAT(output.calls,
              ElementsAre("T 1/1 spans", "B 1/1 @0 span:a", "B 1/1 @10 span:b",
                          "T 1/2 spans (2)", "B 1/2 @30 span:c", "E 1/1 @40 span:b",
                          "E 1/1 @100 span:a", "E 1/2 @60 span:c"));
}

// A rank's subtree goes first, on a process of its own named after the rank; the run's process
// gets the rest.
TEST(SpanTracksTest, ARankSubtreeIsWrittenFirstOnItsOwnProcess) {
  const TraceDocument document = testing::FoldTrace(NestedSpans());
  RecordedTimeline output(&document);
  const std::vector<RankSpan> ranks = {{7, *document.span_index().Find("b")}};
  WriteSpanTracks(document, /*with_ops=*/false, 1, ranks, output);
  EXPECT_THAT(output.calls,
              ElementsAre("P 2 rank 7", "T 2/2 spans", "B 2/2 @10 span:b", "E 2/2 @40 span:b",
                          "T 1/3 spans", "B 1/3 @0 span:a", "B 1/3 @30 span:c",
                          "E 1/3 @60 span:c", "E 1/3 @100 span:a"));
}

// A span a failed run left open ends at the terminal.
TEST(SpanTracksTest, AnOpenSpanEndsAtTheTerminal) {
  const TraceDocument document = testing::FoldTrace(testdata::Lines(
      {testdata::kMeta10, testdata::SpanStartLine("a", "a", 5),
       R"({"kind":"terminal","outcome":"failed","reason":"oom","timestamp_ns":50})"}));
  RecordedTimeline output(&document);
  WriteSpanTracks(document, /*with_ops=*/true, 1, {}, output);
  EXPECT_THAT(output.calls, ElementsAre("T 1/1 spans", "B 1/1 @5 span:a", "E 1/1 @50 span:a"));
}

// ---- DeviceProcesses and WriteDeviceIntervalTracks ----

// Intervals on gpu1 and cuda:0 (two overlapping on stream 7, one of zero length), memory on cpu.
std::string DeviceTrace() {
  return testdata::Lines(
      {testdata::kMeta10, testdata::SpanStartLine("k", "kernel", 0),
       testdata::DeviceIntervalLine("k", "gpu1", "7", 10, 20),
       testdata::DeviceIntervalLine("k", "cuda:0", "7", 15, 10),
       testdata::DeviceIntervalLine("k", "cuda:0", "7", 5, 20),
       testdata::DeviceIntervalLine("k", "cuda:0", "3", 40, 0),
       R"({"kind":"device_memory","timestamp_ns":35,"device":"cpu","used_bytes":1})",
       testdata::SpanEndLine("k", 100), testdata::CompleteTerminalLine(100)});
}

TEST(DeviceProcessesTest, OneProcessPerDeviceInByteOrder) {
  const TraceDocument document = testing::FoldTrace(DeviceTrace());
  RecordedTimeline output;
  const DeviceProcesses intervals_only(document, true, false, 5, output);
  EXPECT_THAT(output.calls, ElementsAre("P 5 device cuda:0", "P 6 device gpu1"));
  EXPECT_EQ(intervals_only.Of("cuda:0").pid, 5u);
  EXPECT_EQ(intervals_only.Of("cuda:0").tid, 1u);
  EXPECT_EQ(intervals_only.Of("gpu1").pid, 6u);
  EXPECT_EQ(intervals_only.Of("gpu1").tid, 2u);
  // A device not among them has no track.
  EXPECT_EQ(intervals_only.Of("cpu").pid, 0u);

  output.calls.clear();
  const DeviceProcesses with_memory(document, true, true, 2, output);
  EXPECT_THAT(output.calls, ElementsAre("P 2 device cpu", "P 3 device cuda:0", "P 4 device gpu1"));
  output.calls.clear();
  const DeviceProcesses memory_only(document, false, true, 2, output);
  EXPECT_THAT(output.calls, ElementsAre("P 2 device cpu"));
}

TEST(DeviceIntervalTracksTest, OneTrackPerStreamAndMoreWhereIntervalsOverlap) {
  const TraceDocument document = testing::FoldTrace(DeviceTrace());
  RecordedTimeline output(&document);
  const DeviceProcesses processes(document, true, false, 2, output);
  output.calls.clear();
  WriteDeviceIntervalTracks(document, processes, output);
  // cuda:0 (pid 2) first, its streams in id order; within stream 7 by start; gpu1 (pid 3) last.
  EXPECT_THAT(output.calls,
              ElementsAre("T 2/3 stream 3", "I 2/3 @40 device:k", "T 2/4 stream 7",
                          "B 2/4 @5 device:k", "T 2/5 stream 7 (2)", "B 2/5 @15 device:k",
                          "E 2/4 @25 device:k", "E 2/5 @25 device:k", "T 3/6 stream 7",
                          "B 3/6 @10 device:k", "E 3/6 @30 device:k"));
}

// ---- SliceNames ----

TEST(SliceNamesTest, NamesComeFromTheSpanTheOpAndTheLaunchingSpan) {
  const std::string long_name(200, 'x');
  const TraceDocument document = testing::FoldTrace(testdata::Lines(
      {testdata::kMeta10, testdata::SpanStartLine("k", long_name, 0),
       testdata::OpLine("k", "matmul", 1, 2),
       testdata::DeviceIntervalLine("k", "gpu", "1", 1, 2),
       testdata::DeviceIntervalLine("unknown-span", "gpu", "1", 3, 2),
       testdata::SpanEndLine("k", 10), testdata::CompleteTerminalLine(10)}));
  const SliceNames names(document);
  std::string buffer;
  EXPECT_EQ(names.Name({SliceKind::kSpan, 0}, buffer), long_name);
  EXPECT_EQ(names.Name({SliceKind::kOp, 0}, buffer), "matmul");
  // An interval repeats its span's name shortened to 128 bytes, and `…`.
  EXPECT_EQ(names.Name({SliceKind::kDeviceInterval, 0}, buffer),
            std::string(kMaxIntervalNameBytes, 'x') + "\xE2\x80\xA6");
  // Of an unknown span, the interval's span id stands in.
  EXPECT_EQ(names.Name({SliceKind::kDeviceInterval, 1}, buffer), "unknown-span");
  EXPECT_EQ(SliceNames::Category(SliceKind::kSpan), "span");
  EXPECT_EQ(SliceNames::Category(SliceKind::kOp), "op");
  EXPECT_EQ(SliceNames::Category(SliceKind::kDeviceInterval), "device");
}

// ---- PlaceTimeline ----

TEST(PlaceTimelineTest, TheRunProcessComesFirstThenItsSpansThenTheDevices) {
  const TraceDocument document = testing::FoldTrace(DeviceTrace());
  RecordedTimeline output(&document);
  const PlacedTimeline placed = PlaceTimeline(document, {}, output);
  EXPECT_EQ(placed.run.pid, 1u);
  EXPECT_EQ(placed.run.tid, 1u);
  EXPECT_EQ(placed.devices.Of("cpu").pid, 2u);
  EXPECT_EQ(placed.devices.Of("gpu1").pid, 4u);
  ASSERT_GE(output.calls.size(), 7u);
  EXPECT_THAT(std::vector<std::string>(output.calls.begin(), output.calls.begin() + 7),
              ElementsAre("P 1 run run-1", "T 1/2 spans", "B 1/2 @0 span:k",
                          "E 1/2 @100 span:k", "P 2 device cpu", "P 3 device cuda:0",
                          "P 4 device gpu1"));
  EXPECT_EQ(output.calls.back(), "E 4/9 @30 device:k");
}

TEST(PlaceTimelineTest, ContentLeavesOutOpsIntervalsAndMemoryOnlyDevices) {
  const TraceDocument document = testing::FoldTrace(NestedSpans(
      {testdata::DeviceIntervalLine("a", "gpu", "1", 0, 1),
       R"({"kind":"device_memory","timestamp_ns":1,"device":"cpu","used_bytes":1})"}));
  RecordedTimeline output(&document);
  PlaceTimeline(document, {.ops = false, .device_intervals = false, .memory_devices = false},
                output);
  // No op, no device process (not even cpu's, named by memory only), no stream track.
  EXPECT_THAT(output.calls,
              ElementsAre("P 1 run run-1", "T 1/2 spans", "B 1/2 @0 span:a", "B 1/2 @10 span:b",
                          "T 1/3 spans (2)", "B 1/3 @30 span:c", "E 1/2 @40 span:b",
                          "E 1/2 @100 span:a", "E 1/3 @60 span:c"));
}

}  // namespace
}  // namespace tracedoc::timeline
