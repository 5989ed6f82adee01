// Line charts of numeric marks (docs/report.md, "Marks"). The page's style sheet is shared with
// every report, so these charts carry their colours as attributes instead of new CSS rules.
#include "report/mark_chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "report/chart_frame.hpp"
#include "report/html_escape.hpp"
#include "report/units.hpp"

namespace tracedoc::report {
namespace {

constexpr std::size_t kMaxCharts = 8;
constexpr ChartBox kBox{
    .width = 960, .height = 240, .left = 80, .top = 16, .plot_width = 860, .plot_height = 180};
constexpr long double kValueTicks = 4;

// A value label: up to six significant digits, shortest form.
std::string FormatValue(long double value) {
  char buffer[48];
  const int n = std::snprintf(buffer, sizeof buffer, "%.6Lg", value);
  return n > 0 ? std::string(buffer, static_cast<std::size_t>(std::min<int>(n, 47))) : "?";
}

// The value axis: from a multiple of the step at or below the lowest value to one at or above
// the highest, the step 1, 2 or 5 times a power of ten giving at most kValueTicks steps. In long
// double, where doubles' extremes (±1e308) still subtract to a finite range.
struct ValueAxis {
  long double low = 0;
  long double high = 1;
  long double step = 1;
};

ValueAxis MakeValueAxis(double lowest, double highest) {
  long double low = lowest;
  long double high = highest;
  if (!(high > low)) {
    // One value (or all equal): a step of 1 around it, or of its own size.
    const long double size = std::fabs(low) > 1 ? std::pow(10.0L, std::floor(std::log10(std::fabs(low)))) : 1;
    low -= size;
    high += size;
  }
  const long double raw = (high - low) / kValueTicks;
  const long double power = std::pow(10.0L, std::floor(std::log10(raw)));
  long double step = power;
  for (const long double mantissa : {1.0L, 2.0L, 5.0L, 10.0L}) {
    step = mantissa * power;
    if (step * kValueTicks >= (high - low) * (1 - 1e-12L)) break;
  }
  ValueAxis axis;
  axis.step = step;
  axis.low = std::floor(low / step) * step;
  axis.high = std::ceil(high / step) * step;
  if (!(axis.high > axis.low)) axis.high = axis.low + step;
  return axis;
}

struct Frame {
  std::uint64_t first_ns = 0;
  double span_ns = 1;
  ValueAxis values;

  double X(std::uint64_t ts_ns) const {
    const double after = ts_ns > first_ns ? static_cast<double>(ts_ns - first_ns) : 0;
    return kBox.left + std::min(after / span_ns, 1.0) * kBox.plot_width;
  }
  double Y(long double value) const {
    return static_cast<double>(kBox.top + (values.high - value) / (values.high - values.low) *
                                              kBox.plot_height);
  }
};

Frame FrameOf(const MarkSeries& series, const TimeWindow& window) {
  Frame frame;
  frame.first_ns = window.origin_ns;
  frame.span_ns = static_cast<double>(std::max<std::uint64_t>(window.span_ns(), 1));
  if (series.points.empty()) return frame;
  const auto [low, high] = std::minmax_element(
      series.points.begin(), series.points.end(),
      [](const MarkPoint& a, const MarkPoint& b) { return a.value < b.value; });
  frame.values = MakeValueAxis(low->value, high->value);
  return frame;
}

// Where each non-finite value was: a small triangle above the plot per pixel column that had
// one (the first value of the column named in its title, the column's count beside it).
void WriteNonFinite(std::ostream& out, const MarkSeries& series, const Frame& frame) {
  for (std::size_t begin = 0; begin < series.non_finite.size();) {
    const long column = std::lround(frame.X(series.non_finite[begin].ts_ns));
    std::size_t end = begin;
    while (end < series.non_finite.size() &&
           std::lround(frame.X(series.non_finite[end].ts_ns)) == column) {
      ++end;
    }
    const double x = frame.X(series.non_finite[begin].ts_ns);
    out << "<path class=\"non-finite\" fill=\"#d62f2f\" d=\"M" << FormatPixels(x - 4) << ' '
        << FormatPixels(kBox.top - 10) << "h8l-4 7z\"><title>";
    WriteEscaped(out, series.non_finite[begin].value);
    out << " at " << FormatDuration(series.non_finite[begin].ts_ns -
                                    std::min(series.non_finite[begin].ts_ns, frame.first_ns));
    if (end - begin > 1) out << " (" << FormatCount(end - begin) << " non-finite values here)";
    out << "</title></path>\n";
    begin = end;
  }
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

void WriteChart(std::ostream& out, const MarkSeries& series, const TimeWindow& window,
                std::size_t max_points) {
  const Axis time = MakeExactAxis(Quantity::kNanoseconds, window.span_ns());
  const Frame frame = FrameOf(series, window);
  const double bottom = kBox.bottom();
  out << "<h3>Mark <code>";
  WriteEscaped(out, series.name);
  out << "</code></h3>\n<svg class=\"mark-chart\"";
  WriteSvgSize(out, kBox);
  out << " role=\"img\" aria-label=\"";
  WriteEscaped(out, series.name);
  out << " over time\">\n";
  if (!series.points.empty()) {
    // At most kValueTicks + 1 lines; the count, not the sum, ends the loop.
    for (int k = 0; k <= static_cast<int>(kValueTicks) + 2; ++k) {
      const long double value = frame.values.low + k * frame.values.step;
      if (value > frame.values.high + frame.values.step / 2) break;
      WriteGridLine(out, kBox, FormatPixels(frame.Y(value)), 6,
                    FormatValue(std::fabs(value) < frame.values.step * 1e-9L ? 0 : value));
    }
  }
  for (std::size_t k = 0; k < time.ticks.size(); ++k) {
    const std::string x = FormatPixels(kBox.left + time.ticks[k] / time.max * kBox.plot_width);
    out << "<text x=\"" << x << "\" y=\"" << FormatPixels(bottom + 16)
        << "\" text-anchor=\"middle\">" << time.labels[k] << "</text>\n";
  }
  WriteBaseline(out, kBox);
  out << "<text x=\"" << FormatPixels(kBox.left + kBox.plot_width / 2) << "\" y=\""
      << FormatPixels(kBox.height - 8) << "\" text-anchor=\"middle\">time (" << time.unit << ")";
  if (window.origin_ns != 0) out << " after timestamp " << FormatCount(window.origin_ns) << " ns";
  out << "</text>\n";
  bool reduced = false;
  if (series.points.size() == 1) {
    const MarkPoint& point = series.points.front();
    out << "<circle class=\"mark-point\" fill=\"#2f6fd6\" r=\"4\" cx=\""
        << FormatPixels(frame.X(point.ts_ns)) << "\" cy=\"" << FormatPixels(frame.Y(point.value))
        << "\"><title>" << FormatValue(point.value) << "</title></circle>\n";
  } else if (series.points.size() > 1) {
    out << "<polyline class=\"mark-curve\" fill=\"none\" stroke=\"#2f6fd6\" stroke-width=\"1.5\" "
           "points=\"";
    reduced = WritePoints(out, series, frame, max_points);
    out << "\"/>\n";
  }
  WriteNonFinite(out, series, frame);
  out << "</svg>\n<p class=\"legend\">" << FormatCount(series.points.size()) << " point(s)";
  if (!series.non_finite.empty()) {
    out << "; " << FormatCount(series.non_finite.size())
        << " non-finite value(s), marked \u25BC above the plot where they occur";
  }
  out << "</p>\n";
  if (reduced) {
    out << "<p class=\"note aggregated\">More than " << FormatCount(max_points)
        << " points: each pixel column shows its first, lowest, highest and last value.</p>\n";
  }
}

}  // namespace

void WriteMarkCharts(std::ostream& out, std::span<const MarkSeries> series,
                     const TimeWindow& window, std::size_t max_points) {
  if (series.empty()) return;
  out << "<section id=\"marks\">\n<h2>Marks</h2>\n";
  for (std::size_t i = 0; i < std::min(series.size(), kMaxCharts); ++i) {
    WriteChart(out, series[i], window, max_points);
  }
  if (series.size() > kMaxCharts) {
    out << "<p class=\"note\">" << FormatCount(series.size() - kMaxCharts)
        << " more mark name(s) not charted.</p>\n";
  }
  out << "</section>\n";
}

}  // namespace tracedoc::report
