// The HTML report (issue 14 item 2, docs/report.md): escaping of trace strings, units and axis
// ticks, the aggregation threshold of both charts, the peak marker, the tables' order, pages of
// traces without memory or spans, streaming, and `tracedoc report` on the command line.
#include "tracedoc/html_report.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "report/html_escape.hpp"
#include "report/ops_table.hpp"
#include "report/units.hpp"
#include "support/trace_generator.hpp"
#include "support/cli_fixture.hpp"
#include "support/report_data_block.hpp"
#include "support/test_traces.hpp"
#include "support/traceml_two_rank_export.hpp"
#include "tracedoc/chrome_trace.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/converted_facts.hpp"

namespace tracedoc {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;
using testdata::kMeta10;

TraceDocument Fold(std::string_view text) {
  Result<TraceDocument> document = ReadTrace(TraceInput::FromString(text));
  if (!document) throw std::runtime_error(FormatError("<test>", document.error()));
  return std::move(document).value();
}

// META10, the lines, and a complete terminal at `terminal_ns`.
std::string Trace(const std::vector<std::string>& lines, std::uint64_t terminal_ns) {
  std::string text(kMeta10);
  text += '\n';
  for (const std::string& line : lines) text += line + '\n';
  return text + R"({"kind":"terminal","outcome":"complete","timestamp_ns":)" +
         std::to_string(terminal_ns) + "}\n";
}

std::string SpanStart(std::string_view id, std::string_view parent, std::string_view name,
                      std::uint64_t start_ns, std::string_view kind = "function") {
  std::string line = R"({"kind":"span_start","id":")" + std::string(id) + "\"";
  if (!parent.empty()) line += R"(,"parent_id":")" + std::string(parent) + "\"";
  return line + R"(,"name":)" + std::string(name) + R"(,"start_ns":)" + std::to_string(start_ns) +
         R"(,"span_kind":")" + std::string(kind) + R"(","measured":false})";
}

std::string SpanEnd(std::string_view id, std::uint64_t duration_ns) {
  return R"({"kind":"span_end","id":")" + std::string(id) + R"(","duration_ns":)" +
         std::to_string(duration_ns) + "}";
}

std::string Op(std::string_view span, std::string_view name, std::uint64_t at_ns,
               std::uint64_t duration_ns) {
  return R"({"kind":"op","span_id":")" + std::string(span) + R"(","op_name":)" +
         std::string(name) + R"(,"inputs":[],"input_dense_bytes":0,"shape":[2],"dtype":"f32","device":"cpu",)" +
         R"("duration_ns":)" + std::to_string(duration_ns) + R"(,"timestamp_ns":)" +
         std::to_string(at_ns) + "}";
}

std::string Memory(std::uint64_t t, std::string_view action, std::string_view storage,
                   std::uint64_t bytes) {
  return R"({"kind":"memory","timestamp_ns":)" + std::to_string(t) + R"(,"storage_id":")" +
         std::string(storage) + R"(","tensor_id":"t","span_id":"root","device":"cpu","bytes":)" +
         std::to_string(bytes) + R"(,"action":")" + std::string(action) +
         R"(","dtype":"f32","category":"activation"})";
}

std::size_t Count(std::string_view text, std::string_view needle) {
  std::size_t count = 0;
  for (std::size_t at = text.find(needle); at != std::string_view::npos;
       at = text.find(needle, at + 1)) {
    ++count;
  }
  return count;
}

// A root span 0..1000 with the given lines inside it.
std::string RootTrace(const std::vector<std::string>& inside) {
  std::vector<std::string> lines = {SpanStart("root", "", R"("root")", 0)};
  lines.insert(lines.end(), inside.begin(), inside.end());
  lines.push_back(SpanEnd("root", 1000));
  return Trace(lines, 1000);
}

TEST(HtmlEscapeTest, EscapesMarkupQuotesAndControls) {
  EXPECT_EQ(report::Escaped(R"(<script>alert('x') & "y"</script>)"),
            "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;");
  EXPECT_EQ(report::Escaped(std::string("a\0b\x01\tc\x7f", 7)), "a\xEF\xBF\xBD" "b\xEF\xBF\xBD\tc\xEF\xBF\xBD");
  EXPECT_EQ(report::Escaped("plain µs"), "plain µs");
}

TEST(HtmlEscapeTest, CutsLongStringsAtACodePointBoundary) {
  // 199 ASCII bytes then a two-byte character that straddles the 200-byte limit.
  const std::string text = std::string(199, 'a') + "é" + std::string(50, 'b');
  const std::string shown = report::Escaped(text);
  EXPECT_EQ(shown, std::string(199, 'a') + "…");
  bool cut = false;
  EXPECT_EQ(report::ShownPrefix("short", 200, cut), "short");
  EXPECT_FALSE(cut);
}

TEST(HtmlReportTest, TraceStringsCannotInjectMarkup) {
  const std::string page = WriteHtmlReport(Fold(RootTrace({
      SpanStart("evil", "root", R"("<script>alert(1)</script>")", 10, "op"),
      Op("evil", R"("\"><img src=x onerror=alert(2)>")", 10, 500),
      SpanEnd("evil", 600),
  })));
  // The page's own two script elements (the data block, the script) and no third; the data
  // block writes the name's `<` as \u003c.
  EXPECT_EQ(Count(page, "<script"), 2u);
  EXPECT_EQ(Count(page, "</script"), 2u);
  EXPECT_THAT(page, HasSubstr(R"(\u003cscript\u003ealert(1)\u003c/script\u003e)"));
  EXPECT_THAT(page, Not(HasSubstr("<img")));
  EXPECT_THAT(page, HasSubstr("&lt;script&gt;alert(1)&lt;/script&gt;"));
  EXPECT_THAT(page, HasSubstr("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"));
}

TEST(UnitsTest, FormatsBytesDurationsAndCounts) {
  EXPECT_EQ(report::FormatBytes(100), "100 B");
  EXPECT_EQ(report::FormatBytes(4096), "4 KiB");
  EXPECT_EQ(report::FormatBytes(1536), "1.5 KiB");
  EXPECT_EQ(report::FormatBytes(3 * 1024 * 1024 + 1024 * 1024 / 4), "3.25 MiB");
  EXPECT_EQ(report::FormatBytes(5ull << 30), "5 GiB");
  EXPECT_EQ(report::FormatDuration(850), "850 ns");
  EXPECT_EQ(report::FormatDuration(1200), "1.2 µs");
  EXPECT_EQ(report::FormatDuration(2'500'000'000), "2.5 s");
  EXPECT_EQ(report::FormatDuration(12'345'678), "12.35 ms");
  EXPECT_EQ(report::FormatCount(0), "0");
  EXPECT_EQ(report::FormatCount(1234567), "1,234,567");
  EXPECT_EQ(report::FormatPixels(12.25), "12.2");
  EXPECT_EQ(report::FormatPixels(40.0), "40");
}

TEST(UnitsTest, AxesHaveNiceTicksInTheUnitOfTheLargestValue) {
  const report::Axis bytes = report::MakeAxis(report::Quantity::kBytes, 8192);
  EXPECT_EQ(bytes.unit, "KiB");
  EXPECT_THAT(bytes.labels, ElementsAre("0", "2", "4", "6", "8"));
  EXPECT_EQ(bytes.max, 8192);

  const report::Axis time = report::MakeAxis(report::Quantity::kNanoseconds, 1500);
  EXPECT_EQ(time.unit, "µs");
  EXPECT_THAT(time.labels, ElementsAre("0", "0.5", "1", "1.5"));

  const report::Axis small = report::MakeAxis(report::Quantity::kBytes, 300);
  EXPECT_EQ(small.unit, "B");
  EXPECT_THAT(small.labels, ElementsAre("0", "100", "200", "300"));

  const report::Axis empty = report::MakeAxis(report::Quantity::kNanoseconds, 0);
  EXPECT_THAT(empty.labels, ElementsAre("0", "1"));
}

TEST(UnitsTest, EveryAxisCoversItsValueInAtMostFiveSteps) {
  for (std::uint64_t value = 1; value < (1ull << 62); value = value * 3 + 1) {
    for (const report::Quantity quantity :
         {report::Quantity::kBytes, report::Quantity::kNanoseconds}) {
      const report::Axis axis = report::MakeAxis(quantity, value);
      EXPECT_GE(axis.max, static_cast<double>(value)) << value;
      EXPECT_LE(axis.ticks.size(), 6u) << value;
      EXPECT_EQ(axis.ticks.size(), axis.labels.size());
    }
  }
}

TEST(HtmlReportTest, PeakMarkerExactlyWhenTheLogicalPlaneHasAPeak) {
  const std::string with_memory = WriteHtmlReport(Fold(RootTrace({
      Memory(100, "alloc", "s1", 4096), Memory(200, "alloc", "s2", 8192),
      Memory(300, "free", "s1", 4096)})));
  EXPECT_EQ(Count(with_memory, "id=\"memory-peak\""), 1u);
  EXPECT_EQ(Count(with_memory, "class=\"peak-marker\""), 1u);
  // Largest first in the live-at-peak table.
  const std::size_t table = with_memory.find("table class=\"live-at-peak\"");
  ASSERT_NE(table, std::string::npos);
  EXPECT_LT(with_memory.find("<td>s2</td>", table), with_memory.find("<td>s1</td>", table));

  const std::string physical_only = WriteHtmlReport(Fold(RootTrace({
      R"({"kind":"device_memory","timestamp_ns":50,"device":"cpu","used_bytes":100})"})));
  EXPECT_THAT(physical_only, HasSubstr("class=\"curve used\""));
  EXPECT_EQ(Count(physical_only, "memory-peak"), 0u);
  EXPECT_EQ(Count(physical_only, "class=\"peak-marker\""), 0u);

  const std::string none = WriteHtmlReport(Fold(RootTrace({})));
  EXPECT_EQ(Count(none, "class=\"peak-marker\""), 0u);
  EXPECT_EQ(Count(none, "<svg class=\"memory-chart\""), 0u);
}

TEST(HtmlReportTest, ATraceWithoutMemoryOrSpansIsStillAPage) {
  const std::string page = WriteHtmlReport(Fold(Trace({}, 0)));
  EXPECT_TRUE(page.starts_with("<!DOCTYPE html>\n"));
  EXPECT_TRUE(page.ends_with("</body>\n</html>\n"));
  EXPECT_THAT(page, HasSubstr("no memory events"));
  EXPECT_THAT(page, HasSubstr("no spans, ops or device intervals"));
  EXPECT_THAT(page, HasSubstr("No op records"));
  EXPECT_THAT(page, HasSubstr("<section id=\"health\">"));
  EXPECT_EQ(Count(page, "<section"), Count(page, "</section>"));
}

TEST(HtmlReportTest, MemoryCurveAggregatesAboveTheThreshold) {
  std::vector<std::string> lines;
  for (std::uint64_t i = 0; i < 40; ++i) {
    lines.push_back(Memory(10 + 20 * i, "alloc", "s" + std::to_string(i), 100 + i));
    lines.push_back(Memory(20 + 20 * i, "free", "s" + std::to_string(i), 100 + i));
  }
  const TraceDocument document = Fold(RootTrace(lines));
  const std::string small = WriteHtmlReport(document, {.max_chart_elements = 10});
  const std::string large = WriteHtmlReport(document, {.max_chart_elements = 1000});
  EXPECT_THAT(small, HasSubstr("each pixel column shows the lowest and highest value"));
  EXPECT_THAT(large, Not(HasSubstr("each pixel column")));
  // The peak (139 bytes, the last alloc) is drawn either way, at the top of the plot.
  EXPECT_THAT(small, HasSubstr("139 B"));
  EXPECT_LT(small.size(), large.size());
}

TEST(HtmlReportTest, OverviewMergesFramesNarrowerThanAPixelIntoBusyRuns) {
  // A root of 10^6 ns: each of the 30 children (100 ns, 200 ns apart) is 0.1 px wide; one is wide.
  std::vector<std::string> lines = {SpanStart("root", "", R"("root")", 0)};
  for (int i = 0; i < 30; ++i) {
    const std::string id = "c" + std::to_string(i);
    lines.push_back(SpanStart(id, "root", R"("tiny")", 1000 + 200 * i));
    lines.push_back(SpanEnd(id, 100));
  }
  lines.push_back(SpanStart("wide", "root", R"("wide")", 500'000));
  lines.push_back(SpanEnd("wide", 400'000));
  lines.push_back(SpanEnd("root", 1'000'000));
  const std::string page = WriteHtmlReport(Fold(Trace(lines, 1'000'000)));
  EXPECT_EQ(Count(page, "<g class=\"frame span"), 2u);  // root and wide
  EXPECT_EQ(Count(page, "<rect class=\"busy\""), 1u);
  EXPECT_THAT(page, HasSubstr("<title>30 frame(s) narrower than a pixel</title>"));
  // Every frame is in the data block, one by one.
  const testing::DataBlock block = testing::ReadDataBlock(page);
  EXPECT_THAT(block.problems, ::testing::IsEmpty());
  EXPECT_EQ(block.frames.size(), 32u);
  EXPECT_EQ(block.bucketed_frames, 0u);
}

TEST(HtmlReportTest, ConcurrentRootsAreDrawnOnRowsOfTheirOwn) {
  // Two roots that overlap in time (as two ranks do), each with a child: the old flame chart
  // drew the second over the first.
  const std::string page = WriteHtmlReport(Fold(Trace(
      {SpanStart("a", "", R"("rank 0")", 0), SpanStart("a1", "a", R"("step")", 10),
       SpanEnd("a1", 500), SpanStart("b", "", R"("rank 1")", 100),
       SpanStart("b1", "b", R"("step")", 110), SpanEnd("b1", 600), SpanEnd("a", 900),
       SpanEnd("b", 900)},
      1000)));
  const testing::DataBlock block = testing::ReadDataBlock(page);
  ASSERT_THAT(block.problems, ::testing::IsEmpty());
  ASSERT_EQ(block.frames.size(), 4u);
  std::set<std::uint64_t> rows;
  for (const testing::DataFrame& frame : block.frames) rows.insert(frame.row);
  EXPECT_EQ(rows.size(), 4u);  // two tracks, two depths each
  // The rows are the Chrome export's tracks: the same thread names, in its order.
  std::vector<std::string> tracks;
  for (const auto& [process, track, depth] : block.lanes) {
    if (depth == 0) tracks.push_back(track);
  }
  std::vector<std::string> chrome_tracks;
  const boost::json::value chrome = boost::json::parse(ExportChromeTrace(Fold(Trace(
      {SpanStart("a", "", R"("rank 0")", 0), SpanStart("a1", "a", R"("step")", 10),
       SpanEnd("a1", 500), SpanStart("b", "", R"("rank 1")", 100),
       SpanStart("b1", "b", R"("step")", 110), SpanEnd("b1", 600), SpanEnd("a", 900),
       SpanEnd("b", 900)},
      1000))));
  for (const boost::json::value& event : chrome.at("traceEvents").as_array()) {
    if (event.at("ph") == "M" && event.at("name") == "thread_name" &&
        event.at("pid").to_number<int>() == 1) {
      const std::string name(event.at("args").at("name").as_string());
      if (name != "run") chrome_tracks.push_back(name);
    }
  }
  EXPECT_EQ(tracks, chrome_tracks);
}

TEST(HtmlReportTest, AGenerated100kEventTraceKeepsTheLongestFramesAndSumsTheRest) {
  const TraceDocument document = Fold(generator::GenerateTrace(100'000, 31));
  const std::size_t slices =
      document.spans().size() + document.ops().size() + document.device_intervals().size();
  ASSERT_GT(slices, 20'000u);
  const std::string page = WriteHtmlReport(document, {.max_timeline_frames = 5'000});
  const testing::DataBlock block = testing::ReadDataBlock(page);
  ASSERT_THAT(block.problems, ::testing::IsEmpty());
  EXPECT_EQ(block.U64("frames_total"), slices);
  EXPECT_EQ(block.frames.size(), 5'000u);
  EXPECT_EQ(block.frames.size() + block.bucketed_frames, slices);
  // The kept frames are the longest: no bucket's mean is longer than the shortest kept frame.
  std::uint64_t shortest_kept = UINT64_MAX;
  for (const testing::DataFrame& frame : block.frames) shortest_kept = std::min(shortest_kept, frame.dur);
  const auto& buckets = block.root.at("buckets").as_object();
  const std::vector<std::uint64_t> counts = testing::U64Column(buckets, "count");
  const std::vector<std::uint64_t> busy = testing::U64Column(buckets, "busy");
  for (std::size_t k = 0; k < counts.size(); ++k) EXPECT_LE(busy[k] / counts[k], shortest_kept);
  // The static picture stays within its shape budget.
  EXPECT_LE(Count(page, "<g class=\"frame ") + Count(page, "<rect class=\"busy\""), 10'000u);
  // Every frame kept with its default budget, and the page still small.
  const std::string whole = WriteHtmlReport(document);
  const testing::DataBlock all = testing::ReadDataBlock(whole);
  ASSERT_THAT(all.problems, ::testing::IsEmpty());
  EXPECT_EQ(all.frames.size(), std::min<std::size_t>(slices, 100'000));
  EXPECT_LT(whole.size(), std::size_t{10} << 20);
}

TEST(HtmlReportTest, MemoryChartsAndTimelineShareTheWindowAndMarkTheGlobalPeakThere) {
  // Two devices; the global peak (both live) is at 300, when neither device is at its own peak.
  const auto alloc = [](std::uint64_t t, std::string_view device, std::string_view storage,
                        std::uint64_t bytes, std::string_view action) {
    return R"({"kind":"memory","timestamp_ns":)" + std::to_string(t) + R"(,"storage_id":")" +
           std::string(storage) + R"(","tensor_id":"t","span_id":"root","device":")" +
           std::string(device) + R"(","bytes":)" + std::to_string(bytes) + R"(,"action":")" +
           std::string(action) + R"(","dtype":"f32","category":"activation"})";
  };
  const std::string page = WriteHtmlReport(Fold(RootTrace({
      alloc(100, "cpu", "a", 600, "alloc"), alloc(200, "cpu", "a", 600, "free"),
      alloc(250, "cpu", "b", 500, "alloc"), alloc(300, "gpu", "c", 400, "alloc"),
      alloc(400, "cpu", "b", 500, "free"), alloc(500, "gpu", "c", 400, "free"),
      alloc(600, "gpu", "d", 700, "alloc"), alloc(700, "gpu", "d", 700, "free")})));
  const testing::DataBlock block = testing::ReadDataBlock(page);
  ASSERT_THAT(block.problems, ::testing::IsEmpty());
  EXPECT_EQ(block.root.at("peak").at("at").to_number<std::uint64_t>(), 300u);
  EXPECT_EQ(block.root.at("peak").at("bytes").to_number<std::uint64_t>(), 900u);
  EXPECT_EQ(block.root.at("peak").at("device").as_string(), "cpu");
  EXPECT_EQ(block.U64("end"), 1000u);
  EXPECT_EQ(Count(page, "id=\"memory-peak\""), 1u);
  EXPECT_THAT(page, HasSubstr("global logical peak: 900 B (900 bytes) live at timestamp 300 ns"));
  EXPECT_THAT(page, HasSubstr("in 2 storage(s) at timestamp 300 ns."));
  // One dashed line per memory chart and one across the timeline, all at 300 of 1000 ns.
  EXPECT_EQ(Count(page, "<line class=\"peak-line\""), 3u);
  // The memory charts end at the run's end (1 µs), not at a rounded-up 1.2 µs.
  EXPECT_THAT(page, Not(HasSubstr(">1.2</text>")));
  // The live-at-peak table names the allocating span and links to it.
  EXPECT_THAT(page, HasSubstr(R"(<a class="timeline-link" href="#timeline" data-kind="0" data-ref="0">root</a> <code>root</code>)"));
}

TEST(HtmlReportTest, AnswersComeFirstWithLinksDown) {
  const std::string page = WriteHtmlReport(Fold(RootTrace({
      Op("root", R"("matmul")", 10, 250), Op("root", R"("add")", 300, 50),
      Memory(10, "alloc", "s", 4096), Memory(500, "free", "s", 4096)})));
  const std::size_t nav = page.find("<nav id=\"contents\"");
  const std::size_t answers = page.find("<section id=\"answers\">");
  ASSERT_NE(nav, std::string::npos);
  EXPECT_LT(nav, answers);
  EXPECT_LT(answers, page.find("<section id=\"timeline\">"));
  EXPECT_LT(page.find("<section id=\"timeline\">"), page.find("<section id=\"memory\">"));
  for (const std::string_view id : {"answers", "timeline", "memory", "ops", "health", "run"}) {
    EXPECT_THAT(page, HasSubstr("<li><a href=\"#" + std::string(id) + "\">")) << id;
    EXPECT_THAT(page, HasSubstr("<section id=\"" + std::string(id) + "\">")) << id;
  }
  EXPECT_THAT(page, HasSubstr("The run <strong class=\"outcome-complete\">completed</strong>."));
  EXPECT_THAT(page, HasSubstr("Memory peak <strong>4 KiB</strong> (4,096 bytes) at 10 ns"));
  EXPECT_THAT(page, HasSubstr("Costliest op <code>matmul</code>: 250 ns in 1 call(s), 25.0 % of the run."));
}

// A trace whose meta carries `cirron_marks` (as a converted Cirron spool's does).
std::string MarksTrace(std::string_view marks_json) {
  std::string meta(kMeta10);
  meta.insert(meta.size() - 1, std::string(R"(,"cirron_marks":)") + std::string(marks_json));
  std::string text = RootTrace({});
  text.replace(0, text.find('\n'), meta);
  return text;
}

std::string MarkSection(const std::string& page) {
  const std::size_t at = page.find("<section id=\"marks\">");
  return at == std::string::npos ? "" : page.substr(at, page.find("</section>", at) - at);
}

TEST(HtmlReportTest, ASingleMarkIsDrawnAsAPointOnThePagesTimeAxis) {
  const std::string marks = MarkSection(WriteHtmlReport(Fold(MarksTrace(
      R"([{"name":"loss","value_type":"float","value":1.25092,"ts_ns":400}])"))));
  ASSERT_FALSE(marks.empty());
  EXPECT_EQ(Count(marks, "<circle class=\"mark-point\""), 1u);
  EXPECT_EQ(Count(marks, "<polyline"), 0u);
  // Rounded ticks around the value (0.25092 is never a label), relative time to the run's end.
  EXPECT_THAT(marks, HasSubstr(">1</text>"));
  EXPECT_THAT(marks, HasSubstr(">2</text>"));
  EXPECT_THAT(marks, Not(HasSubstr("1.25092</text>")));
  EXPECT_THAT(marks, HasSubstr(R"(text-anchor="middle">time (µs)</text>)"));
  EXPECT_THAT(marks, HasSubstr(R"(text-anchor="middle">1</text>)"));  // the run's end: 1 µs
}

TEST(HtmlReportTest, ExtremeAndNonFiniteMarksNeverBecomeCoordinates) {
  const std::string marks = MarkSection(WriteHtmlReport(Fold(MarksTrace(
      R"([{"name":"v","value_type":"float","value":-1e308,"ts_ns":100},)"
      R"({"name":"v","value_type":"float","value":1e308,"ts_ns":200},)"
      R"({"name":"v","value_type":"float","value":"NaN","ts_ns":300},)"
      R"({"name":"v","value_type":"float","value":"Infinity","ts_ns":600}])"))));
  ASSERT_FALSE(marks.empty());
  EXPECT_THAT(marks, Not(HasSubstr("nan")));
  EXPECT_THAT(marks, Not(HasSubstr("inf")));
  EXPECT_EQ(Count(marks, "<path class=\"non-finite\""), 2u);
  EXPECT_THAT(marks, HasSubstr("<title>NaN at 300 ns</title>"));
  EXPECT_THAT(marks, HasSubstr("<title>Infinity at 600 ns</title>"));
  EXPECT_THAT(marks, HasSubstr("2 point(s); 2 non-finite value(s), marked"));
}

TEST(HtmlReportTest, OpsTablesAreSortedByTotalAndBySelfTime) {
  const TraceDocument document = Fold(RootTrace({
      SpanStart("a", "root", R"("short")", 10, "op"), Op("a", R"("add")", 10, 50),
      Op("a", R"("add")", 60, 50), SpanEnd("a", 110),
      SpanStart("b", "root", R"("long")", 200, "op"), Op("b", R"("matmul")", 200, 300),
      SpanStart("b1", "b", R"("inner")", 210, "function"), SpanEnd("b1", 250),
      SpanEnd("b", 400),
      SpanStart("c", "root", R"("long")", 700, "op"), SpanEnd("c", 20),
  }));
  const std::vector<report::OpGroup> by_total = report::TopOpsByTotal(document);
  ASSERT_EQ(by_total.size(), 2u);
  EXPECT_EQ(by_total[0].name, "matmul");
  EXPECT_EQ(by_total[0].total_ns, 300u);
  EXPECT_EQ(by_total[1].name, "add");
  EXPECT_EQ(by_total[1].count, 2u);
  EXPECT_EQ(by_total[1].total_ns, 100u);

  const std::vector<report::OpGroup> by_self = report::TopOpSpansBySelf(document);
  ASSERT_EQ(by_self.size(), 2u);
  // "long": b's self time 400 − 250 = 150, plus c's 20; "short": 110.
  EXPECT_EQ(by_self[0].name, "long");
  EXPECT_EQ(by_self[0].self_ns, 170u);
  EXPECT_EQ(by_self[0].total_ns, 420u);
  EXPECT_EQ(by_self[1].name, "short");
  EXPECT_EQ(by_self[1].self_ns, 110u);
}

TEST(HtmlReportTest, StreamAndStringAreTheSameBytesEveryTime) {
  const TraceDocument document = Fold(testdata::kSample);
  std::ostringstream out;
  WriteHtmlReport(document, out);
  EXPECT_EQ(out.str(), WriteHtmlReport(document));
  EXPECT_EQ(WriteHtmlReport(document), WriteHtmlReport(Fold(testdata::kSample)));
  EXPECT_THAT(WriteHtmlReport(document, {.title = "A <b> title"}),
              HasSubstr("<title>A &lt;b&gt; title</title>"));
}

// META10 with `count` tags k0000, k0001, ... (values v0000, ...), and a root span.
TraceDocument WithTags(std::size_t count) {
  std::string tags;
  for (std::size_t i = 0; i < count; ++i) {
    std::string key = std::to_string(i);
    key.insert(0, 4 - key.size(), '0');
    if (i != 0) tags += ',';
    tags += "\"k" + key + "\":\"v" + key + "\"";
  }
  std::string meta(kMeta10);
  meta.replace(meta.find(R"("tags":{})"), 9, R"("tags":{)" + tags + "}");
  return Fold(testdata::Lines({meta, SpanStart("root", "", R"("root")", 0), SpanEnd("root", 10),
                               R"({"kind":"terminal","outcome":"complete","timestamp_ns":10})"}));
}

TEST(HtmlReportTest, RunTagsStopAtTheTableBoundWithANote) {
  const TraceDocument document = WithTags(1234);
  ASSERT_EQ(document.run().tags.size(), 1234u);
  const std::string page = WriteHtmlReport(document, {.max_table_rows = 5});
  EXPECT_EQ(Count(page, "<tr><th>tag <code>"), 5u);
  // The first ones in key order, and the rest counted.
  EXPECT_THAT(page, HasSubstr("<tr><th>tag <code>k0004</code></th><td>v0004</td></tr>"));
  EXPECT_THAT(page, Not(HasSubstr("k0005")));
  EXPECT_THAT(page, HasSubstr("<p class=\"note\">1,229 more tag(s) not listed: `tracedoc "
                              "document` prints them all.</p>"));
  // The default bound: 100 rows.
  const std::string by_default = WriteHtmlReport(document);
  EXPECT_EQ(Count(by_default, "<tr><th>tag <code>"), 100u);
  EXPECT_THAT(by_default, HasSubstr("1,134 more tag(s) not listed"));
}

TEST(HtmlReportTest, TagsWithinTheBoundAreAllListedWithoutANote) {
  for (const std::size_t count : {std::size_t{0}, std::size_t{4}, std::size_t{5}}) {
    SCOPED_TRACE(count);
    const std::string page = WriteHtmlReport(WithTags(count), {.max_table_rows = 5});
    EXPECT_EQ(Count(page, "<tr><th>tag <code>"), count);
    EXPECT_THAT(page, Not(HasSubstr("more tag(s) not listed")));
  }
}

// A converted TraceML export (docs/report.md, "Steps per rank"): a chart per rank on one scale and
// each rank's figures. Rank 0 has steps of 7.5 and 1.25 ms, rank 1 one of 2.5 ms.
std::string TraceMLReport(const TraceMLExport& source) {
  Result<TraceDocument> document = testing::ConvertTraceML(source);
  if (!document) throw std::runtime_error(FormatError("<test>", document.error()));
  return WriteHtmlReport(document.value());
}

// The bar heights of rank `rank`'s chart, in order.
std::vector<std::string> BarHeights(std::string_view page, std::uint64_t rank) {
  const std::string open = "data-rank=\"" + std::to_string(rank) + "\"";
  std::string_view chart = page.substr(page.find(open));
  chart = chart.substr(0, chart.find("</svg>"));
  std::vector<std::string> heights;
  for (std::size_t at = chart.find("class=\"step-bar\""); at != std::string_view::npos;
       at = chart.find("class=\"step-bar\"", at + 1)) {
    const std::size_t from = chart.find("height=\"", at) + 8;
    heights.emplace_back(chart.substr(from, chart.find('"', from) - from));
  }
  return heights;
}

TEST(HtmlReportTest, ATraceMLExportShowsEachRanksStepsSideBySideOnOneScale) {
  const std::string page = TraceMLReport(testing::TwoRankExport());
  EXPECT_THAT(page, HasSubstr("<section id=\"rank-steps\">\n<h2>Steps per rank</h2>"));
  EXPECT_EQ(Count(page, "<svg class=\"rank-steps-chart\""), 2u);
  const report::Axis axis = report::MakeAxis(report::Quantity::kNanoseconds, 7'500'000);
  const auto height = [&](double ns) { return report::FormatPixels(ns / axis.max * 130); };
  // Each step's bar is its phases stacked: rank 0's step 1 is forward (3 ms) and backward
  // (4.5 ms), its step 2 forward (1.25 ms; its backward took 0).
  EXPECT_THAT(BarHeights(page, 0),
              ElementsAre(height(3'000'000), height(4'500'000), height(1'250'000)));
  EXPECT_THAT(BarHeights(page, 1), ElementsAre(height(2'500'000)));
  // Steps by number, on the same columns in every chart: rank 1's step 1 above rank 0's.
  // (forward, the first phase name, has the first colour; two step numbers, two columns.)
  EXPECT_EQ(Count(page, "<g class=\"step\" data-step=\"1\"><rect class=\"step-bar\" "
                        "fill=\"#2f6fd6\" x=\"56\""),
            2u);
  EXPECT_EQ(Count(page, "<g class=\"step\" data-step=\"2\"><rect class=\"step-bar\" "
                        "fill=\"#2f6fd6\" x=\"171\""),
            1u);
  EXPECT_EQ(Count(page, "<table class=\"step-phases\">"), 1u);
  EXPECT_EQ(Count(page, "Straggler: <strong>rank 1</strong>, median step 2.5 ms, 1.25 ms"), 2u);
  EXPECT_THAT(page, HasSubstr("<tr><td>0</td><td>2</td><td>1.25 ms</td><td>1.25 ms</td>"
                              "<td>7.5 ms</td><td>8.75 ms</td></tr>"));
  EXPECT_THAT(page, HasSubstr("<tr><td>1</td><td>1</td><td>2.5 ms</td><td>2.5 ms</td>"
                              "<td>2.5 ms</td><td>2.5 ms</td></tr>"));
  // The section stands between the memory section and the ops.
  EXPECT_LT(page.find("id=\"memory\""), page.find("id=\"rank-steps\""));
  EXPECT_LT(page.find("id=\"rank-steps\""), page.find("id=\"ops\""));
}

TEST(HtmlReportTest, ARankWithMoreStepsThanColumnsDrawsTheLongestOfEachColumn) {
  TraceMLExport source;
  for (std::uint64_t step = 0; step < 460; ++step) {
    // Every step lasts 1 ms, but step 301 lasts 5 ms: its column's bar is the tallest.
    source.step_time.push_back(testing::TraceMLStep(
        step + 1, 0, step, 10 * (step + 1),
        {testing::TraceMLPhase("forward", "cuda:0", step == 301 ? 5.0 : 1.0)}));
  }
  const std::string page = TraceMLReport(source);
  const std::vector<std::string> heights = BarHeights(page, 0);
  ASSERT_EQ(heights.size(), 230u);  // the plot's pixel columns: two steps each
  const report::Axis axis = report::MakeAxis(report::Quantity::kNanoseconds, 5'000'000);
  EXPECT_EQ(heights[150], report::FormatPixels(5'000'000 / axis.max * 130));
  EXPECT_EQ(heights[151], report::FormatPixels(1'000'000 / axis.max * 130));
  EXPECT_THAT(page, HasSubstr("Each bar is the longest of its column's steps."));
  EXPECT_THAT(page, HasSubstr("<tr><td>0</td><td>460</td>"));
}

TEST(HtmlReportTest, StepsArePlacedByNumberSoAMissingStepIsAGap) {
  TraceMLExport source;
  std::uint64_t line = 0;
  for (std::uint64_t rank = 0; rank < 2; ++rank) {
    for (std::uint64_t step = 0; step < 4; ++step) {
      if (rank == 0 && step == 2) continue;  // rank 0 never reported step 2
      source.step_time.push_back(testing::TraceMLStep(
          ++line, rank, step, 10 * (step + 1), {testing::TraceMLPhase("forward", "cuda:0", 1.0)}));
    }
  }
  const std::string page = TraceMLReport(source);
  // Four step numbers, four columns of 57.5 px from x = 56: step 3 sits at 228.5 in both charts,
  // where placing bars in start order would put rank 0's third bar (step 3) at 171.
  EXPECT_EQ(Count(page, R"(data-step="3"><rect class="step-bar" fill="#2f6fd6" x="228.5")"), 2u);
  EXPECT_EQ(Count(page, R"(data-step="2"><rect class="step-bar" fill="#2f6fd6" x="171")"), 1u);
  const std::size_t rank0 = page.find(R"(data-rank="0")");
  const std::string chart0 = page.substr(rank0, page.find("</svg>", rank0) - rank0);
  EXPECT_EQ(Count(chart0, R"(<g class="step")"), 3u);
  EXPECT_EQ(Count(chart0, R"(data-step="2")"), 0u);
}

TEST(HtmlReportTest, RankKeysWithoutTheTraceMLSourceTagAddNoSection) {
  const std::string with_key = R"({"kind":"span_start","id":"r0","name":"rank 0","start_ns":0,)"
                               R"("span_kind":"function","measured":true,"traceml_global_rank":0})";
  const std::string page = WriteHtmlReport(Fold(Trace(
      {with_key, R"({"kind":"span_end","id":"r0","duration_ns":5})"}, 5)));
  EXPECT_THAT(page, Not(HasSubstr("rank-steps")));
}

class ReportCliTest : public testdata::CliFixture {};

TEST_F(ReportCliTest, WritesThePageToStdoutOrToAFile) {
  WriteFile("run.jsonl", testdata::kSample);
  const testdata::RunResult to_stdout = Run("report run.jsonl");
  EXPECT_EQ(to_stdout.exit_code, 0) << to_stdout.err;
  EXPECT_EQ(to_stdout.out, WriteHtmlReport(Fold(testdata::kSample)));
  const testdata::RunResult to_file = Run("report run.jsonl -o out.html");
  EXPECT_EQ(to_file.exit_code, 0) << to_file.err;
  EXPECT_EQ(to_file.out, "");
  EXPECT_EQ(testdata::ReadFileBytes(dir_ / "out.html"), to_stdout.out);
}

TEST_F(ReportCliTest, ExitCodesFollowTheOtherCommands) {
  WriteFile("bad.jsonl", testdata::Lines({kMeta10}));
  const testdata::RunResult rejected = Run("report bad.jsonl -o out.html");
  EXPECT_EQ(rejected.exit_code, 1);
  EXPECT_THAT(rejected.err, HasSubstr("error[missing_terminal]"));
  EXPECT_FALSE(std::filesystem::exists(dir_ / "out.html"));
  EXPECT_EQ(Run("report missing.jsonl").exit_code, 2);
  WriteFile("run.jsonl", testdata::kSample);
  const testdata::RunResult unwritable = Run("report run.jsonl -o no/such/dir/out.html");
  EXPECT_EQ(unwritable.exit_code, 2);
  EXPECT_THAT(unwritable.err, HasSubstr("cannot write no/such/dir/out.html"));
}

}  // namespace
}  // namespace tracedoc
