// The steps of each rank of a converted TraceML export side by side (docs/report.md, "Steps per
// rank"): a small bar chart per rank on one shared duration scale, and a table of each rank's
// step figures. Written only for such a document; every other page is unchanged.
#ifndef TRACEDOC_SRC_REPORT_RANK_STEPS_HPP_
#define TRACEDOC_SRC_REPORT_RANK_STEPS_HPP_

#include <cstddef>
#include <ostream>

#include "tracedoc/document.hpp"

namespace tracedoc::report {

/// Writes `<section id="rank-steps">` for a document converted from TraceML that has rank spans
/// (the first eight ranks charted, `max_table_rows` in the table), or nothing. A chart of more
/// steps than its pixel columns draws the longest step of each column.
void WriteRankStepsSection(std::ostream& out, const TraceDocument& document,
                           std::size_t max_table_rows);

}  // namespace tracedoc::report

#endif  // TRACEDOC_SRC_REPORT_RANK_STEPS_HPP_
