// The health verdict (docs/analyses.md §6) on the page: valid or not, complete or not, and the
// issues grouped by severity, errors first.
#ifndef TRACEDOC_SRC_REPORT_HEALTH_SECTION_HPP_
#define TRACEDOC_SRC_REPORT_HEALTH_SECTION_HPP_

#include <cstddef>
#include <ostream>

#include "tracedoc/health.hpp"

namespace tracedoc::report {

/// Writes `section#health`; each severity lists at most `max_rows` issues, then a count.
void WriteHealthSection(std::ostream& out, const TraceHealth& health, std::size_t max_rows);

}  // namespace tracedoc::report

#endif  // TRACEDOC_SRC_REPORT_HEALTH_SECTION_HPP_
