// The subcommands of the `tracedoc` command line, each registered on the CLI11 app.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "tracedoc/document.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/input_format.hpp"
#include "tracedoc/open.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/write_options.hpp"

namespace tracedoc::cli {

/// Exit codes of docs/tracedoc.md §6.
inline constexpr int kExitOk = 0;
inline constexpr int kExitRejected = 1;
inline constexpr int kExitUsage = 2;

/// What every reading subcommand takes: the trace (`-` for standard input) and `--threads`.
struct TraceArgument {
  std::string file;
  /// AddThreadsOption sets the command line's default (DefaultReadThreads).
  unsigned threads = 1;
  /// `--from`: empty (the format is recognized, DetectFormat), `trace`, `cirron` or `traceml`.
  std::string from;
  /// `--session`: a spool's session, by id or position (1 = oldest); empty: the only one.
  std::string session;
};
/// The input `file` names: `-` is standard input.
TraceInput InputNamed(const std::string& file);
/// What `input` is: `from` when given, else what DetectFormat says (the one look at it).
InputFormat FormatOf(const TraceInput& input, std::string_view from);
/// Adds the positional FILE, `--threads N` and `--from FORMAT` to `command`.
void AddTraceArgument(CLI::App& command, TraceArgument& argument);
/// The most threads a read uses unless told otherwise: the fold stays on one thread, so more
/// decoders add a block of lines each to the memory sooner than they add speed.
inline constexpr unsigned kMostDefaultReadThreads = 8;
/// The cores this process may run on, at least 1.
unsigned AvailableCores();
/// `--threads` when not given: the cores available, at most kMostDefaultReadThreads.
unsigned DefaultReadThreads();
/// Adds `--threads N` alone (validate takes several files), defaulting `threads` to
/// DefaultReadThreads().
void AddThreadsOption(CLI::App& command, unsigned& threads);
/// Adds `--from trace|cirron|traceml`: what the input is when it is not recognized by itself.
void AddFromOption(CLI::App& command, std::string& from);
/// Adds `--session ID|N`: which run of a spool of several sessions to read.
void AddSessionOption(CLI::App& command, std::string& session);
/// Reads every run of the input named on the command line (ReadSessions): each session of a
/// spool its own document, any other input one. `session` is not used.
Result<std::vector<SessionDocument>> ReadEveryRun(const TraceArgument& argument);
/// Reads the input named on the command line into a document, whatever its format.
Result<TraceDocument> ReadTraceArgument(const TraceArgument& argument);
/// Prints `FILE:LINE: error[CODE]: MESSAGE` on stderr; the exit code: 2 unreadable, else 1.
/// A spool of several sessions read without `--session` (invalid_value on `session`) is a
/// usage error: its sessions are listed (id, start, spans) with the option, exit 2.
int ReportReadError(std::string_view file, const Error& error);
/// Flushes stdout; false (with a message naming `command`) when the output failed.
bool FlushStandardOutput(std::string_view command);
/// `tracedoc COMMAND: MESSAGE` on stderr, MESSAGE escaped for the terminal (it may quote names
/// and paths).
void PrintCommandError(std::string_view command, std::string_view message);

/// Writes a report of a folded trace to `out`; returns the exit code when the write succeeds.
using TraceReport = std::function<int(const TraceDocument& document, std::ostream& out)>;
/// The body of every command that reads one trace: reads it (or prints why it cannot and
/// returns 1 or 2), runs `report` on stdout, ends the output with a newline when `newline` is
/// set, and flushes (2 when the output failed, naming `command`).
int RunOnTrace(const TraceArgument& argument, std::string_view command, bool newline,
               const TraceReport& report);

/// RunOnTrace for a command that judges each run (health): without `--session`, a spool of
/// several sessions gets one report per session, oldest first, each ended by a newline, read in
/// one conversion pass (ReadSessions); the exit code is the worst of them.
int RunOnEveryRun(const TraceArgument& argument, std::string_view command, bool newline,
                  const TraceReport& report);

/// Adds `-o,--output FILE` to `command`; `-` (the default) is standard output.
void AddOutputOption(CLI::App& command, std::string& output);
/// RunOnTrace for commands that write a file a person opens (export, report, upgrade): the
/// report goes to stdout for `-`, else to `output` (WriteOutput). The input is read first, so a
/// rejected one leaves `output` as it was.
int RunOnTraceTo(const TraceArgument& argument, const std::string& output,
                 std::string_view command, const TraceReport& report);
/// Writes `output` with `write` (which returns the exit code) the way every command writes a
/// path (tracedoc/output_file.hpp): a regular file through an exclusive temporary renamed over
/// it once `write` is done, a device, a FIFO or a link to standard output in place. Exit 2, a
/// message naming `output`, when it cannot be opened or written (a full disk, a closed pipe).
int WriteOutput(const std::string& output, std::string_view command,
                const std::function<int(std::ostream&)>& write);
/// The words of a command's help: its name, one line on what it does, one example.
struct CommandHelp {
  std::string name;
  std::string description;
  std::string example;
};
/// Adds the subcommand `help.name` reading one trace (AddTraceArgument) with its description
/// and example; the caller adds the command's own options and its callback.
CLI::App* AddOneTraceCommand(CLI::App& app, const CommandHelp& help, TraceArgument& trace);
/// Adds `name FILE [-o OUT]`, a command that reads one trace and writes `report` of it to
/// stdout or OUT (RunOnTraceTo): the whole of `report` and `upgrade`.
void AddTraceToOutputCommand(CLI::App& app, std::function<int()>& run, CommandHelp help,
                             TraceReport report);
/// Writes a folded trace, or what an analysis makes of it, to `out` with the options its flags
/// set; returns the exit code when the write succeeds.
using WriterReport =
    std::function<int(const TraceDocument& document, std::ostream& out, const WriteOptions& options)>;
/// Which WriteOptions a writing command offers as flags, and whether its output ends with a
/// newline (a JSON object does; JSONL ends with its last record's).
struct WriterFlags {
  bool pretty = true;
  bool drop_unknown = false;
  bool newline = true;
  /// Each session of a spool judged as its own run without `--session` (RunOnEveryRun).
  bool every_run = false;
};
/// Adds `name FILE [--pretty] [--drop-unknown]`, a command that reads one trace and prints
/// `report` of it on stdout (RunOnTrace): the whole of `cat`, `document`, `memory` and `health`.
void AddWriterCommand(CLI::App& app, std::function<int()>& run, CommandHelp help,
                      WriterFlags flags, WriterReport report);

/// Adds a subcommand to `app`; `run` is set to the function that carries it out.
void AddValidateCommand(CLI::App& app, std::function<int()>& run);
void AddCatCommand(CLI::App& app, std::function<int()>& run);
void AddDocumentCommand(CLI::App& app, std::function<int()>& run);
void AddSummaryCommand(CLI::App& app, std::function<int()>& run);
void AddMemoryCommand(CLI::App& app, std::function<int()>& run);
void AddHealthCommand(CLI::App& app, std::function<int()>& run);
void AddDiffCommand(CLI::App& app, std::function<int()>& run);
void AddExportCommand(CLI::App& app, std::function<int()>& run);
void AddReportCommand(CLI::App& app, std::function<int()>& run);
void AddImportCommand(CLI::App& app, std::function<int()>& run);
void AddUpgradeCommand(CLI::App& app, std::function<int()>& run);
void AddCompareCommand(CLI::App& app, std::function<int()>& run);
void AddQueryCommand(CLI::App& app, std::function<int()>& run);
void AddVersionCommand(CLI::App& app, std::function<int()>& run);

/// Prints `tracedoc VERSION` on stdout, for `tracedoc version` and `tracedoc --version`.
int PrintVersion();

}  // namespace tracedoc::cli
