// `tracedoc compare --baseline A… --candidate B…`: replicated cohorts compared, fail-closed
// (docs/compare.md). The verdict and the measured region's change as text, or the comparison
// as JSON with --json; exit 1 with --fail-on-slower when the candidate is slower or the runs
// cannot be compared, 1 when a trace does not fold, 2 when one cannot be read.
#include <cmath>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/commands.hpp"
#include "report/units.hpp"
#include "tracedoc/cohort.hpp"

namespace tracedoc::cli {
namespace {

struct CompareArgs {
  std::vector<std::string> baseline;
  std::vector<std::string> candidate;
  bool json = false;
  bool pretty = false;
  bool fail_on_slower = false;
  CompareOptions options;
  unsigned threads = 1;
  std::string from;
};

std::string Relative(const DurationChange& change) {
  if (!change.relative_delta) return "n/a";
  std::ostringstream text;
  text << std::showpos << std::fixed << std::setprecision(1) << *change.relative_delta * 100
       << " %";
  return text.str();
}

std::string Confidence(double confidence) {
  std::ostringstream text;
  text << std::setprecision(4) << confidence * 100 << " %";
  return text.str();
}

// An end ±∞ (the cohorts cannot bound it) is printed as such, not as a duration.
std::string End(double ns) {
  if (std::isfinite(ns)) return report::FormatSignedDuration(ns);
  return ns < 0 ? "-inf" : "+inf";
}

void PrintChange(std::ostream& out, const DurationChange& change) {
  out << report::FormatSignedDuration(change.shift_ns) << " (" << Relative(change) << "), interval ["
      << End(change.interval_low_ns) << ", " << End(change.interval_high_ns) << "] at "
      << Confidence(change.interval_confidence);
}

void PrintPower(std::ostream& out, const CohortComparison& comparison, const CompareOptions& options) {
  const PartsPower& power = *comparison.parts_power;
  if (power.reachable) return;
  const std::size_t family = comparison.op_names.size() + comparison.span_paths.size();
  out << "  too few runs: no op name or span path can be found slower or faster with "
      << comparison.baseline_runs << " and " << comparison.candidate_runs << " runs"
      << (comparison.paired ? " paired" : "") << " (the smallest p-value after Holm over "
      << family << " is " << std::setprecision(4) << power.smallest_adjusted_p_value << " > "
      << options.family_alpha << "); " << power.runs_a_side_needed << " runs a side could\n";
}

void PrintText(std::ostream& out, const CohortComparison& comparison, const CompareOptions& options) {
  out << "verdict: " << CohortVerdictName(comparison.verdict) << " (" << comparison.baseline_runs
      << " baseline and " << comparison.candidate_runs << " candidate runs"
      << (comparison.paired ? ", paired" : "") << ")\n";
  for (const CohortReason& reason : comparison.reasons) {
    out << "  " << CohortRuleName(reason.rule) << ": " << TerminalText(reason.message) << '\n';
  }
  if (!comparison.measured_region) return;
  out << "measured region: median delta ";
  PrintChange(out, *comparison.measured_region);
  out << '\n';
  const std::size_t family = comparison.op_names.size() + comparison.span_paths.size();
  if (family == 0) return;
  out << "op names and span paths (" << (comparison.paired ? "sign test" : "Mann-Whitney")
      << ", Holm-adjusted over " << family << ", family alpha " << options.family_alpha << "):\n";
  PrintPower(out, comparison, options);
  const auto print = [&](std::string_view what, const std::string& name, const DurationChange& change) {
    out << "  " << std::left << std::setw(17) << CohortVerdictName(change.verdict) << ' ';
    PrintChange(out, change);
    out << "  p_adj " << std::setprecision(4) << change.adjusted_p_value << "  " << what << ' '
        << TerminalText(name) << '\n';
  };
  for (const OpNameEstimate& op : comparison.op_names) print("op", op.op_name, op.change);
  for (const SpanPathEstimate& path : comparison.span_paths) print("span", path.path, path.change);
}

// Reads every file of a cohort into `builder`, one at a time, each session of a spool a run of
// its own ("I ran it five times into one spool" is five runs): a file's documents go as soon as
// the builder has what it needs of them. Or says which file could not be read.
Result<void> AddCohort(CohortBuilder& builder, CohortSide side,
                       const std::vector<std::string>& files, const CompareArgs& args,
                       std::string& failed) {
  for (const std::string& file : files) {
    const Result<std::vector<SessionDocument>> runs =
        ReadEveryRun({.file = file, .threads = args.threads, .from = args.from, .session = {}});
    if (!runs) {
      failed = file;
      return runs.error();
    }
    for (const SessionDocument& run : runs.value()) builder.AddRun(side, run.document);
  }
  return boost::outcome_v2::success();
}

int RunCompare(const CompareArgs& args) {
  std::string failed;
  CohortBuilder builder;
  // The baseline first: its first run is the reference the rules compare every run with.
  for (const auto& [side, files] : {std::pair{CohortSide::kBaseline, &args.baseline},
                                    std::pair{CohortSide::kCandidate, &args.candidate}}) {
    if (const Result<void> added = AddCohort(builder, side, *files, args, failed); !added) {
      return ReportReadError(failed, added.error());
    }
  }
  const Result<CohortComparison> comparison = builder.Compare(args.options);
  if (!comparison) {
    PrintCommandError("compare", comparison.error().message);
    return kExitUsage;
  }
  if (args.json) {
    WriteCohortComparisonJson(comparison.value(), std::cout, {.pretty = args.pretty});
    std::cout << '\n';
  } else {
    PrintText(std::cout, comparison.value(), args.options);
  }
  if (!FlushStandardOutput("compare")) return kExitUsage;
  // Fail-closed: a gate that cannot compare the runs does not pass them.
  const CohortVerdict verdict = comparison.value().verdict;
  const bool gate_fails =
      verdict == CohortVerdict::kCandidateSlower || verdict == CohortVerdict::kIneligible;
  return args.fail_on_slower && gate_fails ? kExitRejected : kExitOk;
}

}  // namespace

void AddCompareCommand(CLI::App& app, std::function<int()>& run) {
  auto args = std::make_shared<CompareArgs>();
  CLI::App* command = app.add_subcommand(
      "compare", "Compare replicated cohorts of runs: is the candidate slower, faster, or neither?");
  command->add_option("--baseline", args->baseline, "The baseline cohort's traces")
      ->required()
      ->expected(1, -1);
  command->add_option("--candidate", args->candidate, "The candidate cohort's traces")
      ->required()
      ->expected(1, -1);
  command->add_flag("--json", args->json, "Print the comparison as one JSON object");
  command->add_flag("--pretty", args->pretty, "With --json: indent with 2 spaces");
  command->add_flag("--fail-on-slower", args->fail_on_slower,
                    "Exit 1 when the candidate is slower or the runs cannot be compared");
  command->add_option("--min-runs", args->options.min_runs, "The fewest runs a cohort may have")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1'000'000}));
  command->add_option("--resamples", args->options.resamples,
                      "Bootstrap resamples and label shuffles of the measured region")
      ->check(CLI::Range(1u, 1'000'000u));
  command->add_option("--seed", args->options.seed, "The bootstrap's seed");
  command->add_option("--max-op-names", args->options.max_op_names,
                      "How many op names (the largest by total time) to estimate")
      ->check(CLI::Range(std::size_t{0}, std::size_t{10'000}));
  command->add_option("--max-span-paths", args->options.max_span_paths,
                      "How many span paths (the largest by total time) to estimate")
      ->check(CLI::Range(std::size_t{0}, std::size_t{10'000}));
  AddThreadsOption(*command, args->threads);
  AddFromOption(*command, args->from);
  command->footer(
      "Example: tracedoc compare --baseline a1.jsonl a2.jsonl a3.jsonl a4.jsonl a5.jsonl "
      "--candidate b1.jsonl b2.jsonl b3.jsonl b4.jsonl b5.jsonl --fail-on-slower");
  command->callback([args, &run] { run = [args] { return RunCompare(*args); }; });
}

}  // namespace tracedoc::cli
