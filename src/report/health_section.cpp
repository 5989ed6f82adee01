#include "report/health_section.hpp"

#include <span>
#include <utility>

#include "report/html_escape.hpp"
#include "report/units.hpp"
#include "format/revision_rules.hpp"

namespace tracedoc::report {
namespace {

void WriteIssues(std::ostream& out, std::span<const HealthIssue> shown, std::size_t count,
                 HealthSeverity severity) {
  const std::string_view name = HealthSeverityName(severity);
  if (count == 0) return;
  out << "<h3>" << FormatCount(count) << ' ' << name << (count == 1 ? "" : "s")
      << "</h3>\n<ul class=\"issues " << name << "s\">\n";
  for (const HealthIssue& issue : shown) {
    out << "<li class=\"issue severity-" << name << "\"><code>" << HealthCodeName(issue.code)
        << "</code> ";
    WriteEscaped(out, issue.message);
    out << "</li>\n";
  }
  out << "</ul>\n";
  if (count > shown.size()) {
    out << "<p class=\"note\">" << FormatCount(count - shown.size()) << " more " << name
        << "(s) not listed: `tracedoc health` prints them all.</p>\n";
  }
}

}  // namespace

HealthDigest DigestHealth(TraceHealth health, std::size_t max_rows) {
  HealthDigest digest{health.structurally_valid, health.capture_complete, health.revision, 0, 0,
                      {}, {}};
  for (HealthIssue& issue : health.issues) {
    const bool error = issue.severity == HealthSeverity::kError;
    std::size_t& count = error ? digest.errors : digest.warnings;
    std::vector<HealthIssue>& shown = error ? digest.shown_errors : digest.shown_warnings;
    if (count++ < max_rows) shown.push_back(std::move(issue));
  }
  return digest;
}

std::string_view VerdictText(const HealthDigest& health) {
  if (format::RulesOf(health.revision).legacy_analyses) {
    return health.structurally_valid ? "Trusted" : "Not trusted";
  }
  return health.structurally_valid ? "Structurally valid" : "Not structurally valid";
}

void WriteHealthSection(std::ostream& out, const HealthDigest& health) {
  out << "<section id=\"health\">\n<h2>Health</h2>\n<p class=\"verdict "
      << (health.structurally_valid ? "verdict-valid" : "verdict-invalid") << "\">"
      << VerdictText(health);
  // Trace/6 has no terminal: the revision stands where the capture state would.
  if (format::RulesOf(health.revision).legacy_analyses) {
    out << " (candle-graph/trace/6); ";
  } else {
    out << "; " << (health.capture_complete ? "capture complete" : "capture failed") << "; ";
  }
  out << FormatCount(health.errors + health.warnings) << " issue(s).</p>\n";
  WriteIssues(out, health.shown_errors, health.errors, HealthSeverity::kError);
  WriteIssues(out, health.shown_warnings, health.warnings, HealthSeverity::kWarning);
  out << "</section>\n";
}

}  // namespace tracedoc::report
