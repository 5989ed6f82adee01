// `tracedoc report FILE [-o OUT]`: the HTML report (docs/report.md) on stdout or in OUT; exit 1
// when the trace does not fold, 2 when it cannot be read or OUT cannot be written.
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "tracedoc/html_report.hpp"

namespace tracedoc::cli {
namespace {

struct ReportArgs {
  TraceArgument trace;
  std::string output = "-";
};

int RunReport(const ReportArgs& args) {
  return RunOnTraceTo(args.trace, args.output, "report",
                      [](const TraceDocument& document, std::ostream& out) {
                        // Streamed: the page is never held whole.
                        WriteHtmlReport(document, out);
                        return kExitOk;
                      });
}

}  // namespace

void AddReportCommand(CLI::App& app, std::function<int()>& run) {
  auto args = std::make_shared<ReportArgs>();
  CLI::App* command = app.add_subcommand(
      "report", "Write a self-contained HTML report: answers, timeline, memory, steps, top ops, health");
  AddTraceArgument(*command, args->trace);
  AddOutputOption(*command, args->output);
  command->footer("Example: tracedoc report run.jsonl -o report.html");
  command->callback([args, &run] { run = [args] { return RunReport(*args); }; });
}

}  // namespace tracedoc::cli
