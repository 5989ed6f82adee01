// The writers the placement hands its timeline to, checked on the text they write: ChromeTimeline's
// B/E/i events with their args, the memory and GPU utilisation counters, and SpeedscopeTimeline's
// frames and evented profiles.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "emit/json_sink.hpp"
#include "support/fold_trace.hpp"
#include "support/test_traces.hpp"
#include "support/traceml_two_rank_export.hpp"
#include "timeline/chrome_timeline.hpp"
#include "timeline/device_counters.hpp"
#include "timeline/device_processes.hpp"
#include "timeline/recorded_timeline.hpp"
#include "timeline/speedscope_timeline.hpp"
#include "timeline/trace_event_writer.hpp"

namespace tracedoc::timeline {
namespace {

using ::testing::ElementsAre;
using testing::RecordedTimeline;

// The events `write` puts into a fresh TraceEventWriter, one string each, without the array's
// separators.
template <class Write>
std::vector<std::string> WrittenEvents(const Write& write) {
  std::string out;
  {
    emit::JsonSink sink(out, /*pretty=*/false);
    TraceEventWriter events(sink);
    write(events);
  }
  std::vector<std::string> lines = testdata::SplitLines(out);
  EXPECT_EQ(lines.front(), R"({"traceEvents":[)");
  lines.erase(lines.begin());
  for (std::string& line : lines) {
    if (line.ends_with(',')) line.pop_back();
  }
  return lines;
}

// A span `k` named kernel, with an op and a device interval it launched.
std::string KernelTrace() {
  return testdata::Lines({testdata::kMeta10, testdata::SpanStartLine("k", "kernel", 0),
                          testdata::OpLine("k", "mul", 1, 2),
                          testdata::DeviceIntervalLine("k", "gpu", "7", 1, 2),
                          testdata::SpanEndLine("k", 10), testdata::CompleteTerminalLine(10)});
}

constexpr SliceRef kSpan0{SliceKind::kSpan, 0};
constexpr SliceRef kOp0{SliceKind::kOp, 0};
constexpr SliceRef kInterval0{SliceKind::kDeviceInterval, 0};

// ---- ChromeTimeline ----

// B and E carry the same name, category and args (speedscope pairs them by name and args); a
// zero-length slice is a thread instant.
TEST(ChromeTimelineTest, WritesEachSliceKindWithItsNameCategoryAndArgs) {
  const TraceDocument document = testing::FoldTrace(KernelTrace());
  const std::vector<std::string> events = WrittenEvents([&](TraceEventWriter& writer) {
    ChromeTimeline timeline(document, writer);
    timeline.SliceBegin(kSpan0, {1, 2}, 0);
    timeline.Instant(kOp0, {1, 2}, 1);
    timeline.SliceBegin(kInterval0, {3, 4}, 1);
    timeline.SliceEnd(kInterval0, {3, 4}, 1234567);
    timeline.SliceEnd(kSpan0, {1, 2}, 10);
  });
  const std::string span_args =
      R"("args":{"id":"k","parent":null,"kind":"function","step":null,"measured":false}})";
  const std::string interval_args =
      R"("args":{"span_id":"k","stream_id":"7","clock_id":"gpu","backend":"cuda"}})";
  EXPECT_THAT(
      events,
      ElementsAre(
          R"({"ph":"B","name":"kernel","cat":"span","pid":1,"tid":2,"ts":0.000,)" + span_args,
          R"({"ph":"i","name":"mul","cat":"op","s":"t","pid":1,"tid":2,"ts":0.001,"args":{"inputs":[],"output":null,"shape":[2],"dtype":"f32","device":"cpu","bytes":8}})",
          R"({"ph":"B","name":"kernel","cat":"device","pid":3,"tid":4,"ts":0.001,)" +
              interval_args,
          R"({"ph":"E","name":"kernel","cat":"device","pid":3,"tid":4,"ts":1234.567,)" +
              interval_args,
          R"({"ph":"E","name":"kernel","cat":"span","pid":1,"tid":2,"ts":0.010,)" + span_args));
}

TEST(ChromeTimelineTest, TracksAndNamesGoThroughTheWriter) {
  const TraceDocument document = testing::FoldTrace(KernelTrace());
  const std::vector<std::string> events = WrittenEvents([&](TraceEventWriter& writer) {
    ChromeTimeline timeline(document, writer);
    EXPECT_EQ(timeline.NewTid(), 1u);
    EXPECT_EQ(timeline.NewTid(), 2u);
    timeline.ProcessName({1, 1}, "run run-1");
    timeline.ThreadName({1, 2}, "spans");
  });
  EXPECT_THAT(
      events,
      ElementsAre(
          R"({"ph":"M","name":"process_name","pid":1,"tid":1,"args":{"name":"run run-1"}})",
          R"({"ph":"M","name":"thread_name","pid":1,"tid":2,"args":{"name":"spans"}})"));
}

// ---- WriteMemoryCounters ----

// Counters in time order (devices by pid within a time), then the peaks (all devices' on the run,
// then each device's), then the physical samples that have a value.
TEST(MemoryCountersTest, WritesLiveBytesWhereTheyChangeThenPeaksThenSamples) {
  const TraceDocument document = testing::FoldTrace(testdata::Lines(
      {testdata::kMeta10, testdata::SpanStartLine("s", "s", 0),
       testdata::MemoryLine(10, "a", "cpu", 100, "alloc"), testdata::MemoryLine(10, "b", "gpu", 50, "alloc"),
       testdata::MemoryLine(20, "a", "cpu", 100, "free"), testdata::MemoryLine(20, "c", "cpu", 30, "alloc"),
       testdata::MemoryLine(30, "zzz", "cpu", 1, "free"), testdata::MemoryLine(40, "b", "gpu", 50, "free"),
       R"({"kind":"device_memory","timestamp_ns":35,"device":"gpu","reserved_bytes":512,"capacity_bytes":4096})",
       R"({"kind":"device_memory","timestamp_ns":36,"device":"gpu"})",
       testdata::SpanEndLine("s", 100), testdata::CompleteTerminalLine(100)}));
  RecordedTimeline names;
  const DeviceProcesses processes(document, false, true, 2, names);  // cpu 2/1, gpu 3/2
  const std::vector<std::string> events = WrittenEvents([&](TraceEventWriter& writer) {
    WriteMemoryCounters(document, processes, {1, 9}, writer);
  });
  EXPECT_THAT(
      events,
      ElementsAre(
          R"({"ph":"C","name":"logical memory","pid":2,"tid":1,"ts":0.010,"args":{"live_bytes":100}})",
          R"({"ph":"C","name":"logical memory","pid":3,"tid":2,"ts":0.010,"args":{"live_bytes":50}})",
          R"({"ph":"C","name":"logical memory","pid":2,"tid":1,"ts":0.020,"args":{"live_bytes":30}})",
          R"({"ph":"C","name":"logical memory","pid":3,"tid":2,"ts":0.040,"args":{"live_bytes":0}})",
          R"({"ph":"i","name":"logical memory peak","s":"p","pid":1,"tid":9,"ts":0.010,"args":{"live_bytes":150}})",
          R"({"ph":"i","name":"logical memory peak","s":"p","pid":2,"tid":1,"ts":0.010,"args":{"live_bytes":100}})",
          R"({"ph":"i","name":"logical memory peak","s":"p","pid":3,"tid":2,"ts":0.010,"args":{"live_bytes":50}})",
          R"({"ph":"C","name":"physical memory","pid":3,"tid":2,"ts":0.035,"args":{"reserved_bytes":512,"capacity_bytes":4096}})"));
}

TEST(MemoryCountersTest, ATraceWithoutMemoryWritesNothing) {
  const TraceDocument document = testing::FoldTrace(KernelTrace());
  RecordedTimeline names;
  const DeviceProcesses processes(document, true, true, 2, names);
  EXPECT_THAT(WrittenEvents([&](TraceEventWriter& writer) {
                WriteMemoryCounters(document, processes, {1, 9}, writer);
              }),
              ::testing::IsEmpty());
}

// ---- WriteGpuUtilisationCounters ----

TEST(GpuUtilisationCountersTest, AConvertedSystemGpuSampleIsACounterOnItsDevice) {
  Result<TraceDocument> document = testing::ConvertTraceML(testing::TwoRankExport());
  ASSERT_TRUE(document);
  RecordedTimeline names;
  // rank0/cuda:0 4/1, rank0/gpu0 5/2, rank1/cuda:1 6/3.
  const DeviceProcesses processes(document.value(), true, true, 4, names);
  EXPECT_THAT(
      WrittenEvents([&](TraceEventWriter& writer) {
        WriteGpuUtilisationCounters(document.value(), processes, writer);
      }),
      ElementsAre(
          R"({"ph":"C","name":"gpu utilisation","pid":5,"tid":2,"ts":9500.000,"args":{"util_percent":87.5}})"));
}

// The utilisation key counts only in a converted TraceML export.
TEST(GpuUtilisationCountersTest, ANativeTraceHasNone) {
  const TraceDocument document = testing::FoldTrace(testdata::Lines(
      {testdata::kMeta10,
       R"({"kind":"device_memory","timestamp_ns":1,"device":"gpu0","used_bytes":5,"traceml_gpu_util_percent":50.0})",
       testdata::CompleteTerminalLine(1)}));
  RecordedTimeline names;
  const DeviceProcesses processes(document, true, true, 2, names);
  EXPECT_THAT(WrittenEvents([&](TraceEventWriter& writer) {
                WriteGpuUtilisationCounters(document, processes, writer);
              }),
              ::testing::IsEmpty());
}

// ---- SpeedscopeTimeline ----

std::string SpeedscopeText(const SpeedscopeTimeline& timeline) {
  std::string out;
  {
    emit::JsonSink sink(out, /*pretty=*/false);
    timeline.Write("file name", "tracedoc", sink);
  }
  return out;
}

constexpr std::string_view kSpeedscopeHead =
    "{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\",\n"
    "\"exporter\":\"tracedoc\",\"name\":\"file name\",\"activeProfileIndex\":0,\n";

// One frame per (kind, name), shared by every track; a profile per track that has slices,
// named `process: track`, its events at integer nanoseconds; instants are left out.
TEST(SpeedscopeTimelineTest, GathersEachTracksEventsIntoAProfileOverSharedFrames) {
  const TraceDocument document = testing::FoldTrace(KernelTrace());
  SpeedscopeTimeline timeline(document);
  EXPECT_EQ(timeline.NewTid(), 0u);
  EXPECT_EQ(timeline.NewTid(), 1u);
  EXPECT_EQ(timeline.NewTid(), 2u);
  timeline.ProcessName({1, 0}, "run run-1");
  timeline.ThreadName({1, 1}, "spans");
  timeline.ThreadName({2, 2}, "stream 7");  // a process never named: `pid 2`
  timeline.SliceBegin(kSpan0, {1, 1}, 100);
  timeline.Instant(kOp0, {1, 1}, 150);
  timeline.SliceBegin(kOp0, {1, 1}, 200);
  timeline.SliceEnd(kOp0, {1, 1}, 300);
  timeline.SliceBegin(kInterval0, {2, 2}, 250);
  timeline.SliceEnd(kInterval0, {2, 2}, 260);
  timeline.SliceBegin(kSpan0, {2, 2}, 270);  // the span's frame again
  timeline.SliceEnd(kSpan0, {2, 2}, 280);
  timeline.SliceEnd(kSpan0, {1, 1}, 1000);
  const std::string profile_fields =
      R"("unit":"nanoseconds","startValue":100,"endValue":1000,"events":[)";
  EXPECT_EQ(SpeedscopeText(timeline),
            std::string(kSpeedscopeHead) +
                "\"shared\":{\"frames\":[\n"
                R"({"name":"kernel","file":"span"},)" "\n"
                R"({"name":"mul","file":"op"},)" "\n"
                R"({"name":"kernel","file":"device"})" "\n"
                "]},\n\"profiles\":[\n"
                R"({"type":"evented","name":"run run-1: spans",)" + profile_fields + "\n" +
                R"({"type":"O","frame":0,"at":100},)" "\n"
                R"({"type":"O","frame":1,"at":200},)" "\n"
                R"({"type":"C","frame":1,"at":300},)" "\n"
                R"({"type":"C","frame":0,"at":1000})" "\n]},\n"
                R"({"type":"evented","name":"pid 2: stream 7",)" + profile_fields + "\n" +
                R"({"type":"O","frame":2,"at":250},)" "\n"
                R"({"type":"C","frame":2,"at":260},)" "\n"
                R"({"type":"O","frame":0,"at":270},)" "\n"
                R"({"type":"C","frame":0,"at":280})" "\n]}\n]}");
}

// speedscope shows a file of no profile as an error: without slices there is one, empty.
TEST(SpeedscopeTimelineTest, WithoutSlicesTheFileHasOneEmptyProfile) {
  const TraceDocument document = testing::FoldTrace(KernelTrace());
  SpeedscopeTimeline timeline(document);
  timeline.ThreadName({1, timeline.NewTid()}, "spans");
  timeline.Instant(kSpan0, {1, 0}, 5);
  EXPECT_EQ(SpeedscopeText(timeline),
            std::string(kSpeedscopeHead) +
                "\"shared\":{\"frames\":[]},\n\"profiles\":[\n"
                R"({"type":"evented","name":"spans","unit":"nanoseconds","startValue":0,"endValue":0,"events":[]})"
                "\n]}");
}

// Long process and track names are shortened before a profile repeats them.
TEST(SpeedscopeTimelineTest, ProfileNamesShortenLongProcessAndTrackNames) {
  const TraceDocument document = testing::FoldTrace(KernelTrace());
  SpeedscopeTimeline timeline(document);
  const std::uint32_t tid = timeline.NewTid();
  timeline.ProcessName({1, tid}, std::string(300, 'p'));
  timeline.ThreadName({1, tid}, std::string(300, 't'));
  timeline.SliceBegin(kSpan0, {1, tid}, 1);
  timeline.SliceEnd(kSpan0, {1, tid}, 2);
  const std::string ellipsis = "\xE2\x80\xA6";
  EXPECT_THAT(SpeedscopeText(timeline),
              ::testing::HasSubstr("\"name\":\"" +
                                   std::string(kMaxProfileNamePartBytes, 'p') + ellipsis + ": " +
                                   std::string(kMaxProfileNamePartBytes, 't') + ellipsis +
                                   "\""));
}

}  // namespace
}  // namespace tracedoc::timeline
