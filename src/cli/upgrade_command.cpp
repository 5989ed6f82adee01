// `tracedoc upgrade FILE [-o OUT]`: a trace of an older schema (trace/6, trace/9) written as
// canonical trace/10 JSONL (docs/upgrade.md); exit 1 when the trace does not fold, 2 when it
// cannot be read or the output cannot be written.
#include <ostream>

#include "cli/commands.hpp"
#include "tracedoc/upgrade.hpp"

namespace tracedoc::cli {

void AddUpgradeCommand(CLI::App& app, std::function<int()>& run) {
  AddTraceToOutputCommand(
      app, run,
      {"upgrade", "Write a trace/6 or trace/9 trace as canonical candle-graph/trace/10 JSONL",
       "tracedoc upgrade old-run.jsonl -o run.jsonl"},
      [](const TraceDocument& document, std::ostream& out) {
        UpgradeToTrace10(document, out);
        return kExitOk;
      });
}

}  // namespace tracedoc::cli
