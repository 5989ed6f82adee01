// `tracedoc upgrade FILE [-o OUT]`: a trace of an older schema (trace/6, trace/9) written as
// canonical trace/10 JSONL (docs/upgrade.md); exit 1 when the trace does not fold, 2 when it
// cannot be read or the output cannot be written.
#include <memory>
#include <ostream>
#include <string>

#include "cli/commands.hpp"
#include "tracedoc/upgrade.hpp"

namespace tracedoc::cli {
namespace {

struct UpgradeArgs {
  TraceArgument trace;
  std::string output = "-";
};

int RunUpgrade(const UpgradeArgs& args) {
  return RunOnTraceTo(args.trace, args.output, "upgrade",
                      [](const TraceDocument& document, std::ostream& out) {
                        UpgradeToTrace10(document, out);
                        return kExitOk;
                      });
}

}  // namespace

void AddUpgradeCommand(CLI::App& app, std::function<int()>& run) {
  auto args = std::make_shared<UpgradeArgs>();
  CLI::App* command = app.add_subcommand(
      "upgrade", "Write a trace/6 or trace/9 trace as canonical candle-graph/trace/10 JSONL");
  AddTraceArgument(*command, args->trace);
  AddOutputOption(*command, args->output);
  command->footer("Example: tracedoc upgrade old-run.jsonl -o run.jsonl");
  command->callback([args, &run] { run = [args] { return RunUpgrade(*args); }; });
}

}  // namespace tracedoc::cli
