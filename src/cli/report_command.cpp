// `tracedoc report FILE [-o OUT] [--baseline BASE]`: the HTML report (docs/report.md) on stdout
// or in OUT, with a section comparing FILE with BASE when given; exit 1 when a trace does not
// fold, 2 when one cannot be read or OUT cannot be written.
#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "cli/commands.hpp"
#include "tracedoc/html_report.hpp"

namespace tracedoc::cli {
namespace {

struct ReportArgs {
  TraceArgument trace;
  std::string output = "-";
  std::string baseline;
};

int RunReport(const ReportArgs& args) {
  std::optional<TraceDocument> baseline;
  if (!args.baseline.empty()) {
    // The baseline's format is recognized by itself: --from names the report's own input.
    Result<TraceDocument> read =
        ReadTraceArgument(
            {.file = args.baseline, .threads = args.trace.threads, .from = {}, .session = {}});
    if (!read) return ReportReadError(args.baseline, read.error());
    baseline = std::move(read).value();
  }
  return RunOnTraceTo(args.trace, args.output, "report",
                      [&](const TraceDocument& document, std::ostream& out) {
                        // Streamed: the page is never held whole.
                        if (baseline) {
                          WriteHtmlComparisonReport(*baseline, document, out);
                        } else {
                          WriteHtmlReport(document, out);
                        }
                        return kExitOk;
                      });
}

}  // namespace

void AddReportCommand(CLI::App& app, std::function<int()>& run) {
  auto args = std::make_shared<ReportArgs>();
  CLI::App* command = AddOneTraceCommand(
      app,
      {"report",
       "Write a self-contained HTML report: answers, timeline, memory, steps, top ops, health",
       "tracedoc report run.jsonl -o report.html"},
      args->trace);
  AddOutputOption(*command, args->output);
  command->add_option("--baseline", args->baseline,
                      "Add a section comparing the trace with this baseline run (docs/diff.md)");
  command->callback([args, &run] { run = [args] { return RunReport(*args); }; });
}

}  // namespace tracedoc::cli
