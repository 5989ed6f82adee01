// `tracedoc validate FILE...`: exit 0 when every file folds, 1 when any is rejected, 2 when
// one cannot be read; errors on stderr, or one JSON object per file on stdout with --json.
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/validation_report.hpp"

namespace tracedoc::cli {
namespace {

struct ValidateArgs {
  std::vector<std::string> files;
  bool json = false;
  bool strict = false;
  unsigned threads = 1;
};

int RunValidate(const ValidateArgs& args) {
  ReadOptions options;
  options.decode.strict_unknown_fields = args.strict;
  options.threads = args.threads;
  int exit_code = kExitOk;
  for (const std::string& file : args.files) {
    const TraceInput input =
        file == "-" ? TraceInput::FromStandardInput() : TraceInput::FromFile(file);
    const Result<void> result = ValidateTrace(input, options);
    if (args.json) {
      WriteValidationReportJson(file, result, std::cout);
      std::cout << '\n';
      // The output is checked file by file: once it fails, reading further files is no use.
      if (!FlushStandardOutput("validate")) return kExitUsage;
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
  command->add_flag("--strict", args->strict, "Reject keys a record kind does not define");
  command->footer("Example: tracedoc validate --json run.jsonl other.jsonl");
  command->callback([args, &run] { run = [args] { return RunValidate(*args); }; });
}

}  // namespace tracedoc::cli
