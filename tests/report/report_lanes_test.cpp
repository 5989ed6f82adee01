// The report's timeline rows and what draws them: LayOutReportTimeline puts each slice on its
// Chrome track at its nesting depth, WriteTimelineOverview draws the rows as static SVG,
// ReportWindow spans frames and memory, WriteReportData writes them as the page's JSON block
// (escaped so no name can end the script element), and the page's script reads that block.
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "report/memory_curves.hpp"
#include "report/report_data.hpp"
#include "report/report_lanes.hpp"
#include "report/report_script.hpp"
#include "report/shared_axis.hpp"
#include "report/timeline_overview.hpp"
#include "support/fold_trace.hpp"
#include "support/report_data_block.hpp"
#include "support/test_traces.hpp"

namespace tracedoc::report {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// train [0,100] holds `<fwd>&` [10,40] (with op mul [20,25] and an instant op) and bwd [30,60],
// which overlaps it; `<fwd>&` launched a device interval [5,15] on gpu stream 7.
TraceDocument LaneTrace() {
  return testing::FoldTrace(testdata::Lines(
      {testdata::kMeta10, testdata::SpanStartLine("a", "train", 0),
       testdata::SpanStartLine("b", "<fwd>&", 10, "a"), testdata::OpLine("b", "mul", 20, 5),
       testdata::OpLine("b", "mark", 25, 0), testdata::SpanStartLine("c", "bwd", 30, "a"),
       testdata::DeviceIntervalLine("b", "gpu", "7", 5, 10), testdata::SpanEndLine("b", 30),
       testdata::SpanEndLine("c", 30), testdata::SpanEndLine("a", 100),
       testdata::CompleteTerminalLine(100)}));
}

std::string Describe(const LaneFrame& frame) {
  static constexpr const char* kKinds[] = {"span", "op", "device"};
  return std::to_string(frame.row) + " " + kKinds[static_cast<int>(frame.ref.kind)] +
         std::to_string(frame.ref.index) + " " + std::to_string(frame.start_ns) + "-" +
         std::to_string(frame.end_ns) + " d" + std::to_string(frame.depth);
}

TEST(ReportLanesTest, EachTrackDepthIsARowInTheExportsOrder) {
  const ReportTimeline timeline = LayOutReportTimeline(LaneTrace());
  EXPECT_THAT(timeline.processes, ElementsAre("run run-1", "device gpu"));
  std::vector<std::string> lanes;
  for (const Lane& lane : timeline.lanes) {
    lanes.push_back(std::to_string(lane.process) + " " + lane.track + " " +
                    std::to_string(lane.depth));
  }
  EXPECT_THAT(lanes, ElementsAre("0 spans 0", "0 spans 1", "0 spans 2", "0 spans 3",
                                 "0 spans (2) 0", "1 stream 7 0"));
  std::vector<std::string> frames;
  for (const LaneFrame& frame : timeline.frames) frames.push_back(Describe(frame));
  // The instant op sits below mul, which is still open when it comes.
  EXPECT_THAT(frames, ElementsAre("0 span0 0-100 d0", "1 span1 10-40 d1", "2 op0 20-25 d2",
                                  "3 op1 25-25 d3", "4 span2 30-60 d0", "5 device0 5-15 d0"));
}

TEST(ReportDataTest, TheWindowSpansTheFramesAndTheMemoryCurves) {
  const ReportTimeline timeline = LayOutReportTimeline(LaneTrace());
  const TimeWindow frames_only = ReportWindow(timeline, MemoryCurves{});
  EXPECT_EQ(frames_only.origin_ns, 0u);
  EXPECT_EQ(frames_only.end_ns, 100u);
  MemoryCurves memory;
  memory.first_ns = 2;
  memory.last_ns = 500;
  const TimeWindow both = ReportWindow(timeline, memory);
  EXPECT_EQ(both.origin_ns, 0u);
  EXPECT_EQ(both.end_ns, 500u);
  const TimeWindow memory_only = ReportWindow(ReportTimeline{}, memory);
  EXPECT_EQ(memory_only.origin_ns, 2u);
  EXPECT_EQ(memory_only.end_ns, 500u);
  const TimeWindow none = ReportWindow(ReportTimeline{}, MemoryCurves{});
  EXPECT_EQ(none.span_ns(), 0u);
}

std::string DataBlockText(std::size_t max_frames, const std::optional<PeakMark>& peak) {
  const TraceDocument document = LaneTrace();
  const ReportTimeline timeline = LayOutReportTimeline(document);
  std::ostringstream out;
  WriteReportData(out, document, timeline, MemoryCurves{}, peak, TimeWindow{0, 100}, max_frames);
  return out.str();
}

TEST(ReportDataTest, TheBlockHoldsTheRowsFramesAndPeak) {
  const std::string text = DataBlockText(100, PeakMark{40, 4096, "gpu", 4096});
  EXPECT_THAT(text, ::testing::StartsWith(
                        R"(<script type="application/json" id="tracedoc-report-data">{)"));
  EXPECT_THAT(text, ::testing::EndsWith("}</script>\n"));
  const testing::DataBlock block = testing::ReadDataBlock(text);
  EXPECT_THAT(block.problems, ::testing::IsEmpty());
  EXPECT_EQ(block.root.at("run_id"), "run-1");
  EXPECT_EQ(block.U64("end"), 100u);
  EXPECT_EQ(block.U64("frames_total"), 6u);
  EXPECT_THAT(block.processes, ElementsAre("run run-1", "device gpu"));
  EXPECT_EQ(block.lanes.size(), 6u);
  std::vector<std::string> frames;
  for (const testing::DataFrame& frame : block.frames) {
    frames.push_back(std::to_string(frame.row) + " " + frame.name + " " +
                     std::to_string(frame.start) + "+" + std::to_string(frame.dur));
  }
  // A device interval is named after the span that launched it.
  EXPECT_THAT(frames, ElementsAre("0 train 0+100", "1 <fwd>& 10+30", "2 mul 20+5", "3 mark 25+0",
                                  "4 bwd 30+30", "5 <fwd>& 5+10"));
  EXPECT_EQ(block.bucketed_frames, 0u);
  EXPECT_EQ(block.root.at("peak").at("at"), 40);
  EXPECT_EQ(block.root.at("peak").at("bytes"), 4096);
  EXPECT_EQ(block.root.at("peak").at("device"), "gpu");
}

// `<`, `>` and `&` are written as \u escapes: no name can close the script element early.
TEST(ReportDataTest, NamesCannotEndTheScriptElement) {
  const std::string text = DataBlockText(100, std::nullopt);
  EXPECT_THAT(text, HasSubstr(R"(\u003cfwd\u003e\u0026)"));
  EXPECT_THAT(text, ::testing::Not(HasSubstr("<fwd>")));
  EXPECT_EQ(text.find("</script>"), text.size() - 10);
  EXPECT_TRUE(testing::ReadDataBlock(text).root.at("peak").is_null());
}

// Above max_frames the longest frames are written one by one, the rest summed in buckets.
TEST(ReportDataTest, BeyondMaxFramesTheLongestAreKeptAndTheRestBucketed) {
  const testing::DataBlock block = testing::ReadDataBlock(DataBlockText(2, std::nullopt));
  EXPECT_THAT(block.problems, ::testing::IsEmpty());
  std::vector<std::string> names;
  for (const testing::DataFrame& frame : block.frames) names.push_back(frame.name);
  // train (100) and `<fwd>&` (30, ahead of bwd's 30 by position).
  EXPECT_THAT(names, ElementsAre("train", "<fwd>&"));
  EXPECT_EQ(block.U64("frames_total"), 6u);
  EXPECT_EQ(block.bucketed_frames, 4u);
}

std::string Overview(const std::optional<PeakMark>& peak, std::size_t max_elements) {
  const TraceDocument document = LaneTrace();
  std::ostringstream out;
  WriteTimelineOverview(out, document, LayOutReportTimeline(document), TimeWindow{0, 100}, peak,
                        max_elements);
  return out.str();
}

// 100 ns over 1000 px from x=200; rows 16 px apart from y=26.
TEST(TimelineOverviewTest, FramesAreDrawnOnTheirRowsWithLabelsThatFit) {
  const std::string svg = Overview(std::nullopt, 100);
  EXPECT_THAT(svg, HasSubstr(R"(<rect x="200" y="26" width="1000" height="15"/>)"
                             R"(<text x="202" y="37.5">train</text>)"
                             "<title>train (span): 100 ns from 0 ns</title></g>\n"));
  EXPECT_THAT(svg, HasSubstr(R"(<rect x="300" y="42" width="300" height="15"/>)"
                             R"(<text x="302" y="53.5">&lt;fwd&gt;&amp;</text>)"));
  // The instant op is narrower than a pixel: a busy run.
  EXPECT_THAT(svg, HasSubstr(R"(<rect class="busy" x="450" y="74" width="1" height="15">)"
                             "<title>1 frame(s) narrower than a pixel</title></rect>"));
  // A process's track is named on its first row only.
  EXPECT_THAT(svg, HasSubstr("<text class=\"lane\" x=\"4\" y=\"37.5\">run run-1 · spans</text>"));
  EXPECT_THAT(svg, HasSubstr("y=\"101.5\">run run-1 · spans (2)</text>"));
  EXPECT_THAT(svg, HasSubstr("y=\"117.5\">device gpu · stream 7</text>"));
  EXPECT_THAT(svg, ::testing::Not(HasSubstr("y=\"53.5\">run")));
  EXPECT_THAT(svg, ::testing::EndsWith(
                       "</svg>\n<p class=\"note\">Time from timestamp 0 ns. 6 frame(s) on 6 "
                       "row(s).</p>\n"));
}

TEST(TimelineOverviewTest, ThePeakIsALineAcrossEveryRow) {
  EXPECT_THAT(Overview(PeakMark{50, 4096, "gpu", 4096}, 100),
              HasSubstr(R"(<line class="peak-line" x1="700" y1="22" x2="700" y2="126">)"
                        "<title>logical memory peak: 4 KiB at 50 ns</title></line>"));
}

// The shape budget ends the picture at a row; the note says how many rows it shows.
TEST(TimelineOverviewTest, AtTheShapeBudgetTheRestOfTheRowsAreLeftToTheInteractiveTimeline) {
  const std::string svg = Overview(std::nullopt, 2);
  EXPECT_THAT(svg, HasSubstr("&lt;fwd&gt;&amp;</text>"));
  EXPECT_THAT(svg, ::testing::Not(HasSubstr(">mul</text>")));
  EXPECT_THAT(svg, HasSubstr("6 frame(s) on 6 row(s); this picture shows the first 2 row(s), "
                             "the interactive timeline shows them all.</p>"));
}

TEST(TimelineOverviewTest, NoFramesIsSaid) {
  const TraceDocument document = LaneTrace();
  std::ostringstream out;
  WriteTimelineOverview(out, document, ReportTimeline{}, TimeWindow{0, 100}, std::nullopt, 100);
  EXPECT_EQ(out.str(), "<p class=\"empty\">The trace has no spans, ops or device intervals.</p>\n");
}

TEST(ReportScriptTest, TheScriptReadsTheDataBlockAndCannotEndItsElement) {
  EXPECT_THAT(kReportScript, HasSubstr("getElementById('tracedoc-report-data')"));
  EXPECT_THAT(kReportScript, HasSubstr(std::string(kReportDataFormat)));
  EXPECT_THAT(kReportScript, ::testing::Not(HasSubstr("</script")));
}

}  // namespace
}  // namespace tracedoc::report
