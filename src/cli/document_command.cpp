// `tracedoc document FILE`: the folded TraceDocument as one JSON object on stdout
// (docs/trace-format.md §1.14, docs/tracedoc.md §6); exit 1 when the trace does not fold, 2 when
// unreadable.
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc::cli {
namespace {

struct DocumentArgs {
  TraceArgument trace;
  bool pretty = false;
  bool drop_unknown = false;
};

int RunDocument(const DocumentArgs& args) {
  const WriteOptions options{.pretty = args.pretty, .drop_unknown = args.drop_unknown};
  return RunOnTrace(args.trace, "document", true,
                    [&](const TraceDocument& document, std::ostream& out) {
                      WriteDocumentJson(document, out, options);
                      return kExitOk;
                    });
}

}  // namespace

void AddDocumentCommand(CLI::App& app, std::function<int()>& run) {
  auto args = std::make_shared<DocumentArgs>();
  CLI::App* command = app.add_subcommand("document", "Print the folded trace as one JSON object");
  AddTraceArgument(*command, args->trace);
  command->add_flag("--pretty", args->pretty, "Indent the JSON with 2 spaces");
  command->add_flag("--drop-unknown", args->drop_unknown,
                    "Leave out keys the format does not define");
  command->footer("Example: tracedoc document --pretty run.jsonl");
  command->callback([args, &run] { run = [args] { return RunDocument(*args); }; });
}

}  // namespace tracedoc::cli
