// `tracedoc summary FILE`: the TraceSummary as one JSON object on stdout (docs/analyses.md §4,
// docs/tracedoc.md §6), or for a TraceML export its run summary (docs/traceml-analysis.md);
// exit 1 when the input is rejected, 2 when it cannot be read.
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/summary.hpp"
#include "tracedoc/traceml_summary.hpp"

namespace tracedoc::cli {
namespace {

struct SummaryArgs {
  TraceArgument trace;
  bool pretty = false;
};

// An export is summarized as a run of ranks, not as the document it converts to: the steps,
// their spread across ranks and the straggler are what its users ask of it.
int RunTraceMLSummary(const SummaryArgs& args, const TraceInput& input) {
  const Result<TraceMLRunSummary> summary = SummarizeTraceMLExport(input);
  if (!summary) return ReportReadError(args.trace.file, summary.error());
  WriteTraceMLRunSummaryJson(summary.value(), std::cout, {.pretty = args.pretty});
  std::cout << '\n';
  return FlushStandardOutput("summary") ? kExitOk : kExitUsage;
}

int RunSummary(const SummaryArgs& args) {
  const TraceInput input = InputNamed(args.trace.file);
  const InputFormat format = FormatOf(input, args.trace.from);
  if (format == InputFormat::kTraceMLExport) return RunTraceMLSummary(args, input);
  // The input is looked at once: the read is told what it is.
  TraceArgument known = args.trace;
  known.from = std::string(InputFormatName(format));
  return RunOnTrace(known, "summary", true,
                    [&](const TraceDocument& document, std::ostream& out) {
                      WriteSummaryJson(Summarize(document), out, {.pretty = args.pretty});
                      return kExitOk;
                    });
}

}  // namespace

void AddSummaryCommand(CLI::App& app, std::function<int()>& run) {
  auto args = std::make_shared<SummaryArgs>();
  CLI::App* command = AddOneTraceCommand(
      app,
      {"summary", "Print the summary of a trace or a TraceML run as JSON",
       "tracedoc summary --pretty run.jsonl"},
      args->trace);
  command->add_flag("--pretty", args->pretty, "Indent the JSON with 2 spaces");
  command->callback([args, &run] { run = [args] { return RunSummary(*args); }; });
}

}  // namespace tracedoc::cli
