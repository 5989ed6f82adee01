// The top of the report: who ran what (run identity), how it ended (the terminal), and the
// summary's figures.
#pragma once

#include <cstddef>
#include <ostream>

#include "tracedoc/document.hpp"
#include "tracedoc/summary.hpp"

namespace tracedoc::report {

/// Writes `section#run`: the run's metadata and outcome (at most `max_rows` tags, then how
/// many more), then `table.summary`.
void WriteRunSection(std::ostream& out, const TraceDocument& document,
                     const TraceSummary& summary, std::size_t max_rows);

}  // namespace tracedoc::report
