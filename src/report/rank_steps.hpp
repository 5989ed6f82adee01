// The steps of each rank of a converted TraceML export side by side (docs/report.md, "Steps per
// rank"): a small bar chart per rank on one shared duration scale, and a table of each rank's
// step figures. Written only for such a document; every other page is unchanged.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>

#include "tracedoc/document.hpp"

namespace tracedoc::report {

/// The rank whose median step is slowest (the lowest such rank on a tie), as `tracedoc summary`
/// picks it from the export, here from the document's step spans.
struct StragglerLine {
  std::uint64_t rank = 0;
  std::uint64_t median_step_ns = 0;
  /// Over the (nearest-rank) median of the ranks' medians.
  std::uint64_t lag_ns = 0;
};

/// The straggler of a document converted from TraceML with two ranks or more with steps.
std::optional<StragglerLine> FindStraggler(const TraceDocument& document);

/// Whether WriteRankStepsSection writes anything for `document`.
bool HasRankSteps(const TraceDocument& document);

/// Writes `<section id="rank-steps">` for a document converted from TraceML that has rank spans
/// (the first eight ranks charted, `max_table_rows` in the table), or nothing, naming
/// `straggler` (FindStraggler's, which the caller has already for the page's answers). A chart
/// of more steps than its pixel columns draws the longest step of each column.
void WriteRankStepsSection(std::ostream& out, const TraceDocument& document,
                           const std::optional<StragglerLine>& straggler,
                           std::size_t max_table_rows);

}  // namespace tracedoc::report
