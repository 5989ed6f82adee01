// `tracedoc summary FILE`: the TraceSummary as one JSON object on stdout (docs/analyses.md §4,
// docs/tracedoc.md §6); exit 1 when the trace does not fold, 2 when it cannot be read.
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/summary.hpp"

namespace tracedoc::cli {
namespace {

struct SummaryArgs {
  TraceArgument trace;
  bool pretty = false;
};

int RunSummary(const SummaryArgs& args) {
  return RunOnTrace(args.trace, "summary", true,
                    [&](const TraceDocument& document, std::ostream& out) {
                      WriteSummaryJson(Summarize(document), out, {.pretty = args.pretty});
                      return kExitOk;
                    });
}

}  // namespace

void AddSummaryCommand(CLI::App& app, std::function<int()>& run) {
  auto args = std::make_shared<SummaryArgs>();
  CLI::App* command = app.add_subcommand("summary", "Print the trace summary as one JSON object");
  AddTraceArgument(*command, args->trace);
  command->add_flag("--pretty", args->pretty, "Indent the JSON with 2 spaces");
  command->footer("Example: tracedoc summary --pretty run.jsonl");
  command->callback([args, &run] { run = [args] { return RunSummary(*args); }; });
}

}  // namespace tracedoc::cli
