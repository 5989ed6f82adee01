// `tracedoc export --format chrome|speedscope FILE [-o OUT]`: the trace as a Chrome Trace Event
// file for Perfetto UI, chrome://tracing or speedscope (docs/chrome-trace.md), or in speedscope's
// own format (docs/speedscope.md); exit 1 when the trace does not fold, 2 when it cannot be read,
// the output cannot be written or an option does not apply to the format.
// `tracedoc export --format sqlite FILE... -o OUT.db`: the traces as tables in a SQLite database
// (docs/tables.md), each run replacing the run of the same run_id.
// `tracedoc export --format tables FILE... -o DIR`: the same tables as NDJSON files in a
// Hive-style layout, one partition per run (docs/fleet.md), each run replacing its partition.
#include <iostream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "cli/tables_loading.hpp"
#include "tracedoc/chrome_trace.hpp"
#include "tracedoc/ndjson_tables.hpp"
#include "tracedoc/speedscope.hpp"

namespace tracedoc::cli {
namespace {

struct ExportArgs {
  std::vector<std::string> files;
  unsigned threads = 1;
  std::string from;
  std::string format;
  std::string output = "-";
  std::string session;
  ChromeTraceOptions options;
};

int RunTimelineExport(const ExportArgs& args) {
  const bool speedscope = args.format == "speedscope";
  if (args.files.size() != 1) {
    PrintCommandError("export", "--format " + args.format + " takes one FILE");
    return kExitUsage;
  }
  if (speedscope && !args.options.memory) {
    // speedscope shows no counters: the flag would promise a change it cannot make.
    std::cerr << "tracedoc export: --no-memory applies to --format chrome only\n";
    return kExitUsage;
  }
  const TraceArgument trace{args.files.front(), args.threads, args.from, args.session};
  return RunOnTraceTo(trace, args.output, "export",
                      [&](const TraceDocument& document, std::ostream& out) {
                        if (speedscope) {
                          ExportSpeedscope(document,
                                           {.ops = args.options.ops,
                                            .device_intervals = args.options.device_intervals},
                                           out);
                        } else {
                          ExportChromeTrace(document, args.options, out);
                        }
                        out << '\n';
                        return kExitOk;
                      });
}

int RunSqliteExport(const ExportArgs& args) {
  if (args.output == "-") {
    std::cerr << "tracedoc export: --format sqlite needs -o OUT.db\n";
    return kExitUsage;
  }
  std::optional<TablesDatabase> database;
  return OpenAndLoadRuns(database, args.output, args.files, {args.threads, args.from}, "export");
}

int RunNdjsonTablesExport(const ExportArgs& args) {
  if (args.output == "-") {
    std::cerr << "tracedoc export: --format tables needs -o DIR\n";
    return kExitUsage;
  }
  if (const Result<void> prepared = PrepareNdjsonTables(args.output); !prepared) {
    PrintCommandError("export", prepared.error().message);
    return kExitUsage;
  }
  return LoadRuns(
      [&args](const TraceDocument& document, const RunSource& source) -> Result<void> {
        const Result<NdjsonTablesWritten> written =
            WriteNdjsonTables(args.output, document, source);
        if (!written) return written.error();
        return boost::outcome_v2::success();
      },
      args.files, {args.threads, args.from}, "export");
}

int RunExport(const ExportArgs& args) {
  if (args.format == "sqlite") return RunSqliteExport(args);
  if (args.format == "tables") return RunNdjsonTablesExport(args);
  return RunTimelineExport(args);
}

}  // namespace

void AddExportCommand(CLI::App& app, std::function<int()>& run) {
  auto args = std::make_shared<ExportArgs>();
  CLI::App* command = app.add_subcommand(
      "export",
      "Write the trace for a timeline viewer (Perfetto UI, chrome://tracing, speedscope) or "
      "traces as tables (SQLite, NDJSON)");
  command->footer("Example: tracedoc export --format chrome run.jsonl -o run.trace.json");
  command
      ->add_option("file", args->files,
                   "Trace file (- for standard input); several for sqlite and tables")
      ->required();
  AddThreadsOption(*command, args->threads);
  AddFromOption(*command, args->from);
  command
      ->add_option("--format", args->format,
                   "Output format: chrome (Chrome Trace Event JSON), speedscope (speedscope's "
                   "own JSON), sqlite (the tables of docs/tables.md; -o OUT.db required) or "
                   "tables (the same as NDJSON files, DIR/<table>/run_id=<id>/part-0.ndjson; "
                   "-o DIR required; docs/fleet.md)")
      ->required()
      ->check(CLI::IsMember({"chrome", "speedscope", "sqlite", "tables"}));
  AddOutputOption(*command, args->output);
  AddSessionOption(*command, args->session);
  command->add_flag("!--no-ops", args->options.ops, "Leave out the ops");
  command->add_flag("!--no-device-intervals", args->options.device_intervals,
                    "Leave out the device intervals");
  command->add_flag("!--no-memory", args->options.memory, "Leave out the memory counters (chrome only)");
  command->callback([args, &run] { run = [args] { return RunExport(*args); }; });
}

}  // namespace tracedoc::cli
