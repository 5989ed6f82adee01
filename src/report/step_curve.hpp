// A step curve (a value that holds until the next point) as the points of an SVG polyline, at
// full resolution or, above a number of points, reduced to the minimum, maximum and last value
// of each pixel column, so the page stays small and the peak is still drawn.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <span>

#include "report/memory_curves.hpp"

namespace tracedoc::report {

/// Where a chart's plot area is, and what its edges stand for.
struct PlotArea {
  double left_px = 0;
  double top_px = 0;
  double width_px = 1;
  double height_px = 1;
  std::uint64_t first_ns = 0;  // at left_px
  double span_ns = 1;          // from left_px to left_px + width_px
  double max_bytes = 1;        // at top_px; 0 is at the bottom

  double X(std::uint64_t timestamp_ns) const;
  double Y(std::uint64_t bytes) const;
};

/// Writes the `points` attribute value of a polyline drawing `curve` across `area`, from its
/// first point (rising from 0 there when `from_zero`) to the right edge. Above `max_points`
/// points, one pixel column holds one vertical stroke from its minimum to its maximum. Returns
/// whether the curve was reduced.
bool WriteStepCurve(std::ostream& out, std::span<const CurvePoint> curve, const PlotArea& area,
                    std::size_t max_points, bool from_zero);

}  // namespace tracedoc::report
