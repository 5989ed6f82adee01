// `tracedoc memory FILE`: the MemoryProfile (logical and physical planes, for trace/6 its own
// report: docs/legacy-trace6.md §9.3) as one JSON object on stdout (docs/analyses.md §5,
// docs/tracedoc.md §6); exit 1 when the trace does not fold, 2 when unreadable.
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "tracedoc/memory.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc::cli {
namespace {

struct MemoryArgs {
  TraceArgument trace;
  bool pretty = false;
};

int RunMemory(const MemoryArgs& args) {
  return RunOnTrace(args.trace, "memory", true,
                    [&](const TraceDocument& document, std::ostream& out) {
                      // Streamed: the text can be hundreds of times the input (issue 12, F4).
                      WriteMemoryProfileJson(document, out, {.pretty = args.pretty});
                      return kExitOk;
                    });
}

}  // namespace

void AddMemoryCommand(CLI::App& app, std::function<int()>& run) {
  auto args = std::make_shared<MemoryArgs>();
  CLI::App* command =
      app.add_subcommand("memory", "Print the logical and physical memory profile as JSON");
  AddTraceArgument(*command, args->trace);
  command->add_flag("--pretty", args->pretty, "Indent the JSON with 2 spaces");
  command->footer("Example: tracedoc memory --pretty run.jsonl");
  command->callback([args, &run] { run = [args] { return RunMemory(*args); }; });
}

}  // namespace tracedoc::cli
