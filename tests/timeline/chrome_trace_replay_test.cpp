// Issue 27, item 2: every slice of a Chrome export ends where it ends in a viewer's arithmetic.
// Each export below is replayed as two viewers replay it, from its times parsed as doubles
// (support/viewer_replay.hpp): a stack per track (Perfetto, chrome://tracing) and speedscope
// 1.25's importer. Both must pair every begin with its own end, without a warning, for every
// golden case, a generated trace of 10^5 events and a converted TraceML export.
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/cli_fixture.hpp"

#include "support/trace_generator.hpp"
#include "support/chrome_trace_events.hpp"
#include "support/test_traces.hpp"
#include "support/converted_traceml.hpp"
#include "tracedoc/chrome_trace.hpp"
#include "tracedoc/open.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc::testing {
namespace {

using ::testing::IsEmpty;

TraceDocument Fold(const std::string& text) {
  Result<TraceDocument> document = ReadTrace(TraceInput::FromString(text));
  EXPECT_TRUE(document.has_value()) << (document ? "" : document.error().message);
  return std::move(document).value();
}

const auto& Lines = testdata::JoinLines;

using testdata::kMeta10;

std::string Span(std::string_view id, std::string_view name, std::uint64_t start,
                 std::string_view parent = {}) {
  return testdata::SpanStartLine(id, name, start, parent);
}
const auto& End = testdata::SpanEndLine;
std::string Op(std::string_view span, std::string_view name, std::uint64_t at,
               std::uint64_t duration) {
  return testdata::OpLine(span, name, at, duration, "cuda:0");
}
std::string Terminal(std::uint64_t at) {
  return R"({"kind":"terminal","outcome":"complete","timestamp_ns":)" + std::to_string(at) + "}";
}

// How many slices a viewer adding `ts + dur` in doubles would see end after the next slice on
// their track begins, though they do not in nanoseconds: what the old `X` events cost.
std::size_t EndsPastTheNextStartInDoubles(const ExportedTrace& trace) {
  std::map<std::pair<std::int64_t, std::int64_t>, std::vector<const ExportedEvent*>> tracks;
  for (const ExportedEvent* slice : trace.Select("X")) tracks[{slice->pid, slice->tid}].push_back(slice);
  std::size_t count = 0;
  for (auto& [track, slices] : tracks) {
    for (std::size_t i = 0; i + 1 < slices.size(); ++i) {
      const ExportedEvent& a = *slices[i];
      const ExportedEvent& b = *slices[i + 1];
      if (a.End() != *b.ts_ns) continue;
      // Each written time parses to the double nearest its exact value, as a quotient does.
      const auto parsed = [](std::uint64_t ns) { return static_cast<double>(ns) / 1000; };
      if (parsed(*a.ts_ns) + parsed(*a.dur_ns) > parsed(*b.ts_ns)) ++count;
    }
  }
  return count;
}

TEST(ChromeTraceReplayTest, EveryGoldenExportPairsAlikeInBothViewers) {
  std::size_t cases = 0;
  for (const auto& entry : std::filesystem::directory_iterator(TRACEDOC_SOURCE_DIR "/tests/golden")) {
    const std::filesystem::path path = entry.path() / "export.json";
    if (!std::filesystem::exists(path)) continue;
    ++cases;
    const ExportedTrace trace = ReadExportedTrace(testdata::ReadFileBytes(path));
    EXPECT_THAT(trace.problems, IsEmpty()) << path;
  }
  EXPECT_GE(cases, 40u);
}

TEST(ChromeTraceReplayTest, AGenerated100kEventTracePairsAlikeInBothViewers) {
  const TraceDocument document = Fold(generator::GenerateTrace(100'000, 27));
  const ExportedTrace trace = ReadExportedTrace(ExportChromeTrace(document));
  ASSERT_THAT(trace.problems, IsEmpty());
  EXPECT_EQ(trace.Select("X", "span").size(), document.spans().size());
  EXPECT_EQ(trace.Select("X", "op").size(), document.ops().size());
  EXPECT_EQ(trace.Select("X", "device").size(), document.device_intervals().size());
  // The trace has the back-to-back slices whose `ts + dur` a viewer's doubles push past the
  // next start: written as `X` events, these are what made speedscope draw a staircase.
  EXPECT_GT(EndsPastTheNextStartInDoubles(trace), 10u);
}

TEST(ChromeTraceReplayTest, AConvertedTraceMLExportPairsAlikeInBothViewers) {
  const Result<TraceDocument> document = testing_support::ConvertedTraceMLExport(27);
  ASSERT_TRUE(document.has_value()) << document.error().message;
  ASSERT_GE(document.value().spans().size(), testing_support::kConvertedTraceMLSteps * 16);
  const ExportedTrace trace = ReadExportedTrace(ExportChromeTrace(document.value()));
  EXPECT_THAT(trace.problems, IsEmpty());
  EXPECT_EQ(trace.Select("X", "span").size(), document.value().spans().size());
}

TEST(ChromeTraceReplayTest, AZeroLengthSpanIsAThreadInstantOnItsParentsTrack) {
  const TraceDocument document = Fold(Lines({std::string(kMeta10), Span("s", "step", 100), Span("z", "marker", 100, "s"),
                                             End("z", 0), Span("f", "forward", 100, "s"), End("f", 50),
                                             End("s", 80), Terminal(200)}));
  const ExportedTrace trace = ReadExportedTrace(ExportChromeTrace(document));
  ASSERT_THAT(trace.problems, IsEmpty());
  std::vector<const ExportedEvent*> instants;
  for (const ExportedEvent& event : trace.raw) {
    if (event.name == "marker") instants.push_back(&event);
  }
  ASSERT_EQ(instants.size(), 1u);
  EXPECT_EQ(instants[0]->ph, "i");
  EXPECT_EQ(instants[0]->scope, "t");
  EXPECT_EQ(instants[0]->tid, trace.Select("X", "span")[0]->tid);
}

TEST(ChromeTraceReplayTest, BackToBackSlicesOfOneNameAlternateTracksAndOthersShareOne) {
  // matmul, matmul, add, matmul, each ending where the next begins.
  const TraceDocument document = Fold(Lines({std::string(kMeta10), Span("s", "step", 0), Op("s", "matmul", 0, 10),
                                             Op("s", "matmul", 10, 10), Op("s", "add", 20, 10),
                                             Op("s", "matmul", 30, 10), End("s", 40), Terminal(40)}));
  const ExportedTrace trace = ReadExportedTrace(ExportChromeTrace(document));
  ASSERT_THAT(trace.problems, IsEmpty());
  const std::vector<const ExportedEvent*> ops = trace.Select("X", "op");
  ASSERT_EQ(ops.size(), 4u);
  const std::int64_t step = trace.Select("X", "span")[0]->tid;
  EXPECT_EQ(ops[0]->tid, step);
  EXPECT_NE(ops[1]->tid, step);  // would begin where a matmul ends on the step's track
  EXPECT_EQ(ops[2]->tid, step);
  EXPECT_EQ(ops[3]->tid, step);  // an add ends there, not a matmul
  // In the file, each track's end comes before the begin at the same instant.
  std::size_t end_of_first = 0;
  std::size_t begin_of_add = 0;
  for (std::size_t i = 0; i < trace.raw.size(); ++i) {
    if (trace.raw[i].ph == "E" && trace.raw[i].name == "matmul" && *trace.raw[i].ts_ns == 10) {
      end_of_first = i;
    }
    if (trace.raw[i].ph == "B" && trace.raw[i].name == "add") begin_of_add = i;
  }
  EXPECT_LT(end_of_first, begin_of_add);
}

TEST(ChromeTraceReplayTest, TheReplaysCatchWhatTheRulesPrevent) {
  // The two viewers' complaints, on hand-written files: an end under another name at one
  // instant (speedscope warns), and an end that closes a slice with other args (both).
  const std::string head =
      "{\"traceEvents\":[\n"
      "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"run\"}},\n"
      "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":2,\"args\":{\"name\":\"spans\"}},\n";
  const std::string tail = "\n],\"displayTimeUnit\":\"ns\",\"metadata\":{}}";
  const std::string same_name_back_to_back =
      head +
      "{\"ph\":\"B\",\"name\":\"m\",\"cat\":\"op\",\"pid\":1,\"tid\":2,\"ts\":0.000,\"args\":{\"i\":1}},\n"
      "{\"ph\":\"E\",\"name\":\"m\",\"cat\":\"op\",\"pid\":1,\"tid\":2,\"ts\":1.000,\"args\":{\"i\":1}},\n"
      "{\"ph\":\"B\",\"name\":\"m\",\"cat\":\"op\",\"pid\":1,\"tid\":2,\"ts\":1.000,\"args\":{\"i\":2}},\n"
      "{\"ph\":\"E\",\"name\":\"m\",\"cat\":\"op\",\"pid\":1,\"tid\":2,\"ts\":2.000,\"args\":{\"i\":2}}" +
      tail;
  const ExportedTrace first = ReadExportedTrace(same_name_back_to_back);
  EXPECT_THAT(first.problems, ::testing::Contains(::testing::HasSubstr("speedscope:")));
  const std::string other_args =
      head +
      "{\"ph\":\"B\",\"name\":\"m\",\"cat\":\"op\",\"pid\":1,\"tid\":2,\"ts\":0.000,\"args\":{\"i\":1}},\n"
      "{\"ph\":\"E\",\"name\":\"m\",\"cat\":\"op\",\"pid\":1,\"tid\":2,\"ts\":1.000,\"args\":{\"i\":2}}" +
      tail;
  const ExportedTrace second = ReadExportedTrace(other_args);
  EXPECT_THAT(second.problems, ::testing::Contains(::testing::HasSubstr("stack:")));
  EXPECT_THAT(second.problems, ::testing::Contains(::testing::HasSubstr("speedscope:")));
  // A begin earlier than the track's previous end: nested once sorted, but not in file order.
  const std::string back_in_time =
      head +
      "{\"ph\":\"B\",\"name\":\"a\",\"cat\":\"op\",\"pid\":1,\"tid\":2,\"ts\":0.000,\"args\":{}},\n"
      "{\"ph\":\"E\",\"name\":\"a\",\"cat\":\"op\",\"pid\":1,\"tid\":2,\"ts\":5.000,\"args\":{}},\n"
      "{\"ph\":\"B\",\"name\":\"b\",\"cat\":\"op\",\"pid\":1,\"tid\":2,\"ts\":6.000,\"args\":{}},\n"
      "{\"ph\":\"E\",\"name\":\"b\",\"cat\":\"op\",\"pid\":1,\"tid\":2,\"ts\":7.000,\"args\":{}},\n"
      "{\"ph\":\"B\",\"name\":\"c\",\"cat\":\"op\",\"pid\":1,\"tid\":2,\"ts\":1.000,\"args\":{}},\n"
      "{\"ph\":\"E\",\"name\":\"c\",\"cat\":\"op\",\"pid\":1,\"tid\":2,\"ts\":2.000,\"args\":{}}" +
      tail;
  EXPECT_THAT(ReadExportedTrace(back_in_time).problems,
              ::testing::Contains(::testing::HasSubstr("\"c\" (B) at 1000 ns after 7000 ns")));
}

}  // namespace
}  // namespace tracedoc::testing
