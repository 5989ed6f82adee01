// The report's comparison with a baseline run (docs/report.md, "Compared with a baseline"): the
// largest changes, both runs' logical live bytes on one chart, and what changed in structure
// and health, from one TraceDiff.
#pragma once

#include <cstddef>
#include <ostream>
#include <string_view>
#include <vector>

#include "report/memory_curves.hpp"
#include "tracedoc/diff.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::report {

/// The style rules the section adds to the page's (in the head, after them): a page without the
/// section keeps its bytes.
inline constexpr std::string_view kComparisonStyle =
    ".curve.baseline{stroke:#888;stroke-dasharray:5 3}.key.baseline{background:#888}\n"
    "table.changes td:nth-child(n+3){text-align:right;font-variant-numeric:tabular-nums}\n";

/// A run's live bytes over all devices (the logical plane's timeline, replayed), with time
/// counted from the run's first span start or memory event: runs of two clocks then share an
/// axis. One point where the value changes.
std::vector<CurvePoint> LiveBytesFromStart(const TraceDocument& document);

/// Writes `section#comparison`: `table.changes` (the run's total and logical peak, then at most
/// ten op names and ten span paths, largest change first), `svg.comparison-chart` (the two
/// curves, each reduced to pixel columns above `max_points`), the span paths added and removed
/// and the health codes new and gone (at most `max_rows` of each list, then how many more).
void WriteComparisonSection(std::ostream& out, const TraceDiff& diff,
                            const std::vector<CurvePoint>& baseline_curve,
                            const std::vector<CurvePoint>& candidate_curve,
                            std::size_t max_points, std::size_t max_rows);

}  // namespace tracedoc::report
