// The timeline as static SVG (`svg.timeline-overview`): the page's picture of the lanes without
// JavaScript, on the same time window as the memory charts. Frames of a pixel or more are drawn
// one by one with their name when it fits (cut with an ellipsis); narrower ones merge into busy
// runs per row.
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>

#include "report/report_data.hpp"
#include "report/report_lanes.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::report {

/// The overview's plot width in pixels (rows' labels sit to its left).
inline constexpr double kOverviewPlotPx = 1000;
/// Rows drawn; the rest are counted in a note (the interactive timeline shows them all).
inline constexpr std::size_t kMaxOverviewRows = 64;

/// Writes the overview, at most about `max_elements` drawn shapes, with its notes.
void WriteTimelineOverview(std::ostream& out, const TraceDocument& document,
                           const ReportTimeline& timeline, const TimeWindow& window,
                           const std::optional<PeakMark>& peak, std::size_t max_elements);

}  // namespace tracedoc::report
