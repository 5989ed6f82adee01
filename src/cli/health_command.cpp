// `tracedoc health FILE`: the TraceHealth as one JSON object on stdout (docs/analyses.md §6,
// docs/tracedoc.md §6; a trace/6 report in its own shape, docs/legacy-trace6.md §9.4); exit 0
// when structurally valid (trace/6: trusted), 1 when not or when the trace does not fold,
// 2 when it cannot be read.
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "tracedoc/health.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc::cli {
namespace {

struct HealthArgs {
  TraceArgument trace;
  bool pretty = false;
};

int RunHealth(const HealthArgs& args) {
  return RunOnTrace(args.trace, "health", true,
                    [&](const TraceDocument& document, std::ostream& out) {
                      const TraceHealth health = AnalyzeHealth(document);
                      WriteHealthJson(health, out, {.pretty = args.pretty});
                      // The report is printed either way; the exit code says whether any
                      // issue is an error.
                      return health.structurally_valid ? kExitOk : kExitRejected;
                    });
}

}  // namespace

void AddHealthCommand(CLI::App& app, std::function<int()>& run) {
  auto args = std::make_shared<HealthArgs>();
  CLI::App* command = app.add_subcommand(
      "health", "Print the health report as JSON; exit 0 if structurally valid, 1 if not");
  AddTraceArgument(*command, args->trace);
  command->add_flag("--pretty", args->pretty, "Indent the JSON with 2 spaces");
  command->footer("Example: tracedoc health --pretty run.jsonl");
  command->callback([args, &run] { run = [args] { return RunHealth(*args); }; });
}

}  // namespace tracedoc::cli
