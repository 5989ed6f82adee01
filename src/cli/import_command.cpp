// `tracedoc import [--from cirron|traceml] INPUT [-o OUT]`: a Cirron spool or a TraceML export
// converted into a trace/10 document and written as canonical JSONL, the bytes `tracedoc cat`
// writes for it (docs/cirron-conversion.md, docs/traceml-conversion.md); exit 1 when the input
// is rejected, 2 when it cannot be read.
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.hpp"
#include "tracedoc/open.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc::cli {
namespace {

struct ImportArgs {
  /// Empty: an export recognized by its first line, else a spool.
  std::string from;
  std::string spool;
  std::string output = "-";
};

int RunImport(const ImportArgs& args) {
  const TraceInput input = InputNamed(args.spool);
  OpenOptions options;
  // What is not recognized as an export is read as a spool.
  options.format = args.from.empty() && DetectFormat(input) != InputFormat::kTraceMLExport
                       ? InputFormat::kCirronSpool
                       : FormatOf(input, args.from);
  const Result<TraceDocument> document = ReadDocument(input, options);
  if (!document) return ReportReadError(args.spool, document.error());
  if (args.output == "-") {
    WriteJsonl(document.value(), std::cout);
    return FlushStandardOutput("import") ? kExitOk : kExitUsage;
  }
  return WriteOutput(args.output, "import", [&](std::ostream& out) {
    WriteJsonl(document.value(), out);
    return kExitOk;
  });
}

}  // namespace

void AddImportCommand(CLI::App& app, std::function<int()>& run) {
  auto args = std::make_shared<ImportArgs>();
  CLI::App* command = app.add_subcommand(
      "import", "Convert a Cirron spool or a TraceML export into trace/10 JSONL");
  command
      ->add_option("--from", args->from,
                   "The input's format: cirron or traceml (an export is recognized by its "
                   "first line, anything else is read as a spool)")
      ->check(CLI::IsMember({std::string(InputFormatName(InputFormat::kCirronSpool)),
                             std::string(InputFormatName(InputFormat::kTraceMLExport))}));
  command
      ->add_option("input", args->spool,
                   "A .cirron directory, its spool/, one batch file, or a TraceML export "
                   "(- for standard input with --from traceml)")
      ->required();
  AddOutputOption(*command, args->output);
  command->footer(
      "Examples: tracedoc import --from cirron .cirron -o run.jsonl\n"
      "          tracedoc import records.jsonl -o run.jsonl");
  command->callback([args, &run] { run = [args] { return RunImport(*args); }; });
}

}  // namespace tracedoc::cli
