// The health verdict (docs/analyses.md §6) on the page: valid or not, complete or not, and the
// issues grouped by severity, errors first.
#ifndef TRACEDOC_SRC_REPORT_HEALTH_SECTION_HPP_
#define TRACEDOC_SRC_REPORT_HEALTH_SECTION_HPP_

#include <cstddef>
#include <ostream>

#include "tracedoc/health.hpp"
#include "tracedoc/trace6_health.hpp"

namespace tracedoc::report {

/// Writes `section#health`; each severity lists at most `max_rows` issues, then a count.
void WriteHealthSection(std::ostream& out, const TraceHealth& health, std::size_t max_rows);

/// The same for a trace/6 report (docs/legacy-trace6.md §9.4): trusted or not, then the issues.
void WriteHealthSection(std::ostream& out, const Trace6Health& health, std::size_t max_rows);

}  // namespace tracedoc::report

#endif  // TRACEDOC_SRC_REPORT_HEALTH_SECTION_HPP_
