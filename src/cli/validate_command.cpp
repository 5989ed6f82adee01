// `tracedoc validate FILE...`: exit 0 when every file folds, 1 when any is rejected, 2 when
// one cannot be read; errors on stderr, or one JSON object per file on stdout with --json.
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "tracedoc/reader.hpp"
#include "emit/json_format.hpp"

namespace tracedoc::cli {
namespace {

struct ValidateArgs {
  std::vector<std::string> files;
  bool json = false;
  bool strict = false;
  unsigned threads = 1;
};

void AppendOptionalU64(std::string& out, const std::optional<std::uint64_t>& value) {
  if (value.has_value()) {
    emit::AppendJsonU64(out, *value);
  } else {
    out += "null";
  }
}

std::string ResultJson(std::string_view file, const Result<void>& result) {
  std::string out = "{\"file\":";
  emit::AppendJsonString(out, file);
  if (result) {
    out += ",\"ok\":true,\"error\":null}";
    return out;
  }
  const Error& e = result.error();
  out += ",\"ok\":false,\"error\":{\"code\":";
  emit::AppendJsonString(out, ErrorCodeName(e.code));
  out += ",\"line\":";
  emit::AppendJsonU64(out, e.line);  // 0: the stream as a whole (docs/tracedoc.md §2)
  out += ",\"index\":";
  AppendOptionalU64(out, e.index);
  out += ",\"column\":";
  AppendOptionalU64(out, e.column);
  out += ",\"field\":";
  if (e.field.empty()) {
    out += "null";
  } else {
    emit::AppendJsonString(out, e.field);
  }
  out += ",\"message\":";
  emit::AppendJsonString(out, e.message);
  out += "}}";
  return out;
}

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
      std::cout << ResultJson(file, result) << '\n';
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
