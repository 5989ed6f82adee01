// `tracedoc memory FILE`: the MemoryProfile (logical and physical planes, for trace/6 its own
// report: docs/legacy-trace6.md §9.3) as one JSON object on stdout (docs/analyses.md §5,
// docs/tracedoc.md §6); exit 1 when the trace does not fold, 2 when unreadable.
#include <ostream>

#include "cli/commands.hpp"
#include "tracedoc/memory.hpp"

namespace tracedoc::cli {

void AddMemoryCommand(CLI::App& app, std::function<int()>& run) {
  AddWriterCommand(
      app, run,
      {"memory", "Print the logical and physical memory profile as JSON",
       "tracedoc memory --pretty run.jsonl"},
      {},
      [](const TraceDocument& document, std::ostream& out, const WriteOptions& options) {
        // Streamed: the text can be hundreds of times the input.
        WriteMemoryProfileJson(document, out, options);
        return kExitOk;
      });
}

}  // namespace tracedoc::cli
