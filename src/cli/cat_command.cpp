// `tracedoc cat FILE`: the trace read, folded and written back as canonical JSONL on stdout
// (docs/tracedoc.md §4, §6); exit 1 when the trace does not fold, 2 when it cannot be read.
#include <ostream>

#include "cli/commands.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc::cli {

void AddCatCommand(CLI::App& app, std::function<int()>& run) {
  AddWriterCommand(app, run,
                   {"cat", "Write a trace back as canonical JSONL on standard output",
                    "tracedoc cat --drop-unknown run.jsonl > canonical.jsonl"},
                   {.pretty = false, .drop_unknown = true, .newline = false},
                   [](const TraceDocument& document, std::ostream& out,
                      const WriteOptions& options) {
                     WriteJsonl(document, out, options);
                     return kExitOk;
                   });
}

}  // namespace tracedoc::cli
