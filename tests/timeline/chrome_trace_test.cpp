// The Chrome Trace Event export (docs/chrome-trace.md): times, track placement, ops, device
// streams, memory counters and peaks, the terminal, metadata, and the three output routes.
#include "tracedoc/chrome_trace.hpp"

#include <cstdint>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/chrome_trace_events.hpp"
#include "support/test_traces.hpp"
#include "support/traceml_two_rank_export.hpp"
#include "timeline/track_pool.hpp"
#include "timeline/trace_event_writer.hpp"
#include "tracedoc/memory.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/converted_facts.hpp"

namespace tracedoc {
namespace {

using testing::ExportedEvent;
using testing::ExportedTrace;
using testing::ReadExportedTrace;

TraceDocument Fold(std::string_view text) {
  Result<TraceDocument> document = ReadTrace(TraceInput::FromString(text));
  EXPECT_TRUE(document.has_value()) << (document ? "" : document.error().message);
  return std::move(document).value();
}

ExportedTrace Export(const TraceDocument& document, const ChromeTraceOptions& options = {}) {
  ExportedTrace trace = ReadExportedTrace(ExportChromeTrace(document, options));
  EXPECT_THAT(trace.problems, ::testing::IsEmpty());
  return trace;
}

std::string Span(std::string_view id, std::string_view parent, std::uint64_t start) {
  return testdata::SpanStartLine(id, id, start, parent);
}
std::string Op(std::string_view span, std::string_view name, std::uint64_t at,
               std::uint64_t duration) {
  return testdata::OpLine(span, name, at, duration);
}
const auto& End = testdata::SpanEndLine;
std::string Terminal(std::uint64_t at) {
  return R"({"kind":"terminal","outcome":"complete","timestamp_ns":)" + std::to_string(at) + "}";
}

const ExportedEvent& Named(const ExportedTrace& trace, std::string_view name,
                           std::string_view ph = "X") {
  for (const ExportedEvent& event : trace.events) {
    if (event.name == name && event.ph == ph) return event;
  }
  ADD_FAILURE() << "no " << ph << " event named " << name;
  static const ExportedEvent none;
  return none;
}

std::string ThreadName(const ExportedTrace& trace, const ExportedEvent& event) {
  const auto it = trace.thread_names.find({event.pid, event.tid});
  return it == trace.thread_names.end() ? "" : it->second;
}

TEST(MicrosecondsTest, HasExactlyThreeDecimalsAndKeepsEveryNanosecond) {
  const auto text = [](std::uint64_t ns) {
    char buffer[timeline::kMicrosecondsBytes];
    return std::string(buffer, timeline::PutMicroseconds(buffer, ns));
  };
  EXPECT_EQ(text(0), "0.000");
  EXPECT_EQ(text(7), "0.007");
  EXPECT_EQ(text(1200), "1.200");
  EXPECT_EQ(text(1234567), "1234.567");
  EXPECT_EQ(text(std::numeric_limits<std::uint64_t>::max()), "18446744073709551.615");
}

TEST(TrackPoolTest, ReusesTheFirstTrackFreeAtTheStart) {
  timeline::TrackPool pool;
  EXPECT_EQ(pool.FirstFree(0), std::nullopt);
  EXPECT_EQ(pool.Add(10), 0u);
  EXPECT_EQ(pool.Add(5), 1u);
  EXPECT_EQ(pool.Add(20), 2u);
  EXPECT_EQ(pool.FirstFree(4), std::nullopt);
  EXPECT_EQ(pool.FirstFree(5), 1u);
  EXPECT_EQ(pool.FirstFree(10), 0u);  // the first in creation order, not the earliest free
  pool.Occupy(0, 30);
  EXPECT_EQ(pool.FirstFree(25), 1u);
  EXPECT_EQ(pool.FirstFree(30), 0u);
}

TEST(TrackPoolTest, GrowsPastEveryPowerOfTwo) {
  timeline::TrackPool pool;
  for (std::uint64_t i = 0; i < 1000; ++i) EXPECT_EQ(pool.Add(1000 - i), i);
  EXPECT_EQ(pool.size(), 1000u);
  EXPECT_EQ(pool.FirstFree(1), 999u);
  EXPECT_EQ(pool.FirstFree(500), 500u);
  EXPECT_EQ(pool.FirstFree(0), std::nullopt);
}

TEST(ChromeTraceTest, ExampleStreamHasTheRunDeviceCountersPeakAndTerminal) {
  const TraceDocument document = Fold(testdata::kSample);
  const ExportedTrace trace = Export(document);
  EXPECT_EQ(trace.process_names.at(1), "run run-1");
  EXPECT_EQ(trace.process_names.at(2), "device cpu");
  const ExportedEvent& root = Named(trace, "demo::train::loss");
  EXPECT_EQ(root.cat, "span");
  EXPECT_EQ(*root.ts_ns, 0u);
  EXPECT_EQ(*root.dur_ns, 2500u);
  EXPECT_EQ(root.args.at("id"), "span-root");
  EXPECT_TRUE(root.args.at("parent").is_null());
  EXPECT_EQ(root.args.at("kind"), "function");
  EXPECT_EQ(root.args.at("measured"), true);
  EXPECT_FALSE(root.args.contains("open"));
  EXPECT_EQ(ThreadName(trace, root), "spans");

  const std::vector<const ExportedEvent*> ops = trace.Select("X", "op");
  ASSERT_EQ(ops.size(), 1u);
  EXPECT_EQ(ops[0]->name, "matmul");
  // Its span has its name and ends when it does: nested on the span's track, the two ends would
  // meet at one instant under one name, which speedscope pairs the wrong way round
  // (docs/chrome-trace.md §2); so the op goes on the next track.
  EXPECT_EQ(ThreadName(trace, *ops[0]), "spans (2)");
  EXPECT_EQ(Named(trace, "matmul").tid, root.tid);  // the span itself, nested in the root
  EXPECT_EQ(ops[0]->args.at("output"), "t2");
  EXPECT_EQ(ops[0]->args.at("bytes"), 4096);  // 32 × 32 f32, resolved by the fold
  EXPECT_EQ(ops[0]->args.at("dtype"), "f32");

  const std::vector<const ExportedEvent*> counters = trace.Select("C");
  ASSERT_EQ(counters.size(), 1u);
  EXPECT_EQ(counters[0]->name, "logical memory");
  EXPECT_EQ(counters[0]->pid, 2);
  EXPECT_EQ(*counters[0]->ts_ns, 1200u);
  EXPECT_EQ(counters[0]->args.at("live_bytes"), 4096);

  const ExportedEvent& terminal = Named(trace, "terminal", "i");
  EXPECT_EQ(terminal.scope, "g");
  EXPECT_EQ(*terminal.ts_ns, 2500u);
  EXPECT_EQ(terminal.args.at("outcome"), "complete");
  EXPECT_TRUE(terminal.args.at("reason").is_null());

  EXPECT_EQ(trace.metadata.at("run_id"), "run-1");
  EXPECT_EQ(trace.metadata.at("schema"), "candle-graph/trace/10");
  EXPECT_EQ(trace.metadata.at("capture_step"), 1);
  EXPECT_EQ(trace.metadata.at("timing_mode"), "host");
  EXPECT_TRUE(trace.metadata.at("tags").as_object().empty());
}

TEST(ChromeTraceTest, OverlappingSiblingAndEscapingChildGoToOtherTracks) {
  const TraceDocument document = Fold(testdata::Lines(
      {testdata::kMeta10, Span("root", "", 0), Span("a", "root", 10), Span("b", "root", 50),
       Span("c", "root", 200), Span("inner", "a", 20), End("inner", 10), End("a", 60),
       End("b", 20), End("c", 500), End("root", 300), Terminal(700)}));
  const ExportedTrace trace = Export(document);
  const ExportedEvent& root = Named(trace, "root");
  EXPECT_EQ(Named(trace, "a").tid, root.tid);
  EXPECT_EQ(Named(trace, "inner").tid, root.tid);
  // b starts before its sibling a ends; c outlasts its parent.
  EXPECT_NE(Named(trace, "b").tid, root.tid);
  EXPECT_NE(Named(trace, "c").tid, root.tid);
  EXPECT_EQ(ThreadName(trace, Named(trace, "b")), "spans (2)");
  // c starts after b ended, so it reuses b's track rather than opening a third.
  EXPECT_EQ(Named(trace, "c").tid, Named(trace, "b").tid);
}

TEST(ChromeTraceTest, SequentialRootsShareTheFirstTrack) {
  const TraceDocument document = Fold(testdata::Lines(
      {testdata::kMeta10, Span("r1", "", 0), End("r1", 10), Span("r2", "", 10), End("r2", 10),
       Span("r3", "", 15), End("r3", 1), Terminal(30)}));
  const ExportedTrace trace = Export(document);
  EXPECT_EQ(Named(trace, "r1").tid, Named(trace, "r2").tid);
  EXPECT_NE(Named(trace, "r3").tid, Named(trace, "r2").tid);
  EXPECT_EQ(trace.thread_names.size(), 2u);
}

TEST(ChromeTraceTest, OpenSpansOfAFailedRunEndAtTheTerminal) {
  const TraceDocument document = Fold(testdata::Lines(
      {testdata::kMeta10, Span("root", "", 100), Span("child", "root", 150), End("child", 10),
       R"({"kind":"terminal","outcome":"failed","timestamp_ns":900,"reason":"oom"})"}));
  const ExportedTrace trace = Export(document);
  const ExportedEvent& root = Named(trace, "root");
  EXPECT_EQ(*root.ts_ns, 100u);
  EXPECT_EQ(*root.dur_ns, 800u);
  EXPECT_EQ(root.args.at("open"), true);
  EXPECT_FALSE(Named(trace, "child").args.contains("open"));
  const ExportedEvent& terminal = Named(trace, "terminal", "i");
  EXPECT_EQ(terminal.args.at("outcome"), "failed");
  EXPECT_EQ(terminal.args.at("reason"), "oom");
}

TEST(ChromeTraceTest, OpsNestInTheirSpanOrMoveAside) {
  const TraceDocument document = Fold(testdata::Lines(
      {testdata::kMeta10, Span("s", "", 0), Op("s", "first", 10, 20), Op("s", "overlapping", 20, 5),
       Op("s", "after", 40, 10), Op("s", "outside", 90, 50), Op("ghost", "loose", 5, 1),
       End("s", 100), Terminal(200)}));
  const ExportedTrace trace = Export(document);
  const std::int64_t span_track = Named(trace, "s").tid;
  EXPECT_EQ(Named(trace, "first").tid, span_track);
  EXPECT_EQ(Named(trace, "after").tid, span_track);
  EXPECT_NE(Named(trace, "overlapping").tid, span_track);
  EXPECT_NE(Named(trace, "outside").tid, span_track);
  // An op of no known span is still shown, on a track of its own time.
  EXPECT_EQ(Named(trace, "loose").cat, "op");
  EXPECT_EQ(trace.Select("X", "op").size(), 5u);

  const ExportedTrace without_ops = Export(document, {.ops = false});
  EXPECT_TRUE(without_ops.Select("X", "op").empty());
  EXPECT_EQ(without_ops.Select("X", "span").size(), 1u);
}

TEST(ChromeTraceTest, SpansOnAParentCycleAreExportedOnce) {
  const TraceDocument document = Fold(testdata::Lines(
      {testdata::kMeta10, Span("x", "y", 0), Span("y", "x", 5), Span("below", "y", 6),
       End("below", 1), End("y", 10), End("x", 20), Span("ghosted", "nobody", 3),
       End("ghosted", 1), Terminal(50)}));
  const ExportedTrace trace = Export(document);
  EXPECT_EQ(trace.Select("X", "span").size(), 4u);
  for (const std::string_view name : {"x", "y", "below", "ghosted"}) {
    EXPECT_EQ(Named(trace, name).cat, "span") << name;
  }
}

TEST(ChromeTraceTest, DeviceIntervalsGoOnTheirDeviceAndStream) {
  const auto interval = [](std::string_view device, std::string_view stream, std::uint64_t start,
                           std::uint64_t duration) {
    return testdata::DeviceIntervalLine("s", device, stream, start, duration);
  };
  const TraceDocument document = Fold(testdata::Lines(
      {testdata::kMeta10, Span("s", "", 0), interval("cuda:1", "7", 0, 10),
       interval("cuda:0", "7", 5, 10), interval("cuda:0", "7", 8, 10),
       interval("cuda:0", "9", 0, 1), End("s", 100), Terminal(100)}));
  const ExportedTrace trace = Export(document);
  EXPECT_EQ(trace.process_names.at(2), "device cuda:0");
  EXPECT_EQ(trace.process_names.at(3), "device cuda:1");
  const std::vector<const ExportedEvent*> device = trace.Select("X", "device");
  ASSERT_EQ(device.size(), 4u);
  std::set<std::string> names;
  for (const ExportedEvent* event : device) {
    EXPECT_EQ(event->name, "s");  // the launching span's name
    names.insert(std::to_string(event->pid) + " " + ThreadName(trace, *event));
  }
  EXPECT_EQ(names, (std::set<std::string>{"2 stream 7", "2 stream 7 (2)", "2 stream 9",
                                          "3 stream 7"}));
  // Thread ids are unique across processes (Perfetto names threads by tid alone).
  std::set<std::int64_t> tids;
  for (const auto& [track, name] : trace.thread_names) EXPECT_TRUE(tids.insert(track.second).second);

  const ExportedTrace without = Export(document, {.device_intervals = false});
  EXPECT_TRUE(without.Select("X", "device").empty());
  EXPECT_FALSE(without.process_names.contains(2));
}

// A span of a 100 kB name that launches 2,000 device intervals: each interval's event repeats the
// first 128 bytes of the name and `…`, not the whole of it (issue 26: 401 MB of export).
TEST(ChromeTraceTest, DeviceIntervalsNameTheirSpanShortened) {
  constexpr std::size_t kIntervals = 2000;
  // 127 bytes, then é across the bound of 128: the cut falls before it.
  const std::string name = std::string(127, 'n') + "\xC3\xA9" + std::string(100000, 'm');
  constexpr std::string_view kStartTail =
      R"(","start_ns":0,"span_kind":"function","measured":false})";
  std::vector<std::string> lines = {
      std::string(testdata::kMeta10),
      R"({"kind":"span_start","id":"big","name":")" + name + std::string(kStartTail),
      R"({"kind":"span_start","id":"small","name":"short name)" + std::string(kStartTail)};
  for (std::size_t i = 0; i < kIntervals; ++i) {
    const std::string span = i == 0 ? "small" : i == 1 ? "unknown-span" : "big";
    lines.push_back(R"({"kind":"device_interval","span_id":")" + span +
                    R"(","device":"cuda:0","stream_id":"7","clock_id":"gpu","backend":"cuda",)"
                    R"("start_ns":)" + std::to_string(i * 10) + R"(,"duration_ns":5})");
  }
  lines.push_back(End("big", 30000));
  lines.push_back(End("small", 30000));
  lines.push_back(Terminal(30000));
  std::string text;
  for (const std::string& line : lines) text += line + '\n';
  const TraceDocument document = Fold(text);
  const std::string exported = ExportChromeTrace(document);
  const ExportedTrace trace = ReadExportedTrace(exported);
  EXPECT_THAT(trace.problems, ::testing::IsEmpty());
  const std::vector<const ExportedEvent*> device = trace.Select("X", "device");
  ASSERT_EQ(device.size(), kIntervals);
  const std::string shortened = std::string(127, 'n') + "\xE2\x80\xA6";
  EXPECT_EQ(device[0]->name, "short name");    // a short name whole
  EXPECT_EQ(device[1]->name, "unknown-span");  // a span not in the trace: its id
  for (std::size_t i = 2; i < kIntervals; ++i) {
    ASSERT_EQ(device[i]->name, shortened) << i;
    ASSERT_EQ(device[i]->args.at("span_id"), "big") << i;
  }
  // The span's own slice names it whole, in its B and its E; every other event (an interval's
  // B and E each) costs a few hundred bytes.
  EXPECT_EQ(Named(trace, name).args.at("id"), "big");
  EXPECT_LT(exported.size(), 2 * name.size() + kIntervals * 2 * 500);
}

TEST(ChromeTraceTest, MemoryCountersFollowTheLogicalPlaneAndItsPeaks) {
  const auto memory = [](std::uint64_t at, std::string_view storage, std::string_view device,
                         std::uint64_t bytes, std::string_view action) {
    return R"({"kind":"memory","timestamp_ns":)" + std::to_string(at) + R"(,"storage_id":")" +
           std::string(storage) + R"(","tensor_id":"t","span_id":"s","device":")" +
           std::string(device) + R"(","bytes":)" + std::to_string(bytes) + R"(,"action":")" +
           std::string(action) + R"(","dtype":"f32","category":"activation"})";
  };
  const TraceDocument document = Fold(testdata::Lines(
      {testdata::kMeta10, Span("s", "", 0), memory(10, "a", "cpu", 100, "alloc"),
       memory(10, "b", "gpu", 50, "alloc"), memory(20, "a", "cpu", 100, "free"),
       memory(20, "c", "cpu", 30, "alloc"), memory(30, "zzz", "cpu", 1, "free"),
       memory(40, "b", "gpu", 50, "free"),
       R"({"kind":"device_memory","timestamp_ns":35,"device":"gpu","reserved_bytes":512})",
       R"({"kind":"device_memory","timestamp_ns":36,"device":"gpu"})", End("s", 100),
       Terminal(100)}));
  const ExportedTrace trace = Export(document);
  std::vector<std::string> counters;
  for (const ExportedEvent* counter : trace.Select("C")) {
    std::string values;
    for (const auto& member : counter->args) {
      values += " " + std::string(member.key()) + "=" + boost::json::serialize(member.value());
    }
    counters.push_back(std::to_string(counter->pid) + "@" + std::to_string(*counter->ts_ns) +
                       " " + counter->name + values);
  }
  // cpu is pid 2, gpu pid 3; the ignored free at 30 changes nothing, so writes nothing; the
  // sample without values has nothing to plot.
  EXPECT_THAT(counters, ::testing::ElementsAre("2@10 logical memory live_bytes=100",
                                               "3@10 logical memory live_bytes=50",
                                               "2@20 logical memory live_bytes=30",
                                               "3@40 logical memory live_bytes=0",
                                               "3@35 physical memory reserved_bytes=512"));
  const std::optional<LogicalMemoryProfile> plane = AnalyzeLogicalMemory(document);
  ASSERT_TRUE(plane && plane->peak);
  std::vector<std::string> peaks;
  for (const ExportedEvent* peak : trace.Select("i")) {
    if (peak->name != "logical memory peak") continue;
    EXPECT_EQ(peak->scope, "p");
    peaks.push_back(std::to_string(peak->pid) + "@" + std::to_string(*peak->ts_ns) + " " +
                    boost::json::serialize(peak->args.at("live_bytes")));
  }
  EXPECT_THAT(peaks, ::testing::ElementsAre("1@" + std::to_string(plane->peak->timestamp_ns) +
                                                " " + std::to_string(plane->peak->live_bytes),
                                            "2@10 100", "3@10 50"));

  const ExportedTrace without = Export(document, {.memory = false});
  EXPECT_TRUE(without.Select("C").empty());
  EXPECT_TRUE(without.process_names.size() == 1);
}

TEST(ChromeTraceTest, NamesAndTagsAreEscaped) {
  std::string meta(testdata::kMeta10);
  meta.replace(meta.find(R"("tags":{})"), 9, R"("tags":{"a\"b":"<\n>"})");
  const TraceDocument document = Fold(testdata::Lines(
      {meta, R"({"kind":"span_start","id":"s","name":"quote\" and \\ and \u0001","start_ns":0,"span_kind":"function","measured":false})",
       End("s", 1), Terminal(1)}));
  const ExportedTrace trace = Export(document);
  EXPECT_EQ(Named(trace, "quote\" and \\ and \x01").cat, "span");
  EXPECT_EQ(trace.metadata.at("tags").at("a\"b"), "<\n>");
}

TEST(ChromeTraceTest, TheThreeRoutesWriteTheSameBytes) {
  const TraceDocument document = Fold(testdata::kSample);
  const std::string text = ExportChromeTrace(document);
  std::ostringstream stream;
  ExportChromeTrace(document, {}, stream);
  EXPECT_EQ(stream.str(), text);
  std::string chunks;
  std::size_t calls = 0;
  ExportChromeTrace(document, {}, [&](std::string_view chunk) {
    chunks += chunk;
    ++calls;
  });
  EXPECT_EQ(chunks, text);
  EXPECT_GE(calls, 1u);
  EXPECT_TRUE(text.ends_with("}}"));
}


// A converted TraceML export (docs/traceml-conversion.md): a process per rank with its steps and
// phases, then the devices' processes with their memory and utilisation counters.
TEST(ChromeTraceTest, ATraceMLExportHasAProcessPerRankAndCountersPerRankDevice) {
  Result<TraceDocument> document = testing::ConvertTraceML(testing::TwoRankExport());
  ASSERT_TRUE(document);
  const ExportedTrace trace = Export(document.value());
  EXPECT_THAT(trace.process_names,
              ::testing::ElementsAre(::testing::Pair(1, ::testing::StartsWith("run traceml-")),
                                     ::testing::Pair(2, "rank 0"), ::testing::Pair(3, "rank 1"),
                                     ::testing::Pair(4, "device rank0/cuda:0"),
                                     ::testing::Pair(5, "device rank0/gpu0"),
                                     ::testing::Pair(6, "device rank1/cuda:1")));
  std::map<std::string, std::vector<std::int64_t>> pids_by_name;
  for (const ExportedEvent* span : trace.Select("X", "span")) {
    pids_by_name[span->name].push_back(span->pid);
  }
  using ::testing::ElementsAre;
  EXPECT_THAT(pids_by_name["traceml run"], ElementsAre(1));
  EXPECT_THAT(pids_by_name["rank 0"], ElementsAre(2));
  EXPECT_THAT(pids_by_name["rank 1"], ElementsAre(3));
  EXPECT_THAT(pids_by_name["step 1"], ElementsAre(2, 3));
  EXPECT_THAT(pids_by_name["step 2"], ElementsAre(2));
  EXPECT_THAT(pids_by_name["forward"], ElementsAre(2, 2, 3));
  EXPECT_THAT(pids_by_name["forward [cuda:2]"], ElementsAre(3));
  const ExportedEvent& step = Named(trace, "step 2");
  EXPECT_EQ(step.ts_ns, 16'250'000u);
  EXPECT_EQ(step.dur_ns, 1'250'000u);
  EXPECT_EQ(ThreadName(trace, step), "spans");

  std::vector<std::string> counters;
  for (const ExportedEvent* counter : trace.Select("C")) {
    counters.push_back(std::to_string(counter->pid) + "@" + std::to_string(*counter->ts_ns) +
                       " " + counter->name + " " + boost::json::serialize(counter->args));
  }
  EXPECT_THAT(counters, ElementsAre(
                            "6@2500000 physical memory "
                            R"({"used_bytes":4096,"reserved_bytes":8192,"capacity_bytes":16384})",
                            R"(4@7500000 physical memory {"used_bytes":1024,"reserved_bytes":2048})",
                            "5@9500000 physical memory "
                            R"({"used_bytes":1000000000,"capacity_bytes":80000000000})",
                            R"(5@9500000 gpu utilisation {"util_percent":8.75E1})"));
}

// The rank processes and utilisation counters need the source tag: the same keys on any other
// trace change nothing.
TEST(ChromeTraceTest, RankKeysWithoutTheTraceMLSourceTagChangeNothing) {
  const std::string span =
      R"({"kind":"span_start","id":"r0","name":"rank 0","start_ns":0,"span_kind":"function","measured":true,"traceml_global_rank":0})";
  const std::string sample =
      R"({"kind":"device_memory","timestamp_ns":1,"device":"rank0/gpu0","used_bytes":5,"traceml_gpu_util_percent":50.0})";
  const ExportedTrace trace = Export(Fold(testdata::Lines(
      {std::string(testdata::kMeta10), span, End("r0", 4), sample, Terminal(4)})));
  EXPECT_EQ(Named(trace, "rank 0").pid, 1);
  EXPECT_THAT(trace.process_names,
              ::testing::ElementsAre(::testing::Pair(1, ::testing::_),
                                     ::testing::Pair(2, "device rank0/gpu0")));
  EXPECT_THAT(trace.Select("C"), ::testing::SizeIs(1));
}

}  // namespace
}  // namespace tracedoc
