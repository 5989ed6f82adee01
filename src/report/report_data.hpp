// The page's data block (docs/report.md, "The data block"): the timeline's rows and frames, the
// memory curves and the peak as one JSON document inside
// `<script type="application/json" id="tracedoc-report-data">`, for the page's script and for any
// other tool that reads the page.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string_view>

#include "report/memory_curves.hpp"
#include "report/report_lanes.hpp"
#include "report/shared_axis.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::report {

/// From the first frame start or memory point to the last frame end or the terminal.
TimeWindow ReportWindow(const ReportTimeline& timeline, const MemoryCurves& curves);

/// The format string of the block.
inline constexpr std::string_view kReportDataFormat = "tracedoc-report-data/1";

/// Writes the whole `<script type="application/json" …>` element. At most `max_frames` frames
/// are written one by one, the longest; the others are summed per row and time bucket. Each
/// memory curve is cut to at most a few points per column of `kMemoryColumns`. The size is
/// linear in the frames kept, the rows and the devices, never in a name's repetitions.
void WriteReportData(std::ostream& out, const TraceDocument& document,
                     const ReportTimeline& timeline, const MemoryCurves& curves,
                     const std::optional<PeakMark>& peak, const TimeWindow& window,
                     std::size_t max_frames);

/// Columns a memory curve is reduced to in the data block (lowest, highest and last value each).
inline constexpr std::size_t kMemoryColumns = 2000;
/// Time buckets of the aggregated frames over the window.
inline constexpr std::uint64_t kFrameBuckets = 2000;

}  // namespace tracedoc::report
