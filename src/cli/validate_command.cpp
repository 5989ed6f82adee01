// `tracedoc validate FILE...`: exit 0 when every file folds, 1 when any is rejected, 2 when
// one cannot be read; errors on stderr, or one JSON object per file on stdout with --json. With
// --all, every error of a file (up to --max-errors), not only the first.
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/cirron_input.hpp"
#include "cli/commands.hpp"
#include "cli/traceml_input.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/validation_report.hpp"

namespace tracedoc::cli {
namespace {

struct ValidateArgs {
  std::vector<std::string> files;
  bool json = false;
  bool strict = false;
  bool all = false;
  std::size_t max_errors = 100;
  unsigned threads = 1;
  std::string from;
};

// Every error of a file read with --all, one line each, then how many were found but not kept.
void PrintErrors(const std::string& file, const ErrorLog& log) {
  for (const Error& error : log.errors) std::cerr << FormatError(file, error) << '\n';
  if (log.total > log.errors.size()) {
    std::cerr << file << ": " << log.total - log.errors.size()
              << " more errors not shown (--max-errors " << log.errors.size() << ")\n";
  }
}

int RunValidate(const ValidateArgs& args) {
  ReadOptions options;
  options.decode.strict_unknown_fields = args.strict;
  options.threads = args.threads;
  int exit_code = kExitOk;
  for (const std::string& file : args.files) {
    if (IsCirronInput(file, args.from)) {
      exit_code = std::max(exit_code, ValidateCirronSpool(file, args.json, std::cout));
      if (args.json && !FlushStandardOutput("validate")) return kExitUsage;
      continue;
    }
    if (IsTraceMLInput(file, args.from)) {
      exit_code =
          std::max(exit_code, ValidateTraceMLExport(file, args.strict, args.json, std::cout));
      if (args.json && !FlushStandardOutput("validate")) return kExitUsage;
      continue;
    }
    const TraceInput input =
        file == "-" ? TraceInput::FromStandardInput() : TraceInput::FromFile(file);
    ErrorLog log;
    log.max_errors = args.max_errors;
    options.collect_errors = args.all ? &log : nullptr;
    const Result<void> result = ValidateTrace(input, options);
    if (args.json) {
      if (args.all) {
        WriteValidationReportJson(file, result, log, std::cout);
      } else {
        WriteValidationReportJson(file, result, std::cout);
      }
      std::cout << '\n';
      // The output is checked file by file: once it fails, reading further files is no use.
      if (!FlushStandardOutput("validate")) return kExitUsage;
    } else if (args.all) {
      PrintErrors(file, log);
    } else if (!result) {
      std::cerr << FormatError(file, result.error()) << '\n';
    }
    if (!result) {
      const int code = result.error().code == ErrorCode::kIoError ? kExitUsage : kExitRejected;
      exit_code = std::max(exit_code, code);
    }
  }
  if (!FlushStandardOutput("validate")) return kExitUsage;
  return exit_code;
}

}  // namespace

void AddValidateCommand(CLI::App& app, std::function<int()>& run) {
  auto args = std::make_shared<ValidateArgs>();
  CLI::App* command = app.add_subcommand("validate", "Check that traces fold; exit 0 if all do");
  command->add_option("files", args->files, "Trace files (- for standard input)")->required();
  command->add_flag("--json", args->json, "Print one JSON object per file on stdout");
  AddThreadsOption(*command, args->threads);
  AddFromOption(*command, args->from);
  command->add_flag("--strict", args->strict, "Reject keys a record kind does not define");
  command->add_flag("--all", args->all,
                    "Report every error of a file, not only the first: the read goes on at the "
                    "next line");
  command
      ->add_option("--max-errors", args->max_errors,
                   "With --all, list at most N errors per file and count the rest (default 100)")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 20));
  command->footer("Example: tracedoc validate --all --json run.jsonl other.jsonl");
  command->callback([args, &run] { run = [args] { return RunValidate(*args); }; });
}

}  // namespace tracedoc::cli
