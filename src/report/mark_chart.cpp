// Line charts of numeric marks (docs/report.md, "Marks"). The page's style sheet is shared with
// every report, so these charts carry their colours as attributes instead of new CSS rules.
#include "report/mark_chart.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>
#include <vector>

#include "report/html_escape.hpp"
#include "report/units.hpp"

namespace tracedoc::report {
namespace {

constexpr std::size_t kMaxCharts = 8;
constexpr double kWidth = 960;
constexpr double kHeight = 240;
constexpr double kLeft = 80;
constexpr double kTop = 16;
constexpr double kPlotWidth = 860;
constexpr double kPlotHeight = 180;
constexpr int kValueTicks = 4;

// A value label: up to six significant digits, shortest form.
std::string FormatValue(double value) {
  char buffer[32];
  const auto [end, error] =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general, 6);
  return error == std::errc() ? std::string(buffer, end) : std::string("?");
}

struct Frame {
  std::uint64_t first_ns = 0;
  double span_ns = 1;
  double low = 0;
  double high = 1;

  double X(std::uint64_t ts_ns) const {
    return kLeft + static_cast<double>(ts_ns - first_ns) / span_ns * kPlotWidth;
  }
  double Y(double value) const { return kTop + (high - value) / (high - low) * kPlotHeight; }
};

Frame FrameOf(const MarkSeries& series, const Axis& time) {
  Frame frame;
  frame.first_ns = series.points.front().ts_ns;
  frame.span_ns = time.max;
  const auto [low, high] = std::minmax_element(
      series.points.begin(), series.points.end(),
      [](const MarkPoint& a, const MarkPoint& b) { return a.value < b.value; });
  frame.low = low->value;
  frame.high = high->value;
  if (!(frame.high > frame.low)) {
    frame.low -= 1;
    frame.high += 1;
  }
  return frame;
}

// The polyline's points; above `max_points`, the first, lowest, highest and last point of each
// pixel column, in time order. Returns whether it was reduced.
bool WritePoints(std::ostream& out, const MarkSeries& series, const Frame& frame,
                 std::size_t max_points) {
  const auto write = [&](const MarkPoint& point) {
    out << FormatPixels(frame.X(point.ts_ns)) << ',' << FormatPixels(frame.Y(point.value)) << ' ';
  };
  if (series.points.size() <= max_points) {
    for (const MarkPoint& point : series.points) write(point);
    return false;
  }
  std::size_t begin = 0;
  while (begin < series.points.size()) {
    const long column = std::lround(frame.X(series.points[begin].ts_ns));
    std::size_t end = begin;
    std::size_t low = begin;
    std::size_t high = begin;
    while (end < series.points.size() && std::lround(frame.X(series.points[end].ts_ns)) == column) {
      if (series.points[end].value < series.points[low].value) low = end;
      if (series.points[end].value > series.points[high].value) high = end;
      ++end;
    }
    std::size_t picks[] = {begin, std::min(low, high), std::max(low, high), end - 1};
    for (std::size_t k = 0; k < 4; ++k) {
      if (k == 0 || picks[k] != picks[k - 1]) write(series.points[picks[k]]);
    }
    begin = end;
  }
  return true;
}

void WriteChart(std::ostream& out, const MarkSeries& series, std::size_t max_points) {
  const Axis time =
      MakeAxis(Quantity::kNanoseconds, series.points.back().ts_ns - series.points.front().ts_ns);
  const Frame frame = FrameOf(series, time);
  const double bottom = kTop + kPlotHeight;
  out << "<h3>Mark <code>";
  WriteEscaped(out, series.name);
  out << "</code></h3>\n<svg class=\"mark-chart\" width=\"" << kWidth << "\" height=\"" << kHeight
      << "\" viewBox=\"0 0 " << kWidth << ' ' << kHeight << "\" role=\"img\" aria-label=\"";
  WriteEscaped(out, series.name);
  out << " over time\">\n";
  for (int k = 0; k <= kValueTicks; ++k) {
    const double value = frame.low + (frame.high - frame.low) * k / kValueTicks;
    const std::string y = FormatPixels(frame.Y(value));
    out << "<line stroke=\"#eee\" x1=\"" << FormatPixels(kLeft) << "\" y1=\"" << y << "\" x2=\""
        << FormatPixels(kLeft + kPlotWidth) << "\" y2=\"" << y << "\"/><text x=\""
        << FormatPixels(kLeft - 6) << "\" y=\"" << y << "\" dy=\"4\" text-anchor=\"end\">"
        << FormatValue(value) << "</text>\n";
  }
  for (std::size_t k = 0; k < time.ticks.size(); ++k) {
    const std::string x = FormatPixels(kLeft + time.ticks[k] / time.max * kPlotWidth);
    out << "<text x=\"" << x << "\" y=\"" << FormatPixels(bottom + 16)
        << "\" text-anchor=\"middle\">" << time.labels[k] << "</text>\n";
  }
  out << "<line stroke=\"#333\" x1=\"" << FormatPixels(kLeft) << "\" y1=\""
      << FormatPixels(bottom) << "\" x2=\"" << FormatPixels(kLeft + kPlotWidth) << "\" y2=\""
      << FormatPixels(bottom) << "\"/>\n<text x=\"" << FormatPixels(kLeft + kPlotWidth / 2)
      << "\" y=\"" << FormatPixels(kHeight - 8) << "\" text-anchor=\"middle\">time (" << time.unit
      << ") after timestamp " << FormatCount(frame.first_ns) << " ns</text>\n"
      << "<polyline class=\"mark-curve\" fill=\"none\" stroke=\"#2f6fd6\" stroke-width=\"1.5\" "
         "points=\"";
  const bool reduced = WritePoints(out, series, frame, max_points);
  out << "\"/>\n</svg>\n<p class=\"legend\">" << FormatCount(series.points.size())
      << " point(s)";
  if (series.non_finite != 0) {
    out << "; " << FormatCount(series.non_finite) << " non-finite value(s) not drawn";
  }
  out << "</p>\n";
  if (reduced) {
    out << "<p class=\"note aggregated\">More than " << FormatCount(max_points)
        << " points: each pixel column shows its first, lowest, highest and last value.</p>\n";
  }
}

}  // namespace

void WriteMarkCharts(std::ostream& out, std::span<const MarkSeries> series,
                     std::size_t max_points) {
  if (series.empty()) return;
  out << "<section id=\"marks\">\n<h2>Marks</h2>\n";
  for (std::size_t i = 0; i < std::min(series.size(), kMaxCharts); ++i) {
    WriteChart(out, series[i], max_points);
  }
  if (series.size() > kMaxCharts) {
    out << "<p class=\"note\">" << FormatCount(series.size() - kMaxCharts)
        << " more mark name(s) not charted.</p>\n";
  }
  out << "</section>\n";
}

}  // namespace tracedoc::report
