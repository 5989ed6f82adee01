// `tracedoc health FILE`: the TraceHealth as one JSON object on stdout (docs/analyses.md §6,
// docs/tracedoc.md §6; a trace/6 report in its own shape, docs/legacy-trace6.md §9.4); exit 0
// when structurally valid (trace/6: trusted), 1 when not or when the trace does not fold,
// 2 when it cannot be read. A spool of several sessions: one report per session (one line each
// without --pretty), unless --session chooses one.
#include <ostream>

#include "cli/commands.hpp"
#include "tracedoc/health.hpp"

namespace tracedoc::cli {

void AddHealthCommand(CLI::App& app, std::function<int()>& run) {
  AddWriterCommand(
      app, run,
      {"health", "Print the health report as JSON; exit 0 if structurally valid, 1 if not",
       "tracedoc health --pretty run.jsonl"},
      {.every_run = true},
      [](const TraceDocument& document, std::ostream& out, const WriteOptions& options) {
        const TraceHealth health = AnalyzeHealth(document);
        WriteHealthJson(health, out, options);
        // The report is printed either way; the exit code says whether any issue is an error.
        return health.structurally_valid ? kExitOk : kExitRejected;
      });
}

}  // namespace tracedoc::cli
