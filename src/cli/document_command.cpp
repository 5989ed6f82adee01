// `tracedoc document FILE`: the folded TraceDocument as one JSON object on stdout
// (docs/trace-format.md §1.14, docs/tracedoc.md §6); exit 1 when the trace does not fold, 2 when
// unreadable.
#include <ostream>

#include "cli/commands.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc::cli {

void AddDocumentCommand(CLI::App& app, std::function<int()>& run) {
  AddWriterCommand(app, run,
                   {"document", "Print the folded trace as one JSON object",
                    "tracedoc document --pretty run.jsonl"},
                   {.pretty = true, .drop_unknown = true},
                   [](const TraceDocument& document, std::ostream& out,
                      const WriteOptions& options) {
                     WriteDocumentJson(document, out, options);
                     return kExitOk;
                   });
}

}  // namespace tracedoc::cli
