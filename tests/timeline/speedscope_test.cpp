// The speedscope export (docs/speedscope.md, issue 27 item 3): one evented profile per track of
// the Chrome export, holding exactly that track's slices, frames named by name alone so that
// speedscope aggregates them, and a file speedscope's importer replays without an error, for
// every golden case, a generated trace of 10^5 events and a converted TraceML export.
#include "tracedoc/speedscope.hpp"

#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/cli_fixture.hpp"

#include "support/trace_generator.hpp"
#include "support/speedscope_file.hpp"
#include "support/test_traces.hpp"
#include "support/converted_traceml.hpp"
#include "tracedoc/chrome_trace.hpp"
#include "tracedoc/open.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using testdata::kMeta10;

TraceDocument Fold(std::string_view text) {
  Result<TraceDocument> document = ReadTrace(TraceInput::FromString(text));
  EXPECT_TRUE(document.has_value()) << (document ? "" : document.error().message);
  return std::move(document).value();
}

std::string TerminalAt(std::uint64_t at) {
  return R"({"kind":"terminal","outcome":"complete","timestamp_ns":)" + std::to_string(at) + "}";
}

// Both exports of `document`: the speedscope file must replay, and hold the Chrome export's
// tracks, slice for slice.
SpeedscopeFile ExportBoth(const TraceDocument& document) {
  const SpeedscopeFile file = ReadSpeedscopeFile(ExportSpeedscope(document));
  EXPECT_THAT(file.problems, IsEmpty());
  const ExportedTrace chrome = ReadExportedTrace(ExportChromeTrace(document));
  EXPECT_THAT(chrome.problems, IsEmpty());
  EXPECT_TRUE(ProfileEdges(file) == ChromeTrackEdges(chrome));
  return file;
}

TEST(SpeedscopeTest, TheExampleHasAProfilePerTrackAndAFramePerKindAndName) {
  const SpeedscopeFile file = ExportBoth(Fold(testdata::kSample));
  EXPECT_EQ(file.name, "run run-1");
  ASSERT_EQ(file.profiles.size(), 2u);
  EXPECT_EQ(file.profiles[0].name, "run run-1: spans");
  EXPECT_EQ(file.profiles[1].name, "run run-1: spans (2)");
  ASSERT_EQ(file.frames.size(), 3u);
  EXPECT_EQ(file.frames[1].name, "matmul");
  EXPECT_EQ(file.frames[1].file, "span");
  EXPECT_EQ(file.frames[2].name, "matmul");
  EXPECT_EQ(file.frames[2].file, "op");
  EXPECT_THAT(file.profiles[1].events,
              ElementsAre(SpeedscopeEdge{true, "matmul", "op", 10},
                          SpeedscopeEdge{false, "matmul", "op", 1210}));
  // Every profile spans the whole run, so that switching between them keeps the time axis.
  for (const SpeedscopeProfile& profile : file.profiles) {
    EXPECT_EQ(profile.start, 0u);
    EXPECT_EQ(profile.end, 2500u);
  }
}

TEST(SpeedscopeTest, EveryGoldenSpeedscopeFileReplaysAndHoldsTheChromeExportsTracks) {
  std::size_t cases = 0;
  for (const auto& entry : std::filesystem::directory_iterator(TRACEDOC_SOURCE_DIR "/tests/golden")) {
    const std::filesystem::path path = entry.path() / "speedscope.json";
    if (!std::filesystem::exists(path)) continue;
    ++cases;
    const SpeedscopeFile file = ReadSpeedscopeFile(testdata::ReadFileBytes(path));
    EXPECT_THAT(file.problems, IsEmpty()) << path;
    const ExportedTrace chrome = ReadExportedTrace(testdata::ReadFileBytes(entry.path() / "export.json"));
    EXPECT_TRUE(ProfileEdges(file) == ChromeTrackEdges(chrome)) << path;
  }
  EXPECT_GE(cases, 40u);
}

TEST(SpeedscopeTest, AGenerated100kEventTraceReplaysWithItsNamesAggregated) {
  const TraceDocument document = Fold(generator::GenerateTrace(100'000, 27));
  const SpeedscopeFile file = ExportBoth(document);
  std::size_t zero_length_spans = 0;
  for (const SpanRecord& span : document.spans()) zero_length_spans += span.duration_ns == 0;
  EXPECT_EQ(file.Opens("span") + zero_length_spans, document.spans().size());
  EXPECT_GT(file.Opens("op"), document.ops().size() / 2);
  EXPECT_GT(file.Opens("device"), document.device_intervals().size() / 2);
  // Names repeat across steps: far fewer frames than slices.
  EXPECT_LT(file.frames.size() * 20, document.spans().size() + document.ops().size());
}

TEST(SpeedscopeTest, AConvertedTraceMLExportReplays) {
  const Result<TraceDocument> document = testing_support::ConvertedTraceMLExport(27);
  ASSERT_TRUE(document.has_value()) << document.error().message;
  ASSERT_GE(document.value().spans().size(), testing_support::kConvertedTraceMLSteps * 16);
  const SpeedscopeFile file = ExportBoth(document.value());
  EXPECT_GE(file.profiles.size(), 3u);  // the run's, and a process per rank
  EXPECT_GT(file.Opens("span"), testing_support::kConvertedTraceMLSteps * 16);
}

TEST(SpeedscopeTest, CallsOfOneNameShareAFrameWhateverTheirIds) {
  using testdata::OpLine;
  using testdata::SpanEndLine;
  using testdata::SpanStartLine;
  const SpeedscopeFile file = ExportBoth(Fold(testdata::JoinLines(
      {std::string(kMeta10), SpanStartLine("a", "forward", 0), OpLine("a", "matmul", 0, 5),
       OpLine("a", "matmul", 5, 5), SpanEndLine("a", 10), SpanStartLine("b", "forward", 10),
       OpLine("b", "matmul", 10, 5), SpanEndLine("b", 10), TerminalAt(20)})));
  ASSERT_EQ(file.frames.size(), 2u);
  EXPECT_EQ(file.Opens("span"), 2u);
  EXPECT_EQ(file.Opens("op"), 3u);
}

TEST(SpeedscopeTest, AParentsTrackTakenByALaterSliceGetsNoEarlierChildren) {
  // p [0,100] holds c [10,110] (which outlasts p: a track of its own) and op o [10,15], walked
  // after c. c's child s [100,120] outlasts c and finds p's track free at 100. o, walked next,
  // may not go under s there: its time would go back on that track.
  using testdata::OpLine;
  using testdata::SpanEndLine;
  using testdata::SpanStartLine;
  const SpeedscopeFile file = ExportBoth(Fold(testdata::JoinLines(
      {std::string(kMeta10), SpanStartLine("p", "p", 0), SpanStartLine("c", "c", 10, "p"),
       OpLine("p", "o", 10, 5), SpanStartLine("s", "s", 100, "c"), SpanEndLine("p", 100),
       SpanEndLine("c", 100), SpanEndLine("s", 20), TerminalAt(120)})));
  ASSERT_EQ(file.Opens("op"), 1u);
  for (const SpeedscopeProfile& profile : file.profiles) {
    bool has_s = false;
    bool has_o = false;
    for (const SpeedscopeEdge& edge : profile.events) {
      has_s |= edge.name == "s";
      has_o |= edge.name == "o";
    }
    EXPECT_FALSE(has_s && has_o) << profile.name;
  }
}

TEST(SpeedscopeTest, ZeroLengthSlicesAreLeftOutAndATraceWithoutSlicesHasOneEmptyProfile) {
  using testdata::SpanEndLine;
  using testdata::SpanStartLine;
  const SpeedscopeFile file = ExportBoth(Fold(testdata::JoinLines(
      {std::string(kMeta10), SpanStartLine("s", "step", 0), SpanStartLine("z", "marker", 5, "s"),
       SpanEndLine("z", 0), SpanEndLine("s", 10), TerminalAt(10)})));
  ASSERT_EQ(file.frames.size(), 1u);
  EXPECT_EQ(file.frames[0].name, "step");

  const SpeedscopeFile empty = ReadSpeedscopeFile(
      ExportSpeedscope(Fold(testdata::JoinLines({std::string(kMeta10), TerminalAt(0)}))));
  EXPECT_THAT(empty.problems, IsEmpty());
  ASSERT_EQ(empty.profiles.size(), 1u);
  EXPECT_THAT(empty.profiles[0].events, IsEmpty());
}

TEST(SpeedscopeTest, OptionsLeaveOutOpsAndDeviceIntervals) {
  const TraceDocument document = Fold(generator::GenerateTrace(2'000, 5));
  ASSERT_FALSE(document.device_intervals().empty());
  const SpeedscopeFile all = ReadSpeedscopeFile(ExportSpeedscope(document));
  ASSERT_GT(all.Opens("op"), 0u);
  ASSERT_GT(all.Opens("device"), 0u);
  const SpeedscopeFile bare = ReadSpeedscopeFile(
      ExportSpeedscope(document, {.ops = false, .device_intervals = false}));
  EXPECT_THAT(bare.problems, IsEmpty());
  EXPECT_EQ(bare.Opens("op"), 0u);
  EXPECT_EQ(bare.Opens("device"), 0u);
  EXPECT_EQ(bare.Opens("span"), all.Opens("span"));
  for (const SpeedscopeProfile& profile : bare.profiles) {
    EXPECT_THAT(profile.name, ::testing::StartsWith("run "));
  }
}

TEST(SpeedscopeTest, ALongRunIdAndStreamIdAreNotCopiedIntoEveryProfileName) {
  // 2,000 overlapping intervals on one stream make 2,000 tracks, and so 2,000 profiles.
  const std::string long_id(100'000, 'r');
  std::string meta(kMeta10);
  meta.replace(meta.find("\"run-1\""), 7, "\"" + long_id + "\"");
  std::vector<std::string> lines = {meta, testdata::SpanStartLine("s", "step", 0)};
  for (std::uint64_t i = 0; i < 2'000; ++i) {
    lines.push_back(testdata::DeviceIntervalLine("s", "cuda:0", long_id, i, 10'000));
  }
  lines.push_back(testdata::SpanEndLine("s", 20'000));
  lines.push_back(TerminalAt(20'000));
  const TraceDocument document = Fold(testdata::JoinLines(lines));
  const std::string text = ExportSpeedscope(document);
  const SpeedscopeFile file = ReadSpeedscopeFile(text);
  EXPECT_THAT(file.problems, IsEmpty());
  EXPECT_EQ(file.profiles.size(), 2'001u);
  EXPECT_LT(text.size(), 2'000u * 400);
}

TEST(SpeedscopeTest, TheThreeRoutesWriteTheSameBytes) {
  const TraceDocument document = Fold(generator::GenerateTrace(20'000, 3));
  const std::string text = ExportSpeedscope(document);
  std::ostringstream stream;
  ExportSpeedscope(document, {}, stream);
  EXPECT_EQ(stream.str(), text);
  std::string chunks;
  std::size_t calls = 0;
  ExportSpeedscope(document, {}, [&](std::string_view chunk) {
    chunks += chunk;
    ++calls;
  });
  EXPECT_EQ(chunks, text);
  EXPECT_GT(calls, 1u);  // written in chunks, not held whole
  EXPECT_TRUE(text.ends_with("]}"));
}

}  // namespace
}  // namespace tracedoc::testing
