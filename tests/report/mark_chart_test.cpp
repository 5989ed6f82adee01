// The marks section: CollectMarkSeries' series per mark name (order, sorting, non-finite values)
// and WriteMarkCharts' SVG (value axis, polyline, single point, non-finite markers, reduction).
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "report/mark_chart.hpp"
#include "report/mark_series.hpp"
#include "report/shared_axis.hpp"
#include "support/fold_trace.hpp"
#include "support/test_traces.hpp"

namespace tracedoc::report {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::string Describe(const MarkSeries& series) {
  std::string text = series.name + ":";
  for (const MarkPoint& point : series.points) {
    std::ostringstream value;
    value << point.value;
    text += " " + std::to_string(point.ts_ns) + "=" + value.str();
  }
  for (const NonFiniteMark& mark : series.non_finite) {
    text += " " + std::to_string(mark.ts_ns) + "!" + mark.value;
  }
  return text;
}

TEST(MarkSeriesTest, OneSeriesPerNameInFirstAppearanceSortedByTime) {
  std::string meta(testdata::kMeta10);
  meta.replace(
      meta.rfind(R"("tags":{})"), 9,
      R"("tags":{},"cirron_marks":[{"name":"loss","value_type":"float","value":2.5,"ts_ns":9},)"
      R"({"name":"lr","value_type":"float","value":"Infinity","ts_ns":7},)"
      R"({"name":"loss","value_type":"int","value":1,"ts_ns":5},)"
      R"({"name":"lr","value_type":"float","value":null,"ts_ns":3},)"
      R"({"name":"lr","value_type":"float","value":")" +
          std::string(40, 'x') + R"(","ts_ns":8}])");
  std::string span = testdata::SpanStartLine("a", "a", 0);
  span.insert(span.size() - 1,
              R"(,"cirron_marks":[{"name":"acc","value_type":"float","value":0.5,"ts_ns":40}])");
  const TraceDocument document = testing::FoldTrace(testdata::Lines(
      {meta, span, testdata::SpanEndLine("a", 50), testdata::CompleteTerminalLine(50)}));
  std::vector<std::string> described;
  for (const MarkSeries& series : CollectMarkSeries(document)) {
    described.push_back(Describe(series));
  }
  // A null value is `non-finite`; a long string is shortened to 32 bytes and `…`.
  EXPECT_THAT(described,
              ::testing::ElementsAre("loss: 5=1 9=2.5",
                                     "lr: 3!non-finite 7!Infinity 8!" + std::string(32, 'x') +
                                         "\xE2\x80\xA6",
                                     "acc: 40=0.5"));
}

TEST(MarkSeriesTest, ATraceWithoutMarksHasNoSeries) {
  EXPECT_THAT(CollectMarkSeries(testing::FoldTrace(testdata::kSample)), ::testing::IsEmpty());
}

std::string Charts(const std::vector<MarkSeries>& series, TimeWindow window,
                   std::size_t max_points = 100) {
  std::ostringstream out;
  WriteMarkCharts(out, series, window, max_points);
  return out.str();
}

TEST(MarkChartTest, NoSeriesWritesNothing) { EXPECT_EQ(Charts({}, {0, 1000}), ""); }

// Values 1 to 3: ticks every 0.5 from 1 to 3, the plot 860 px from x=80 and 180 px from y=16.
TEST(MarkChartTest, ACurveIsDrawnOverTheWindowWithRoundedValueTicks) {
  const std::string html = Charts({{"loss", {{0, 1}, {500, 3}, {1000, 2}}, {}}}, {0, 1000});
  EXPECT_THAT(html, ::testing::StartsWith("<section id=\"marks\">\n<h2>Marks</h2>\n"
                                          "<h3>Mark <code>loss</code></h3>\n"));
  EXPECT_THAT(html, HasSubstr(R"(points="80,196 510,16 940,106 ")"));
  for (const char* tick : {">1</text>", ">1.5</text>", ">2</text>", ">2.5</text>", ">3</text>"}) {
    EXPECT_THAT(html, HasSubstr(tick));
  }
  EXPECT_THAT(html, HasSubstr("<p class=\"legend\">3 point(s)</p>"));
  EXPECT_THAT(html, Not(HasSubstr("aggregated")));
  EXPECT_THAT(html, ::testing::EndsWith("</section>\n"));
}

TEST(MarkChartTest, ASinglePointIsACircle) {
  const std::string html = Charts({{"acc", {{500, 7}}, {}}}, {0, 1000});
  EXPECT_THAT(html, HasSubstr(R"(<circle class="mark-point" fill="#2f6fd6" r="4" cx="510" )"
                              R"(cy="106"><title>7</title></circle>)"));
  EXPECT_THAT(html, Not(HasSubstr("<polyline")));
}

// Non-finite values are never coordinates: a marker above the plot per pixel column.
TEST(MarkChartTest, NonFiniteValuesAreMarkedAboveThePlot) {
  const std::string html =
      Charts({{"lr", {}, {{200, "NaN"}, {200, "Infinity"}, {800, "-Infinity"}}}}, {0, 1000});
  EXPECT_THAT(html, HasSubstr(R"(<path class="non-finite" fill="#d62f2f" d="M248 6h8l-4 7z">)"
                              "<title>NaN at "));
  EXPECT_THAT(html, HasSubstr("(2 non-finite values here)</title>"));
  EXPECT_THAT(html, HasSubstr(R"(d="M764 6h8l-4 7z"><title>-Infinity at )"));
  EXPECT_THAT(html, HasSubstr("0 point(s); 3 non-finite value(s)"));
  EXPECT_THAT(html, Not(HasSubstr("<polyline")));
}

// Five points in one pixel column: its first, lowest, highest and last stay; 7 goes.
TEST(MarkChartTest, AboveMaxPointsAPixelColumnKeepsFirstLowestHighestAndLast) {
  const std::string html =
      Charts({{"loss", {{0, 5}, {1, 1}, {2, 7}, {3, 9}, {4, 4}}, {}}}, {0, 1'000'000}, 2);
  EXPECT_THAT(html, HasSubstr(R"(points="80,106 80,178 80,34 80,124 ")"));
  EXPECT_THAT(html, HasSubstr("More than 2 points: each pixel column shows its first, lowest, "
                              "highest and last value."));
}

TEST(MarkChartTest, AtMostEightChartsAndANoteForTheRest) {
  std::vector<MarkSeries> series;
  for (int i = 0; i < 10; ++i) series.push_back({"m" + std::to_string(i), {{1, 1.0 * i}}, {}});
  const std::string html = Charts(series, {0, 10});
  EXPECT_THAT(html, HasSubstr("<code>m7</code>"));
  EXPECT_THAT(html, Not(HasSubstr("<code>m8</code>")));
  EXPECT_THAT(html, HasSubstr("<p class=\"note\">2 more mark name(s) not charted.</p>"));
}

}  // namespace
}  // namespace tracedoc::report
