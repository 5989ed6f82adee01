// `tracedoc report FILE [-o OUT]`: the HTML report (docs/report.md) on stdout or in OUT; exit 1
// when the trace does not fold, 2 when it cannot be read or OUT cannot be written.
#include <ostream>

#include "cli/commands.hpp"
#include "tracedoc/html_report.hpp"

namespace tracedoc::cli {

void AddReportCommand(CLI::App& app, std::function<int()>& run) {
  AddTraceToOutputCommand(
      app, run,
      {"report",
       "Write a self-contained HTML report: answers, timeline, memory, steps, top ops, health",
       "tracedoc report run.jsonl -o report.html"},
      [](const TraceDocument& document, std::ostream& out) {
        // Streamed: the page is never held whole.
        WriteHtmlReport(document, out);
        return kExitOk;
      });
}

}  // namespace tracedoc::cli
