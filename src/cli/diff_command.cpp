// `tracedoc diff BASE CANDIDATE`: what changed from one run to another (docs/diff.md), as a table
// of the largest changes or, with --json, one object; with --fail-over PCT, the regression gate:
// exit 1 when a figure grew by more than PCT or the span tree changed, 0 otherwise, and 2 for a
// usage error or an input that cannot be read (whatever the reason: 1 is kept for the verdict).
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/commands.hpp"
#include "tracedoc/diff.hpp"

namespace tracedoc::cli {
namespace {

struct DiffArgs {
  std::string base;
  std::string candidate;
  unsigned threads = 1;
  std::string from;
  /// `--session`: the run of a spool of several sessions, for both inputs; the candidate's is
  /// `--candidate-session` when given (two runs of one spool: `--session 1
  /// --candidate-session 2 SPOOL SPOOL`).
  std::string session;
  std::string candidate_session;
  bool json = false;
  bool pretty = false;
  std::size_t top = 10;
  std::string fail_over;
  bool allow_structure = false;
};

std::optional<TraceDocument> ReadRun(const DiffArgs& args, const std::string& file,
                                     const std::string& session) {
  Result<TraceDocument> document = ReadTraceArgument({file, args.threads, args.from, session});
  if (document) return std::move(document).value();
  ReportReadError(file, document.error());
  return std::nullopt;
}

int RunDiff(const DiffArgs& args) {
  if (args.base == "-" && args.candidate == "-") {
    std::cerr << "tracedoc diff: only one of BASE and CANDIDATE can be standard input\n";
    return kExitUsage;
  }
  std::optional<DiffGate> gate;
  if (!args.fail_over.empty()) {
    const Result<std::uint64_t> threshold = ParseDiffThreshold(args.fail_over);
    if (!threshold) {
      PrintCommandError("diff", "--fail-over: " + threshold.error().message);
      return kExitUsage;
    }
    gate = DiffGate{threshold.value(), args.allow_structure};
  }
  // The base is dropped once its figures are taken: two large runs are never held at once.
  TraceDiffer differ;
  {
    const std::optional<TraceDocument> base = ReadRun(args, args.base, args.session);
    if (!base) return kExitUsage;
    differ.AddBase(*base);
  }
  const std::optional<TraceDocument> candidate = ReadRun(
      args, args.candidate, args.candidate_session.empty() ? args.session : args.candidate_session);
  if (!candidate) return kExitUsage;
  const TraceDiff diff = std::move(differ).Finish(*candidate);
  const std::vector<Regression> regressions =
      gate ? FindRegressions(diff, *gate) : std::vector<Regression>{};
  const DiffOutputOptions output{.top = args.top, .pretty = args.pretty};
  if (args.json) {
    WriteTraceDiffJson(diff, regressions, output, std::cout);
    std::cout << '\n';
  } else {
    WriteTraceDiffText(diff, regressions, output, std::cout);
  }
  if (!FlushStandardOutput("diff")) return kExitUsage;
  return regressions.empty() ? kExitOk : kExitRejected;
}

}  // namespace

void AddDiffCommand(CLI::App& app, std::function<int()>& run) {
  auto args = std::make_shared<DiffArgs>();
  CLI::App* command = app.add_subcommand(
      "diff", "Compare two runs; with --fail-over, exit 1 when the candidate regressed");
  command->add_option("base", args->base, "The base run (- for standard input)")->required();
  command->add_option("candidate", args->candidate, "The candidate run (- for standard input)")
      ->required();
  AddThreadsOption(*command, args->threads);
  AddFromOption(*command, args->from);
  AddSessionOption(*command, args->session);
  command->add_option("--candidate-session", args->candidate_session,
                      "The candidate's session when it is not --session's");
  command->add_flag("--json", args->json, "Print one JSON object instead of the table");
  command->add_flag("--pretty", args->pretty, "Indent the JSON with 2 spaces")->needs("--json");
  command->add_option("--top", args->top, "Show the N largest changes of each kind (0: all)")
      ->check(CLI::NonNegativeNumber);
  CLI::Option* fail_over = command->add_option(
      "--fail-over", args->fail_over,
      "Exit 1 when the run's time, an op's or span path's time or a device's logical peak grows "
      "by more than PCT (say 10%), or a span path is added or removed");
  command
      ->add_flag("--allow-structure", args->allow_structure,
                 "With --fail-over: span paths added or removed do not fail")
      ->needs(fail_over);
  command->footer("Example: tracedoc diff --fail-over 10% base.jsonl candidate.jsonl");
  command->callback([args, &run] { run = [args] { return RunDiff(*args); }; });
}

}  // namespace tracedoc::cli
