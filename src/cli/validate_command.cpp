// `tracedoc validate FILE...`: exit 0 when every input reads (a spool: and has no finding of
// severity error), 1 when any is rejected, 2 when one cannot be read or an option does not apply
// to it; errors and diagnostics on stderr, or one JSON object per input on stdout with --json.
// With --all, every error of a trace (up to --max-errors), not only the first.
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "tracedoc/open.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/validation_report.hpp"

namespace tracedoc::cli {
namespace {

struct ValidateArgs {
  std::vector<std::string> files;
  bool json = false;
  bool strict = false;
  bool strict_json = false;
  bool all = false;
  std::size_t max_errors = 100;
  std::size_t max_diagnostics = 1000;
  unsigned threads = 1;
  std::string from;
};

// Every error of a file read with --all, one line each, then how many were found but not kept.
void PrintErrors(const std::string& file, const ErrorLog& log) {
  for (const Error& error : log.errors) std::cerr << FormatError(file, error) << '\n';
  if (log.total > log.errors.size()) {
    std::cerr << TerminalText(file) << ": " << log.total - log.errors.size()
              << " more errors not shown (--max-errors " << log.errors.size() << ")\n";
  }
}

void PrintDiagnostics(const std::string& file, const DiagnosticLog& log) {
  for (const Diagnostic& diagnostic : log.kept) {
    std::cerr << FormatDiagnostic(file, diagnostic) << '\n';
  }
  if (log.total > log.kept.size()) {
    std::cerr << TerminalText(file) << ": " << log.total - log.kept.size()
              << " more diagnostics not shown (--max-diagnostics " << log.max_kept << ")\n";
  }
}

// The options that mean nothing for an input's format: a usage error, named.
std::string InapplicableOption(const ValidateArgs& args, InputFormat format) {
  if (args.all && format == InputFormat::kCirronSpool) {
    return "--all does not apply to a Cirron spool (its read stops at a batch's first error)";
  }
  if (args.all && format == InputFormat::kTraceMLExport) {
    return "--all does not apply to a TraceML export (its read stops at the first error)";
  }
  if (args.strict_json && format != InputFormat::kCirronSpool) {
    return "--strict-json applies to a Cirron spool only (other inputs are always strict JSON)";
  }
  return {};
}

// Prints the verdict of one run (stderr, or its JSON object) and returns its exit code.
int Verdict(const ValidateArgs& args, const std::string& file, const Result<void>& result,
            const ErrorLog& errors, const DiagnosticLog* diagnostics,
            const SessionVerdict* session = nullptr) {
  const bool has_diagnostics = diagnostics != nullptr;
  if (args.json) {
    ValidationReportParts parts;
    if (args.all) parts.errors = &errors;
    if (has_diagnostics) parts.diagnostics = diagnostics;
    if (session != nullptr && session->session) {
      parts.session = session->session->position;
      parts.run_id = session->run_id;
    }
    WriteValidationReportJson(file, result, parts, std::cout);
    std::cout << '\n';
  } else {
    if (has_diagnostics) PrintDiagnostics(file, *diagnostics);
    if (args.all) {
      PrintErrors(file, errors);
    } else if (!result) {
      std::cerr << FormatError(file, result.error()) << '\n';
    }
  }
  if (!result) return result.error().code == ErrorCode::kIoError ? kExitUsage : kExitRejected;
  // A finding of severity error (a spool's nested epochs) rejects the input.
  return has_diagnostics && diagnostics->errors > 0 ? kExitRejected : kExitOk;
}

Result<void> ResultOf(const SessionVerdict& verdict) {
  if (verdict.error) return *verdict.error;
  return boost::outcome_v2::success();
}

// A spool, session by session (docs/cirron-conversion.md, "Sessions"): a spool of at most one
// session as it always was; of several, one verdict per session, each with the spool's own
// warnings (the reader's) before the session's findings.
int ValidateSpool(const ValidateArgs& args, const std::string& file, const TraceInput& input,
                  OpenOptions& options) {
  const ErrorLog no_errors;
  DiagnosticLog& spool_log = *options.diagnostics;
  Result<std::vector<SessionVerdict>> verdicts = ValidateSessions(input, options);
  if (!verdicts) return Verdict(args, file, verdicts.error(), no_errors, &spool_log);
  if (verdicts.value().size() == 1) {
    SessionVerdict& only = verdicts.value().front();
    spool_log.Append(std::move(only.findings));
    return Verdict(args, file, ResultOf(only), no_errors, &spool_log);
  }
  int exit_code = kExitOk;
  if (!args.json) PrintDiagnostics(file, spool_log);
  for (SessionVerdict& verdict : verdicts.value()) {
    if (!args.json) {
      std::cerr << TerminalText(file) << ": session " << verdict.session->position << " of "
                << verdicts.value().size() << ", run_id " << TerminalText(verdict.run_id) << ": "
                << (verdict.error ? "rejected" : "ok") << '\n';
      exit_code = std::max(exit_code, Verdict(args, file, ResultOf(verdict), no_errors,
                                              &verdict.findings, &verdict));
      continue;
    }
    // The spool's own warnings go with the first session's object only: copied into each, a
    // spool of many runs would repeat them once a run.
    DiagnosticLog log;
    if (&verdict == &verdicts.value().front()) {
      log = std::move(spool_log);
    } else {
      log.max_kept = spool_log.max_kept;
    }
    log.Append(std::move(verdict.findings));
    exit_code = std::max(exit_code, Verdict(args, file, ResultOf(verdict), no_errors, &log, &verdict));
  }
  return exit_code;
}

int ValidateOne(const ValidateArgs& args, const std::string& file) {
  const TraceInput input = InputNamed(file);
  const InputFormat format = FormatOf(input, args.from);
  if (const std::string refused = InapplicableOption(args, format); !refused.empty()) {
    PrintCommandError("validate", file + ": " + refused);
    return kExitUsage;
  }
  OpenOptions options;
  options.format = format;
  options.read.decode.strict = args.strict;
  options.read.threads = args.threads;
  options.spool.strict = args.strict;
  options.spool.refuse_nonfinite_literals = args.strict_json;
  options.spool.max_warnings = args.max_diagnostics;
  ErrorLog errors;
  errors.max_errors = args.max_errors;
  if (args.all) options.read.collect_errors = &errors;
  DiagnosticLog diagnostics;
  diagnostics.max_kept = args.max_diagnostics;
  const bool has_diagnostics = format != InputFormat::kTrace;
  if (has_diagnostics) options.diagnostics = &diagnostics;

  if (format == InputFormat::kCirronSpool) return ValidateSpool(args, file, input, options);
  const Result<void> result = ValidateInput(input, options);
  return Verdict(args, file, result, errors, options.diagnostics);
}

int RunValidate(const ValidateArgs& args) {
  int exit_code = kExitOk;
  for (const std::string& file : args.files) {
    exit_code = std::max(exit_code, ValidateOne(args, file));
    // The output is checked file by file: once it fails, reading further files is no use.
    if (args.json && !FlushStandardOutput("validate")) return kExitUsage;
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
  command->add_flag("--strict", args->strict,
                    "Reject keys a record does not define (every format; an export's columns "
                    "out of order too)");
  command->add_flag("--strict-json", args->strict_json,
                    "Reject a Cirron spool's bare NaN and Infinity (Python's) as invalid JSON");
  command->add_flag("--all", args->all,
                    "Report every error of a trace, not only the first: the read goes on at the "
                    "next line");
  command
      ->add_option("--max-errors", args->max_errors,
                   "With --all, list at most N errors per file and count the rest (default 100)")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 20));
  command
      ->add_option("--max-diagnostics", args->max_diagnostics,
                   "List at most N warnings and findings per spool or export and count the rest "
                   "(default 1000)")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 20));
  command->footer("Example: tracedoc validate --all --json run.jsonl other.jsonl");
  command->callback([args, &run] { run = [args] { return RunValidate(*args); }; });
}

}  // namespace tracedoc::cli
