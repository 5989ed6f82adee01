// `tracedoc cat FILE`: the trace read, folded and written back as canonical JSONL on stdout
// (docs/tracedoc.md §4, §6); exit 1 when the trace does not fold, 2 when it cannot be read.
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc::cli {
namespace {

struct CatArgs {
  TraceArgument trace;
  bool drop_unknown = false;
};

int RunCat(const CatArgs& args) {
  return RunOnTrace(args.trace, "cat", false,
                    [&](const TraceDocument& document, std::ostream& out) {
                      WriteJsonl(document, out, WriteOptions{.drop_unknown = args.drop_unknown});
                      return kExitOk;
                    });
}

}  // namespace

void AddCatCommand(CLI::App& app, std::function<int()>& run) {
  auto args = std::make_shared<CatArgs>();
  CLI::App* command =
      app.add_subcommand("cat", "Write a trace back as canonical JSONL on standard output");
  AddTraceArgument(*command, args->trace);
  command->add_flag("--drop-unknown", args->drop_unknown,
                    "Leave out keys the format does not define (the reference's exact bytes)");
  command->footer("Example: tracedoc cat --drop-unknown run.jsonl > canonical.jsonl");
  command->callback([args, &run] { run = [args] { return RunCat(*args); }; });
}

}  // namespace tracedoc::cli
