// What the report's charts share. The time charts: the grid, ticks and labels of a time axis and
// a bytes axis around a plot area, and a step curve drawn as one polyline. The small fixed-size
// charts (the mark charts, the steps per rank): their box, the svg's size, a labelled grid line
// and the baseline, with colours as attributes, since the page's style sheet is every report's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <span>
#include <string_view>

#include "report/memory_curves.hpp"
#include "report/step_curve.hpp"
#include "report/units.hpp"

namespace tracedoc::report {

/// The size of the report's time charts (memory per device, the comparison's live bytes).
inline constexpr double kTimeChartWidth = 960;
inline constexpr double kTimeChartHeight = 260;

/// Their plot area: room on the left for byte labels, below for time labels; time and bytes
/// spans are the caller's.
PlotArea TimeChartPlotArea();

/// The bytes grid and labels on the left, the time ticks and labels below, both axis lines and
/// their titles (the time title says `first_ns` when it is not 0), for a chart `chart_height`
/// pixels high.
void WriteChartAxes(std::ostream& out, const PlotArea& area, const Axis& time, const Axis& bytes,
                    std::uint64_t first_ns, double chart_height);

/// `curve` as a `<polyline class="curve CSS_CLASS">` across `area` (WriteStepCurve); nothing
/// for an empty curve. Returns whether it was reduced to pixel columns.
bool WriteCurve(std::ostream& out, std::string_view css_class, std::span<const CurvePoint> curve,
                const PlotArea& area, std::size_t max_points, bool from_zero);

/// A small chart's svg size and where its plot sits in it, in pixels.
struct ChartBox {
  double width = 0;
  double height = 0;
  double left = 0;  // the plot's left edge
  double top = 0;   // the plot's top edge
  double plot_width = 0;
  double plot_height = 0;

  constexpr double bottom() const { return top + plot_height; }
};

/// ` width="W" height="H" viewBox="0 0 W H"`, for the svg element.
void WriteSvgSize(std::ostream& out, const ChartBox& box);

/// A light line across the plot at `y` (formatted pixels), and `label` right-aligned
/// `label_gap` pixels left of the plot.
void WriteGridLine(std::ostream& out, const ChartBox& box, std::string_view y, double label_gap,
                   std::string_view label);

/// The dark line along the plot's bottom edge, and a line break.
void WriteBaseline(std::ostream& out, const ChartBox& box);

}  // namespace tracedoc::report
