// What every reading subcommand shares: the input argument, the one-line error and its exit
// code, and a checked flush of the output.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <utility>
#include <system_error>

#include "cli/commands.hpp"
#include "tracedoc/open.hpp"
#include "tracedoc/output_file.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc::cli {

void AddThreadsOption(CLI::App& command, unsigned& threads) {
  command
      .add_option("--threads", threads,
                  "Decode blocks of lines on N threads (same result and first error as 1)")
      ->check(CLI::Range(1u, 256u));
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

void AddTraceArgument(CLI::App& command, TraceArgument& argument) {
  command.add_option("file", argument.file, "Trace file (- for standard input)")->required();
  AddThreadsOption(command, argument.threads);
  AddFromOption(command, argument.from);
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
  return ReadDocument(input, options);
}

int ReportReadError(std::string_view file, const Error& error) {
  std::cerr << FormatError(file, error) << '\n';
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
                     report = std::move(report)] {
    run = [args, name, newline, report] {
      return RunOnTrace(args->trace, name, newline,
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
