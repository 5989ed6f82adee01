#include "report/step_curve.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "report/units.hpp"

namespace tracedoc::report {
namespace {

// The values a curve takes within one column (or at one point, at full resolution).
struct Column {
  double x = 0;
  std::uint64_t min = 0;
  std::uint64_t max = 0;
  std::uint64_t last = 0;
};

// Writes `x,y` pairs, skipping one equal to the one before.
class PolylinePoints {
 public:
  explicit PolylinePoints(std::ostream& out) : out_(out) {}
  void Add(double x, double y) {
    std::string point = FormatPixels(x) + "," + FormatPixels(y);
    if (point == previous_) return;
    if (!previous_.empty()) out_ << ' ';
    out_ << point;
    previous_ = std::move(point);
  }

 private:
  std::ostream& out_;
  std::string previous_;
};

}  // namespace

double PlotArea::X(std::uint64_t timestamp_ns) const {
  const double offset = static_cast<double>(timestamp_ns - std::min(timestamp_ns, first_ns));
  return left_px + std::min(offset / span_ns, 1.0) * width_px;
}

double PlotArea::Y(std::uint64_t bytes) const {
  return top_px + height_px - std::min(static_cast<double>(bytes) / max_bytes, 1.0) * height_px;
}

bool WriteStepCurve(std::ostream& out, std::span<const CurvePoint> curve, const PlotArea& area,
                    std::size_t max_points, bool from_zero) {
  if (curve.empty()) return false;
  const bool reduce = curve.size() > max_points;
  PolylinePoints points(out);
  std::uint64_t entering = from_zero ? 0 : curve.front().bytes;
  bool started = false;
  std::size_t i = 0;
  while (i < curve.size()) {
    Column column;
    if (reduce) {
      // Whole pixel columns: every point that lands in this one.
      column.x = std::floor(area.X(curve[i].timestamp_ns));
      column.min = column.max = curve[i].bytes;
      for (; i < curve.size() && std::floor(area.X(curve[i].timestamp_ns)) == column.x; ++i) {
        column.min = std::min(column.min, curve[i].bytes);
        column.max = std::max(column.max, curve[i].bytes);
        column.last = curve[i].bytes;
      }
    } else {
      column = {area.X(curve[i].timestamp_ns), curve[i].bytes, curve[i].bytes, curve[i].bytes};
      ++i;
    }
    if (started || from_zero) points.Add(column.x, area.Y(entering));
    points.Add(column.x, area.Y(column.min));
    points.Add(column.x, area.Y(column.max));
    points.Add(column.x, area.Y(column.last));
    entering = column.last;
    started = true;
  }
  points.Add(area.left_px + area.width_px, area.Y(entering));
  return reduce;
}

}  // namespace tracedoc::report
