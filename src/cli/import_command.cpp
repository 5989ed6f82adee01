// `tracedoc import [--from cirron|traceml] INPUT [-o OUT]`: a Cirron spool or a TraceML export
// converted into a trace/10 document and written as canonical JSONL, the bytes `tracedoc cat`
// writes for it (docs/cirron-conversion.md, docs/traceml-conversion.md); exit 1 when the input
// is rejected, 2 when it cannot be read.
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

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
  std::string session;
  bool all_sessions = false;
};

// Each session of the spool as `DIR/session-N-ID.jsonl`, N its position (a spool without a
// session, or an export: `DIR/session-1.jsonl`): one conversion pass
// for them all (ReadSessions).
int ImportEverySession(const ImportArgs& args, const TraceInput& input,
                       const OpenOptions& options) {
  if (args.output == "-") {
    PrintCommandError("import", "--all-sessions writes one file per session: give -o DIR");
    return kExitUsage;
  }
  std::error_code failed;
  std::filesystem::create_directories(args.output, failed);
  if (failed) {
    PrintCommandError("import", args.output + ": " + failed.message());
    return kExitUsage;
  }
  const Result<std::vector<SessionDocument>> runs = ReadSessions(input, options);
  if (!runs) return ReportReadError(args.spool, runs.error());
  std::uint32_t position = 0;
  for (const SessionDocument& run : runs.value()) {
    ++position;
    // A session's id is 32 hex digits; no other run_id becomes part of a file name.
    const std::string name = "session-" + std::to_string(position) +
                             (run.session ? "-" + run.session->id : std::string()) + ".jsonl";
    const int code = WriteOutput((std::filesystem::path(args.output) / name).string(), "import",
                                 [&](std::ostream& out) {
                                   WriteJsonl(run.document, out);
                                   return kExitOk;
                                 });
    if (code != kExitOk) return code;
  }
  return kExitOk;
}

int RunImport(const ImportArgs& args) {
  const TraceInput input = InputNamed(args.spool);
  OpenOptions options;
  // What is not recognized as an export is read as a spool.
  options.format = args.from.empty() && DetectFormat(input) != InputFormat::kTraceMLExport
                       ? InputFormat::kCirronSpool
                       : FormatOf(input, args.from);
  if (args.all_sessions) return ImportEverySession(args, input, options);
  if (!args.session.empty()) options.session = args.session;
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
  AddSessionOption(*command, args->session);
  command->add_flag("--all-sessions", args->all_sessions,
                    "Write every session of a spool, each its own trace, as "
                    "DIR/session-N-ID.jsonl (-o DIR)")
      ->excludes("--session");
  command->footer(
      "Examples: tracedoc import --from cirron .cirron -o run.jsonl\n"
      "          tracedoc import records.jsonl -o run.jsonl\n"
      "          tracedoc import --all-sessions .cirron -o runs/");
  command->callback([args, &run] { run = [args] { return RunImport(*args); }; });
}

}  // namespace tracedoc::cli
