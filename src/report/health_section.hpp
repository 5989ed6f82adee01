// The health verdict (docs/analyses.md §6) on the page: valid or not, complete or not, and the
// issues grouped by severity, errors first.
#pragma once

#include <cstddef>
#include <ostream>
#include <string_view>

#include "tracedoc/health.hpp"

namespace tracedoc::report {

/// The verdict's words: "Structurally valid" or "Not structurally valid", for a trace/6 report
/// (docs/legacy-trace6.md §9.4) "Trusted" or "Not trusted".
std::string_view VerdictText(const TraceHealth& health);

/// Writes `section#health`: the verdict (for trace/6: trusted or not, and no capture state),
/// then each severity's issues, at most `max_rows` of them, then a count.
void WriteHealthSection(std::ostream& out, const TraceHealth& health, std::size_t max_rows);

}  // namespace tracedoc::report
