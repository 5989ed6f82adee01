// WriteMemoryCharts: a chart per device over the page's window, its curves as step polylines,
// the device's own peak and the global peak (on its device only), the legend, and the notes for
// devices left out and for reduced curves.
#include "report/memory_chart.hpp"

#include <sstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "report/memory_curves.hpp"
#include "report/shared_axis.hpp"

namespace tracedoc::report {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

std::size_t Count(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) {
    ++count;
  }
  return count;
}

// cpu: live bytes 40, 100, 20 with its peak of 100 at 500, and a used sample; `gpu&1`: a
// reserved sample only. The window is 0 to 1000 ns: x = 80 + 0.86 * ns.
MemoryCurves TwoDevices() {
  MemoryCurves curves;
  DeviceCurves& cpu = curves.devices.emplace_back();
  cpu.device = "cpu";
  cpu.logical = {{100, 40}, {500, 100}, {800, 20}};
  cpu.peak = CurvePoint{500, 100};
  cpu.used = {{300, 60}};
  DeviceCurves& gpu = curves.devices.emplace_back();
  gpu.device = "gpu&1";
  gpu.reserved = {{200, 80}};
  return curves;
}

const PeakMark kGlobalPeak{500, 120, "cpu", 100};

std::string Charts(const MemoryCurves& curves, std::size_t max_points = 100,
                   std::size_t max_devices = 8) {
  std::ostringstream out;
  WriteMemoryCharts(out, curves, {0, 1000}, max_points, kGlobalPeak, max_devices);
  return out.str();
}

TEST(MemoryChartTest, EachDeviceHasAChartWithItsCurvesAndPeak) {
  const std::string html = Charts(TwoDevices());
  EXPECT_THAT(html, ::testing::StartsWith("<h3>Device <code>cpu</code></h3>\n"
                                          "<svg class=\"memory-chart\""));
  EXPECT_THAT(html, HasSubstr("<h3>Device <code>gpu&amp;1</code></h3>"));
  // Live bytes rise from 0 at the first point and hold to the right edge; 100 bytes at the top.
  EXPECT_THAT(html, HasSubstr(R"(<polyline class="curve logical" points="166,206 166,130 )"
                              R"(510,130 510,16 768,16 768,168 940,168"/>)"));
  EXPECT_THAT(html, HasSubstr(R"(<polyline class="curve used" points="338,92 940,92"/>)"));
  EXPECT_THAT(html, HasSubstr(R"(<circle class="peak-marker" cx="510" cy="16" r="5">)"
                              "<title>peak of cpu: "));
  EXPECT_THAT(html, HasSubstr("<span class=\"key logical\"></span>live bytes (logical) "
                              "<span class=\"key used\"></span>used (physical samples) "
                              "<span class=\"key peak\"></span>peak: "));
  EXPECT_THAT(html, HasSubstr("<p class=\"legend\"><span class=\"key reserved\"></span>"
                              "reserved (physical samples) </p>"));
  EXPECT_THAT(html, Not(HasSubstr("class=\"note")));
}

// The global peak's instant is a line on every chart; its marker is on its device's only.
TEST(MemoryChartTest, TheGlobalPeakIsMarkedOnItsDeviceAndLinedOnEveryChart) {
  const std::string html = Charts(TwoDevices());
  EXPECT_EQ(Count(html, R"(<line class="peak-line" x1="510" y1="16" x2="510" y2="206"/>)"), 2u);
  EXPECT_EQ(Count(html, R"(<circle class="peak-marker global-peak" id="memory-peak" cx="510" )"
                        R"(cy="16" r="6">)"),
            1u);
  EXPECT_LT(html.find("id=\"memory-peak\""), html.find("gpu&amp;1"));
}

TEST(MemoryChartTest, DevicesBeyondTheCapAndLeftOutEarlierAreCounted) {
  MemoryCurves curves = TwoDevices();
  curves.devices_left_out = 3;
  const std::string html = Charts(curves, 100, /*max_devices=*/1);
  EXPECT_THAT(html, Not(HasSubstr("gpu&amp;1")));
  EXPECT_THAT(html, HasSubstr("<p class=\"note\">4 more device(s) not drawn here;"));
}

TEST(MemoryChartTest, ACurveAboveMaxPointsIsReducedAndSaysSo) {
  const std::string html = Charts(TwoDevices(), /*max_points=*/2);
  EXPECT_THAT(html, HasSubstr("<p class=\"note aggregated\">More than 2 points: each pixel column "
                              "shows the lowest and highest value in it.</p>"));
  EXPECT_EQ(Count(html, "note aggregated"), 1u);  // only cpu's logical curve has 3 points
}

}  // namespace
}  // namespace tracedoc::report
