// What every reading subcommand shares: the input argument, the one-line error and its exit
// code, and a checked flush of the output.
#include <sched.h>

#include <ctime>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <utility>
#include <system_error>
#include <thread>
#include <vector>

#include "cli/commands.hpp"
#include "tracedoc/open.hpp"
#include "tracedoc/output_file.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc::cli {

unsigned AvailableCores() {
  // The cores this process may run on (a container's or taskset's limit), which
  // hardware_concurrency does not see.
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) == 0) {
    const int count = CPU_COUNT(&allowed);
    if (count > 0) return static_cast<unsigned>(count);
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

unsigned DefaultReadThreads() { return std::min(AvailableCores(), kMostDefaultReadThreads); }

void AddThreadsOption(CLI::App& command, unsigned& threads) {
  threads = DefaultReadThreads();
  command
      .add_option("--threads", threads,
                  "Decode blocks of lines on N threads (same result and first error as 1; "
                  "default: the cores available, at most 8)")
      ->check(CLI::Range(1u, 256u))
      ->capture_default_str();
}

void AddFromOption(CLI::App& command, std::string& from) {
  command
      .add_option("--from", from,
                  "Read the input as FORMAT: trace (candle-graph JSONL), cirron (a Cirron "
                  "spool; a directory or a batch file is recognized without it) or traceml (a "
                  "TraceML export, recognized by its first line without it)")
      ->check(CLI::IsMember({std::string(InputFormatName(InputFormat::kTrace)),
                             std::string(InputFormatName(InputFormat::kCirronSpool)),
                             std::string(InputFormatName(InputFormat::kTraceMLExport))}));
}

void AddSessionOption(CLI::App& command, std::string& session) {
  command.add_option("--session", session,
                     "A Cirron spool's run: its cirron.session id, or its position (1 = the "
                     "oldest); required when the spool holds several");
}

void AddTraceArgument(CLI::App& command, TraceArgument& argument) {
  command.add_option("file", argument.file, "Trace file (- for standard input)")->required();
  AddThreadsOption(command, argument.threads);
  AddFromOption(command, argument.from);
  AddSessionOption(command, argument.session);
}

TraceInput InputNamed(const std::string& file) {
  return file == "-" ? TraceInput::FromStandardInput() : TraceInput::FromFile(file);
}

InputFormat FormatOf(const TraceInput& input, std::string_view from) {
  if (const std::optional<InputFormat> named = InputFormatFromName(from)) return *named;
  return DetectFormat(input);
}

Result<TraceDocument> ReadTraceArgument(const TraceArgument& argument) {
  const TraceInput input = InputNamed(argument.file);
  OpenOptions options;
  options.format = FormatOf(input, argument.from);
  options.read.threads = argument.threads;
  if (!argument.session.empty()) options.session = argument.session;
  return ReadDocument(input, options);
}

Result<std::vector<SessionDocument>> ReadEveryRun(const TraceArgument& argument) {
  const TraceInput input = InputNamed(argument.file);
  OpenOptions options;
  options.format = FormatOf(input, argument.from);
  options.read.threads = argument.threads;
  return ReadSessions(input, options);
}

namespace {

bool IsSessionChoice(const Error& error) {
  return error.code == ErrorCode::kInvalidValue && error.field == "session";
}

// `2025-11-24T16:00:00Z`: a session's start to the second, as a person tells runs apart.
std::string UtcSeconds(std::uint64_t ns) {
  const auto seconds = static_cast<std::time_t>(ns / 1000000000u);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[32];
  const std::size_t size = std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return std::string(text, size);
}

// The sessions a spool of several holds, one line each, and how to choose one.
void ListSessionsOf(std::string_view file) {
  OpenOptions options;
  options.format = InputFormat::kCirronSpool;
  const Result<std::vector<CirronSession>> sessions =
      ListSessions(InputNamed(std::string(file)), options);
  if (!sessions) return;
  std::cerr << "sessions (oldest first):\n";
  // The first ones, not every one: a spool may hold very many runs.
  constexpr std::size_t kListedSessions = 20;
  const std::size_t listed = std::min(sessions.value().size(), kListedSessions);
  for (std::size_t i = 0; i < listed; ++i) {
    const CirronSession& session = sessions.value()[i];
    std::cerr << "  " << session.position << "  " << TerminalText(session.id) << "  "
              << UtcSeconds(session.start_ns) << "  " << session.spans << " spans\n";
  }
  if (listed < sessions.value().size()) {
    std::cerr << "  ... " << sessions.value().size() - listed << " more\n";
  }
  std::cerr << "choose one with --session ID or --session N (1 = the oldest)\n";
}

}  // namespace

int ReportReadError(std::string_view file, const Error& error) {
  std::cerr << FormatError(file, error) << '\n';
  if (IsSessionChoice(error)) {
    ListSessionsOf(file);
    return kExitUsage;
  }
  return error.code == ErrorCode::kIoError ? kExitUsage : kExitRejected;
}

void PrintCommandError(std::string_view command, std::string_view message) {
  std::cerr << "tracedoc " << command << ": " << TerminalText(message) << '\n';
}

bool FlushStandardOutput(std::string_view command) {
  std::cout.flush();
  if (std::cout) return true;
  std::cerr << "tracedoc " << command << ": cannot write to standard output\n";
  return false;
}

int RunOnTrace(const TraceArgument& argument, std::string_view command, bool newline,
               const TraceReport& report) {
  const Result<TraceDocument> document = ReadTraceArgument(argument);
  if (!document) return ReportReadError(argument.file, document.error());
  const int code = report(document.value(), std::cout);
  if (newline) std::cout << '\n';
  if (!FlushStandardOutput(command)) return kExitUsage;
  return code;
}

int RunOnEveryRun(const TraceArgument& argument, std::string_view command, bool newline,
                  const TraceReport& report) {
  if (!argument.session.empty()) return RunOnTrace(argument, command, newline, report);
  const Result<std::vector<SessionDocument>> runs = ReadEveryRun(argument);
  if (!runs) return ReportReadError(argument.file, runs.error());
  int code = kExitOk;
  for (const SessionDocument& run : runs.value()) {
    code = std::max(code, report(run.document, std::cout));
    if (newline || runs.value().size() > 1) std::cout << '\n';
  }
  if (!FlushStandardOutput(command)) return kExitUsage;
  return code;
}

void AddOutputOption(CLI::App& command, std::string& output) {
  command.add_option("-o,--output", output, "Write to FILE instead of standard output (-)");
}

int RunOnTraceTo(const TraceArgument& argument, const std::string& output,
                 std::string_view command, const TraceReport& report) {
  if (output == "-") return RunOnTrace(argument, command, false, report);
  // The input is read whole first: a rejected one leaves OUT as it was, and OUT may be it.
  const Result<TraceDocument> document = ReadTraceArgument(argument);
  if (!document) return ReportReadError(argument.file, document.error());
  return WriteOutput(output, command, [&](std::ostream& out) { return report(document.value(), out); });
}

CLI::App* AddOneTraceCommand(CLI::App& app, const CommandHelp& help, TraceArgument& trace) {
  CLI::App* command = app.add_subcommand(help.name, help.description);
  AddTraceArgument(*command, trace);
  command->footer("Example: " + help.example);
  return command;
}

void AddTraceToOutputCommand(CLI::App& app, std::function<int()>& run, CommandHelp help,
                             TraceReport report) {
  struct Args {
    TraceArgument trace;
    std::string output = "-";
  };
  auto args = std::make_shared<Args>();
  CLI::App* command = AddOneTraceCommand(app, help, args->trace);
  AddOutputOption(*command, args->output);
  command->callback([args, &run, name = help.name, report = std::move(report)] {
    run = [args, name, report] { return RunOnTraceTo(args->trace, args->output, name, report); };
  });
}

void AddWriterCommand(CLI::App& app, std::function<int()>& run, CommandHelp help,
                      WriterFlags flags, WriterReport report) {
  struct Args {
    TraceArgument trace;
    WriteOptions options;
  };
  auto args = std::make_shared<Args>();
  CLI::App* command = AddOneTraceCommand(app, help, args->trace);
  if (flags.pretty) {
    command->add_flag("--pretty", args->options.pretty, "Indent the JSON with 2 spaces");
  }
  if (flags.drop_unknown) {
    command->add_flag("--drop-unknown", args->options.drop_unknown,
                      "Leave out keys the format does not define (the reference's exact bytes)");
  }
  command->callback([args, &run, name = help.name, newline = flags.newline,
                     every_run = flags.every_run, report = std::move(report)] {
    run = [args, name, newline, every_run, report] {
      const auto run_on = every_run ? RunOnEveryRun : RunOnTrace;
      return run_on(args->trace, name, newline,
                        [&](const TraceDocument& document, std::ostream& out) {
                          return report(document, out, args->options);
                        });
    };
  });
}

int WriteOutput(const std::string& output, std::string_view command,
                const std::function<int(std::ostream&)>& write) {
  Result<OutputFile> out = OutputFile::Open(output);
  if (!out) {
    PrintCommandError(command, out.error().message);
    return kExitUsage;
  }
  const int code = write(out.value().stream());
  const Result<void> committed = std::move(out.value()).Commit();
  if (!committed) {
    PrintCommandError(command, committed.error().message);
    return kExitUsage;
  }
  return code;
}

}  // namespace tracedoc::cli
