// `tracedoc import --from cirron SPOOL [-o OUT]`: a Cirron spool converted into a trace/10
// document and written as canonical JSONL, the bytes `tracedoc cat` writes for it
// (docs/cirron-conversion.md); exit 1 when the spool is rejected, 2 when it cannot be read.
#include <iostream>
#include <memory>
#include <string>

#include "cli/cirron_input.hpp"
#include "cli/commands.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc::cli {
namespace {

struct ImportArgs {
  std::string from = std::string(kFromCirron);
  std::string spool;
  std::string output = "-";
};

int RunImport(const ImportArgs& args) {
  const Result<TraceDocument> document = ReadCirronDocument(args.spool);
  if (!document) return ReportReadError(args.spool, document.error());
  if (args.output == "-") {
    WriteJsonl(document.value(), std::cout);
    return FlushStandardOutput("import") ? kExitOk : kExitUsage;
  }
  const Result<void> written = WriteJsonlFile(document.value(), args.output);
  if (!written) {
    std::cerr << "tracedoc import: cannot write " << args.output << '\n';
    return kExitUsage;
  }
  return kExitOk;
}

}  // namespace

void AddImportCommand(CLI::App& app, std::function<int()>& run) {
  auto args = std::make_shared<ImportArgs>();
  CLI::App* command = app.add_subcommand(
      "import", "Convert a Cirron spool into a candle-graph/trace/10 JSONL trace");
  command->add_option("--from", args->from, "The input's format (cirron, the default)")
      ->check(CLI::IsMember({std::string(kFromCirron)}));
  command->add_option("spool", args->spool, "A .cirron directory, its spool/, or one batch file")
      ->required();
  AddOutputOption(*command, args->output);
  command->footer("Example: tracedoc import --from cirron .cirron -o run.jsonl");
  command->callback([args, &run] { run = [args] { return RunImport(*args); }; });
}

}  // namespace tracedoc::cli
