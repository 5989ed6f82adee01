// The health verdict (docs/analyses.md §6) on the page: valid or not, complete or not, and the
// issues grouped by severity, errors first.
#pragma once

#include <cstddef>
#include <ostream>
#include <string_view>
#include <vector>

#include "tracedoc/health.hpp"

namespace tracedoc::report {

/// What the page shows of a health report, kept instead of the report: a large run can raise an
/// issue per record (hundreds of thousands, tens of MB of messages), and the page lists only
/// the first `max_rows` of each severity while the timeline and the memory charts are built.
struct HealthDigest {
  bool structurally_valid = true;
  bool capture_complete = true;
  SchemaRevision revision = SchemaRevision::kTrace10;
  std::size_t errors = 0;
  std::size_t warnings = 0;
  /// The first `max_rows` issues of each severity, in the report's order.
  std::vector<HealthIssue> shown_errors;
  std::vector<HealthIssue> shown_warnings;
};

/// The verdict, the counts and the first `max_rows` issues of each severity of `health`.
HealthDigest DigestHealth(TraceHealth health, std::size_t max_rows);

/// The verdict's words: "Structurally valid" or "Not structurally valid", for a trace/6 report
/// (docs/legacy-trace6.md §9.4) "Trusted" or "Not trusted".
std::string_view VerdictText(const HealthDigest& health);

/// Writes `section#health`: the verdict (for trace/6: trusted or not, and no capture state),
/// then each severity's issues that the digest kept, then a count of the rest.
void WriteHealthSection(std::ostream& out, const HealthDigest& health);

}  // namespace tracedoc::report
