#include "report/memory_chart.hpp"

#include <algorithm>
#include <cstdint>

#include "report/chart_frame.hpp"
#include "report/html_escape.hpp"
#include "report/step_curve.hpp"
#include "report/units.hpp"

namespace tracedoc::report {
namespace {

constexpr double kWidth = kTimeChartWidth;
constexpr double kHeight = kTimeChartHeight;

std::uint64_t Largest(std::span<const CurvePoint> curve) {
  std::uint64_t largest = 0;
  for (const CurvePoint& point : curve) largest = std::max(largest, point.bytes);
  return largest;
}

// The global peak's instant on every chart (a dashed line), and on the chart of the device that
// holds the most bytes then, a marker at that device's bytes: the instant the live-at-peak
// table is taken at.
void WriteGlobalPeak(std::ostream& out, const PlotArea& area, std::string_view device,
                     const PeakMark& peak) {
  const std::string x = FormatPixels(area.X(peak.timestamp_ns));
  out << "<line class=\"peak-line\" x1=\"" << x << "\" y1=\"" << FormatPixels(area.top_px)
      << "\" x2=\"" << x << "\" y2=\"" << FormatPixels(area.top_px + area.height_px) << "\"/>\n";
  if (device != peak.device) return;
  out << "<circle class=\"peak-marker global-peak\" id=\"memory-peak\" cx=\"" << x << "\" cy=\""
      << FormatPixels(area.Y(peak.device_bytes)) << "\" r=\"6\"><title>global logical peak: "
      << FormatBytes(peak.bytes) << " (" << FormatCount(peak.bytes) << " bytes) live at timestamp "
      << FormatCount(peak.timestamp_ns) << " ns, " << FormatBytes(peak.device_bytes) << " on ";
  WriteEscaped(out, device);
  out << "</title></circle>\n";
}

void WriteDeviceChart(std::ostream& out, const DeviceCurves& device, const TimeWindow& window,
                      std::size_t max_points, const std::optional<PeakMark>& peak) {
  const Axis time = MakeExactAxis(Quantity::kNanoseconds, window.span_ns());
  const std::uint64_t largest = std::max(
      {device.peak ? device.peak->bytes : 0, Largest(device.used), Largest(device.reserved)});
  const Axis bytes = MakeAxis(Quantity::kBytes, largest);
  PlotArea area = TimeChartPlotArea();
  area.first_ns = window.origin_ns;
  area.span_ns = time.max;
  area.max_bytes = bytes.max;

  out << "<h3>Device <code>";
  WriteEscaped(out, device.device);
  out << "</code></h3>\n<svg class=\"memory-chart\" width=\"" << kWidth << "\" height=\""
      << kHeight << "\" viewBox=\"0 0 " << kWidth << ' ' << kHeight
      << "\" role=\"img\" aria-label=\"memory over time\">\n";
  WriteChartAxes(out, area, time, bytes, window.origin_ns, kHeight);
  bool reduced = WriteCurve(out, "reserved", device.reserved, area, max_points, false);
  reduced |= WriteCurve(out, "used", device.used, area, max_points, false);
  reduced |= WriteCurve(out, "logical", device.logical, area, max_points, true);
  if (device.peak) {
    out << "<circle class=\"peak-marker\" cx=\"" << FormatPixels(area.X(device.peak->timestamp_ns)) << "\" cy=\""
        << FormatPixels(area.Y(device.peak->bytes)) << "\" r=\"5\"><title>peak of ";
    WriteEscaped(out, device.device);
    out << ": " << FormatBytes(device.peak->bytes) << " (" << FormatCount(device.peak->bytes)
        << " bytes) live at timestamp " << FormatCount(device.peak->timestamp_ns)
        << " ns</title></circle>\n";
  }
  if (peak) WriteGlobalPeak(out, area, device.device, *peak);
  out << "</svg>\n<p class=\"legend\">";
  if (!device.logical.empty()) out << "<span class=\"key logical\"></span>live bytes (logical) ";
  if (!device.used.empty()) out << "<span class=\"key used\"></span>used (physical samples) ";
  if (!device.reserved.empty()) {
    out << "<span class=\"key reserved\"></span>reserved (physical samples) ";
  }
  if (device.peak) {
    out << "<span class=\"key peak\"></span>peak: " << FormatBytes(device.peak->bytes)
        << " at timestamp " << FormatCount(device.peak->timestamp_ns) << " ns";
  }
  out << "</p>\n";
  if (reduced) {
    out << "<p class=\"note aggregated\">More than " << FormatCount(max_points)
        << " points: each pixel column shows the lowest and highest value in it.</p>\n";
  }
}

}  // namespace

void WriteMemoryCharts(std::ostream& out, const MemoryCurves& curves, const TimeWindow& window,
                       std::size_t max_points, const std::optional<PeakMark>& peak,
                       std::size_t max_devices) {
  const std::size_t shown = std::min(curves.devices.size(), max_devices);
  for (std::size_t k = 0; k < shown; ++k) {
    WriteDeviceChart(out, curves.devices[k], window, max_points, peak);
  }
  const std::size_t left_out = curves.devices.size() - shown + curves.devices_left_out;
  if (left_out != 0) {
    out << "<p class=\"note\">" << FormatCount(left_out)
        << " more device(s) not drawn here; the interactive timeline above draws every device."
        << "</p>\n";
  }
}

}  // namespace tracedoc::report
