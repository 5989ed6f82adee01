// The frame every time chart of the report shares: the bytes grid and labels, the time ticks, the
// axis titles, and a curve drawn as one polyline (nothing for an empty curve); and the small
// charts' svg size, labelled grid line and baseline.
#include "report/chart_frame.hpp"

#include <sstream>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace tracedoc::report {
namespace {

using ::testing::HasSubstr;

PlotArea Area() {
  PlotArea area = TimeChartPlotArea();
  area.span_ns = 1000;
  area.max_bytes = 4096;
  return area;
}

TEST(ChartFrameTest, AxesHaveTheirLabelsTitlesAndTheFirstTimestamp) {
  std::ostringstream out;
  WriteChartAxes(out, Area(), MakeExactAxis(Quantity::kNanoseconds, 1000),
                 MakeAxis(Quantity::kBytes, 4096), 5000, 260);
  const std::string svg = out.str();
  // The bottom grid line is at 16 + 190 = 206, labelled 0 at the left of the plot.
  EXPECT_THAT(svg, HasSubstr("<line class=\"grid\" x1=\"80\" y1=\"206\" x2=\"940\" y2=\"206\"/>"
                             "<text class=\"tick\" x=\"74\" y=\"206\" dy=\"4\" text-anchor=\"end\">0</text>"));
  EXPECT_THAT(svg, HasSubstr(">time (\u00b5s) after timestamp 5,000 ns</text>"));
  EXPECT_THAT(svg, HasSubstr("y=\"252\" text-anchor=\"middle\">time"));  // 260 - 8
  EXPECT_THAT(svg, HasSubstr("text-anchor=\"middle\">bytes (KiB)</text>"));
}

TEST(ChartFrameTest, ACurveIsOnePolylineAndAnEmptyOneNothing) {
  std::ostringstream out;
  const std::vector<CurvePoint> curve = {{0, 0}, {500, 4096}};
  EXPECT_FALSE(WriteCurve(out, "logical", curve, Area(), 10'000, true));
  EXPECT_THAT(out.str(), HasSubstr("<polyline class=\"curve logical\" points=\""));
  std::ostringstream none;
  EXPECT_FALSE(WriteCurve(none, "logical", {}, Area(), 10'000, true));
  EXPECT_EQ(none.str(), "");
  // Above max_points the curve is reduced to pixel columns.
  std::vector<CurvePoint> many;
  for (std::uint64_t t = 0; t < 5000; ++t) many.push_back({t % 1000, t});
  std::ostringstream reduced;
  EXPECT_TRUE(WriteCurve(reduced, "used", many, Area(), 100, false));
}

TEST(ChartBoxTest, SizeGridLineAndBaselineComeFromTheBox) {
  constexpr ChartBox kBox{
      .width = 300, .height = 170, .left = 56, .top = 10, .plot_width = 230, .plot_height = 130};
  EXPECT_EQ(kBox.bottom(), 140);
  std::ostringstream out;
  WriteSvgSize(out, kBox);
  EXPECT_EQ(out.str(), R"( width="300" height="170" viewBox="0 0 300 170")");
  out.str("");
  WriteGridLine(out, kBox, "75", 4, "2 ms");
  EXPECT_EQ(out.str(), R"(<line stroke="#eee" x1="56" y1="75" x2="286" y2="75"/>)"
                       R"(<text x="52" y="75" dy="4" text-anchor="end">2 ms</text>)"
                       "\n");
  out.str("");
  WriteBaseline(out, kBox);
  EXPECT_EQ(out.str(), R"(<line stroke="#333" x1="56" y1="140" x2="286" y2="140"/>)"
                       "\n");
}

}  // namespace
}  // namespace tracedoc::report
