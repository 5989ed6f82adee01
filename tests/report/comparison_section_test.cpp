// The report's comparison with a baseline (docs/report.md, "Compared with a baseline"): each
// run's live bytes counted from its own start, the changes table, the lists with their bounds,
// the page's other sections unchanged, and a pair of generated 10^5-event traces.
#include "report/comparison_section.hpp"

#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/fold_trace.hpp"
#include "support/test_traces.hpp"
#include "support/trace_generator.hpp"
#include "tracedoc/diff.hpp"
#include "tracedoc/html_report.hpp"

namespace tracedoc::report {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using testdata::CompleteTerminalLine;
using testdata::kMeta10;
using testdata::MemoryLine;
using testdata::OpLine;
using testdata::SpanEndLine;
using testdata::SpanStartLine;

// A run starting at `start`: span `s` (train) with a child named `child`, an op of `op_ns`, a
// storage of `bytes` alive from start + 10 to start + 50.
std::string SmallRun(std::uint64_t start, std::string_view child, std::uint64_t op_ns,
                std::uint64_t bytes) {
  return testdata::Lines(
      {kMeta10, SpanStartLine("s", "train", start), SpanStartLine("c", child, start + 1, "s"),
       OpLine("c", "matmul", start + 2, op_ns), MemoryLine(start + 10, "m1", "cpu", bytes, "alloc"),
       MemoryLine(start + 50, "m1", "cpu", bytes, "free"), SpanEndLine("c", 60),
       SpanEndLine("s", 100), CompleteTerminalLine(start + 100)});
}

TEST(ComparisonSectionTest, LiveBytesCountFromTheRunsOwnStart) {
  const TraceDocument late = testing::FoldTrace(SmallRun(1'000'000, "forward", 20, 64));
  EXPECT_EQ(LiveBytesFromStart(late),
            (std::vector<CurvePoint>{{10, 64}, {50, 0}}));
  const TraceDocument early = testing::FoldTrace(SmallRun(0, "forward", 20, 64));
  EXPECT_EQ(LiveBytesFromStart(early), LiveBytesFromStart(late));
}

TEST(ComparisonSectionTest, TheChangesTableAndTheListsSayWhatChanged) {
  const TraceDocument base = testing::FoldTrace(SmallRun(0, "forward", 20, 64));
  const TraceDocument candidate = testing::FoldTrace(SmallRun(500, "fwd", 25, 96));
  std::ostringstream out;
  WriteComparisonSection(out, DiffTraces(base, candidate), LiveBytesFromStart(base),
                         LiveBytesFromStart(candidate), 10'000, 100);
  const std::string html = out.str();
  EXPECT_THAT(html, HasSubstr("<tr><td>memory</td><td><code>logical peak</code></td><td>64 B</td>"
                              "<td>96 B</td><td>+32 B</td><td>+50.0 %</td></tr>"));
  EXPECT_THAT(html, HasSubstr("<tr><td>op</td><td><code>matmul</code></td><td>20 ns</td>"
                              "<td>25 ns</td><td>+5 ns</td><td>+25.0 %</td></tr>"));
  EXPECT_THAT(html, HasSubstr("<h3>Span paths added (1)</h3>\n<ul>\n<li><code>train/fwd</code>"));
  EXPECT_THAT(html,
              HasSubstr("<h3>Span paths removed (1)</h3>\n<ul>\n<li><code>train/forward</code>"));
  // Both curves on one chart, from each run's start.
  EXPECT_THAT(html, HasSubstr("<polyline class=\"curve baseline\""));
  EXPECT_THAT(html, HasSubstr("<polyline class=\"curve logical candidate\""));
}

TEST(ComparisonSectionTest, ListsStopAtTheirRowsAndCountTheRest) {
  TraceDiff diff;
  for (int i = 0; i < 5; ++i) {
    diff.spans.push_back({"p" + std::to_string(i), {}, {.count = 1}});
    diff.added_spans.push_back(static_cast<std::size_t>(i));
  }
  std::ostringstream out;
  WriteComparisonSection(out, diff, {}, {}, 10'000, 2);
  const std::string html = out.str();
  EXPECT_THAT(html, HasSubstr("<h3>Span paths added (5)</h3>\n<ul>\n<li><code>p0</code></li>\n"
                              "<li><code>p1</code></li>\n</ul>\n<p class=\"note\">and 3 more.</p>"));
  EXPECT_THAT(html, HasSubstr("<p class=\"empty\">Neither run has memory events.</p>"));
}

TEST(ComparisonSectionTest, TheComparisonPageIsTheReportWithOneMoreSection) {
  const TraceDocument base = testing::FoldTrace(SmallRun(0, "forward", 20, 64));
  const TraceDocument candidate = testing::FoldTrace(SmallRun(0, "forward", 30, 64));
  const std::string plain = WriteHtmlReport(candidate);
  const std::string compared = WriteHtmlComparisonReport(base, candidate);
  const std::size_t begin = compared.find("<section id=\"comparison\">");
  ASSERT_NE(begin, std::string::npos);
  const std::size_t end = compared.find("</section>\n", begin) + 11;
  std::string without = compared;
  without.erase(begin, end - begin);
  // The contents gain one link and the style sheet the section's rules; everything else is the
  // plain page's.
  const std::string link = "<li><a href=\"#comparison\">Compared with the baseline</a></li>";
  ASSERT_NE(without.find(link), std::string::npos);
  without.erase(without.find(link), link.size());
  const std::size_t style = without.find(kComparisonStyle);
  ASSERT_NE(style, std::string::npos);
  EXPECT_EQ(without.substr(style + kComparisonStyle.size(), 8), "</style>");
  without.erase(style, kComparisonStyle.size());
  EXPECT_EQ(without, plain);
}

// Two generated traces of 10^5 events, the candidate drawn from another seed: the page is
// written, bounded, and its table holds at most ten op and ten span rows.
TEST(ComparisonSectionTest, TwoGenerated100kEventTracesGiveABoundedSection) {
  const TraceDocument base = testing::FoldTrace(generator::GenerateTrace(100'000, 5));
  const TraceDocument candidate = testing::FoldTrace(generator::GenerateTrace(100'000, 6));
  const std::string page = WriteHtmlComparisonReport(base, candidate);
  const std::size_t begin = page.find("<section id=\"comparison\">");
  ASSERT_NE(begin, std::string::npos);
  const std::string section = page.substr(begin, page.find("</section>", begin) - begin);
  std::size_t rows = 0;
  for (std::size_t at = section.find("<tr><td>"); at != std::string::npos;
       at = section.find("<tr><td>", at + 1)) {
    ++rows;
  }
  EXPECT_LE(rows, 22u);
  EXPECT_GE(rows, 12u);
  EXPECT_THAT(section, HasSubstr("smaller change(s) not listed"));
  EXPECT_LT(section.size(), std::size_t{2} << 20);
  EXPECT_THAT(section, HasSubstr("<polyline class=\"curve baseline\""));
}

}  // namespace
}  // namespace tracedoc::report
