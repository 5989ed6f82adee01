#include "report/chart_frame.hpp"

#include <string>

#include "report/units.hpp"

namespace tracedoc::report {

PlotArea TimeChartPlotArea() {
  PlotArea area;
  area.left_px = 80;
  area.top_px = 16;
  area.width_px = 860;
  area.height_px = 190;
  return area;
}

void WriteChartAxes(std::ostream& out, const PlotArea& area, const Axis& time, const Axis& bytes,
                    std::uint64_t first_ns, double chart_height) {
  const double bottom = area.top_px + area.height_px;
  const double right = area.left_px + area.width_px;
  for (std::size_t k = 0; k < bytes.ticks.size(); ++k) {
    const std::string y = FormatPixels(bottom - bytes.ticks[k] / bytes.max * area.height_px);
    out << "<line class=\"grid\" x1=\"" << FormatPixels(area.left_px) << "\" y1=\"" << y
        << "\" x2=\"" << FormatPixels(right) << "\" y2=\"" << y << "\"/>"
        << "<text class=\"tick\" x=\"" << FormatPixels(area.left_px - 6) << "\" y=\"" << y
        << "\" dy=\"4\" text-anchor=\"end\">" << bytes.labels[k] << "</text>\n";
  }
  for (std::size_t k = 0; k < time.ticks.size(); ++k) {
    const std::string x = FormatPixels(area.left_px + time.ticks[k] / time.max * area.width_px);
    out << "<line class=\"tick-mark\" x1=\"" << x << "\" y1=\"" << FormatPixels(bottom)
        << "\" x2=\"" << x << "\" y2=\"" << FormatPixels(bottom + 4) << "\"/>"
        << "<text class=\"tick\" x=\"" << x << "\" y=\"" << FormatPixels(bottom + 16)
        << "\" text-anchor=\"middle\">" << time.labels[k] << "</text>\n";
  }
  out << "<line class=\"axis x-axis\" x1=\"" << FormatPixels(area.left_px) << "\" y1=\""
      << FormatPixels(bottom) << "\" x2=\"" << FormatPixels(right) << "\" y2=\""
      << FormatPixels(bottom) << "\"/>"
      << "<line class=\"axis y-axis\" x1=\"" << FormatPixels(area.left_px) << "\" y1=\""
      << FormatPixels(area.top_px) << "\" x2=\"" << FormatPixels(area.left_px) << "\" y2=\""
      << FormatPixels(bottom) << "\"/>\n";
  out << "<text class=\"axis-label\" x=\"" << FormatPixels(area.left_px + area.width_px / 2)
      << "\" y=\"" << FormatPixels(chart_height - 8) << "\" text-anchor=\"middle\">time ("
      << time.unit << ")";
  if (first_ns != 0) out << " after timestamp " << FormatCount(first_ns) << " ns";
  out << "</text>\n";
  const std::string middle = FormatPixels(area.top_px + area.height_px / 2);
  out << "<text class=\"axis-label\" x=\"16\" y=\"" << middle << "\" transform=\"rotate(-90 16 "
      << middle << ")\" text-anchor=\"middle\">bytes (" << bytes.unit << ")</text>\n";
}

bool WriteCurve(std::ostream& out, std::string_view css_class, std::span<const CurvePoint> curve,
                const PlotArea& area, std::size_t max_points, bool from_zero) {
  if (curve.empty()) return false;
  out << "<polyline class=\"curve " << css_class << "\" points=\"";
  const bool reduced = WriteStepCurve(out, curve, area, max_points, from_zero);
  out << "\"/>\n";
  return reduced;
}

void WriteSvgSize(std::ostream& out, const ChartBox& box) {
  out << " width=\"" << box.width << "\" height=\"" << box.height << "\" viewBox=\"0 0 "
      << box.width << ' ' << box.height << '"';
}

void WriteGridLine(std::ostream& out, const ChartBox& box, std::string_view y, double label_gap,
                   std::string_view label) {
  out << "<line stroke=\"#eee\" x1=\"" << FormatPixels(box.left) << "\" y1=\"" << y << "\" x2=\""
      << FormatPixels(box.left + box.plot_width) << "\" y2=\"" << y << "\"/><text x=\""
      << FormatPixels(box.left - label_gap) << "\" y=\"" << y << "\" dy=\"4\" text-anchor=\"end\">"
      << label << "</text>\n";
}

void WriteBaseline(std::ostream& out, const ChartBox& box) {
  const std::string bottom = FormatPixels(box.bottom());
  out << "<line stroke=\"#333\" x1=\"" << FormatPixels(box.left) << "\" y1=\"" << bottom
      << "\" x2=\"" << FormatPixels(box.left + box.plot_width) << "\" y2=\"" << bottom << "\"/>\n";
}

}  // namespace tracedoc::report
