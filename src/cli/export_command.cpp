// `tracedoc export --format chrome|speedscope FILE [-o OUT]`: the trace as a Chrome Trace Event
// file for Perfetto UI, chrome://tracing or speedscope (docs/chrome-trace.md), or in speedscope's
// own format (docs/speedscope.md); exit 1 when the trace does not fold, 2 when it cannot be read,
// the output cannot be written or an option does not apply to the format.
#include <iostream>
#include <memory>
#include <ostream>
#include <string>

#include "cli/commands.hpp"
#include "tracedoc/chrome_trace.hpp"
#include "tracedoc/speedscope.hpp"

namespace tracedoc::cli {
namespace {

struct ExportArgs {
  TraceArgument trace;
  std::string format;
  std::string output = "-";
  ChromeTraceOptions options;
};

int RunExport(const ExportArgs& args) {
  const bool speedscope = args.format == "speedscope";
  if (speedscope && !args.options.memory) {
    // speedscope shows no counters: the flag would promise a change it cannot make.
    std::cerr << "tracedoc export: --no-memory applies to --format chrome only\n";
    return kExitUsage;
  }
  return RunOnTraceTo(args.trace, args.output, "export",
                      [&](const TraceDocument& document, std::ostream& out) {
                        if (speedscope) {
                          ExportSpeedscope(document,
                                           {.ops = args.options.ops,
                                            .device_intervals = args.options.device_intervals},
                                           out);
                        } else {
                          ExportChromeTrace(document, args.options, out);
                        }
                        out << '\n';
                        return kExitOk;
                      });
}

}  // namespace

void AddExportCommand(CLI::App& app, std::function<int()>& run) {
  auto args = std::make_shared<ExportArgs>();
  CLI::App* command = AddOneTraceCommand(
      app,
      {"export",
       "Write the trace for a timeline viewer (Perfetto UI, chrome://tracing, speedscope)",
       "tracedoc export --format chrome run.jsonl -o run.trace.json"},
      args->trace);
  command
      ->add_option("--format", args->format,
                   "Output format: chrome (Chrome Trace Event JSON) or speedscope (speedscope's "
                   "own JSON)")
      ->required()
      ->check(CLI::IsMember({"chrome", "speedscope"}));
  AddOutputOption(*command, args->output);
  command->add_flag("!--no-ops", args->options.ops, "Leave out the ops");
  command->add_flag("!--no-device-intervals", args->options.device_intervals,
                    "Leave out the device intervals");
  command->add_flag("!--no-memory", args->options.memory, "Leave out the memory counters (chrome only)");
  command->callback([args, &run] { run = [args] { return RunExport(*args); }; });
}

}  // namespace tracedoc::cli
