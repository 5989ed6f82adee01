// What the report's time charts share: the grid, ticks and labels of a time axis and a bytes
// axis around a plot area, and a step curve drawn as one polyline.
#ifndef TRACEDOC_SRC_REPORT_CHART_FRAME_HPP_
#define TRACEDOC_SRC_REPORT_CHART_FRAME_HPP_

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

}  // namespace tracedoc::report

#endif  // TRACEDOC_SRC_REPORT_CHART_FRAME_HPP_
