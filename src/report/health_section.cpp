#include "report/health_section.hpp"

#include <algorithm>
#include <span>

#include "report/html_escape.hpp"
#include "report/units.hpp"
#include "format/revision_rules.hpp"

namespace tracedoc::report {
namespace {

void WriteIssues(std::ostream& out, std::span<const HealthIssue> issues, HealthSeverity severity,
                 std::size_t max_rows) {
  const std::string_view name = HealthSeverityName(severity);
  const auto count = static_cast<std::size_t>(
      std::count_if(issues.begin(), issues.end(),
                    [&](const HealthIssue& issue) { return issue.severity == severity; }));
  if (count == 0) return;
  out << "<h3>" << FormatCount(count) << ' ' << name << (count == 1 ? "" : "s")
      << "</h3>\n<ul class=\"issues " << name << "s\">\n";
  std::size_t shown = 0;
  for (const HealthIssue& issue : issues) {
    if (issue.severity != severity) continue;
    if (shown++ == max_rows) break;
    out << "<li class=\"issue severity-" << name << "\"><code>" << HealthCodeName(issue.code)
        << "</code> ";
    WriteEscaped(out, issue.message);
    out << "</li>\n";
  }
  out << "</ul>\n";
  if (count > max_rows) {
    out << "<p class=\"note\">" << FormatCount(count - max_rows) << " more " << name
        << "(s) not listed: `tracedoc health` prints them all.</p>\n";
  }
}

}  // namespace

std::string_view VerdictText(const TraceHealth& health) {
  if (format::RulesOf(health.revision).legacy_analyses) {
    return health.structurally_valid ? "Trusted" : "Not trusted";
  }
  return health.structurally_valid ? "Structurally valid" : "Not structurally valid";
}

void WriteHealthSection(std::ostream& out, const TraceHealth& health, std::size_t max_rows) {
  out << "<section id=\"health\">\n<h2>Health</h2>\n<p class=\"verdict "
      << (health.structurally_valid ? "verdict-valid" : "verdict-invalid") << "\">"
      << VerdictText(health);
  // Trace/6 has no terminal: the revision stands where the capture state would.
  if (format::RulesOf(health.revision).legacy_analyses) {
    out << " (candle-graph/trace/6); ";
  } else {
    out << "; " << (health.capture_complete ? "capture complete" : "capture failed") << "; ";
  }
  out << FormatCount(health.issues.size()) << " issue(s).</p>\n";
  WriteIssues(out, health.issues, HealthSeverity::kError, max_rows);
  WriteIssues(out, health.issues, HealthSeverity::kWarning, max_rows);
  out << "</section>\n";
}

}  // namespace tracedoc::report
