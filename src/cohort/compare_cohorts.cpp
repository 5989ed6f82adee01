// CohortBuilder and CompareCohorts (docs/compare.md): each run reduced to its facts and its
// totals as it is added; then the rules; when the runs pass, the measured region's change and
// verdict, then each large op name's and span path's by a rank test, with Holm's adjustment
// over them all.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "cohort/bootstrap.hpp"
#include "cohort/count_null.hpp"
#include "cohort/eligibility.hpp"
#include "cohort/holm.hpp"
#include "cohort/part_tally.hpp"
#include "cohort/parts_power.hpp"
#include "cohort/rank_change.hpp"
#include "cohort/run_facts.hpp"
#include "tracedoc/cohort.hpp"

namespace tracedoc {
namespace {

Result<void> CheckOptions(const CompareOptions& options) {
  const auto invalid = [](std::string message) {
    Error error;
    error.code = ErrorCode::kInvalidValue;
    error.field = "options";
    error.message = std::move(message);
    return error;
  };
  if (options.resamples == 0 || options.resamples > 1'000'000) {
    return invalid("resamples must be from 1 to 1,000,000");
  }
  if (!(options.confidence > 0 && options.confidence < 1)) {
    return invalid("confidence must lie strictly between 0 and 1");
  }
  if (!(options.family_alpha > 0 && options.family_alpha < 1)) {
    return invalid("family_alpha must lie strictly between 0 and 1");
  }
  return boost::outcome_v2::success();
}

// A part's values in one cohort, from its totals in every run.
std::vector<double> ValuesOf(const cohort::PartTotals& part, std::span<const std::size_t> runs) {
  std::vector<double> values;
  values.reserve(runs.size());
  for (const std::size_t run : runs) values.push_back(part.per_run[run]);
  return values;
}

}  // namespace

struct CohortBuilder::State {
  cohort::RunFactsReader reader;
  std::vector<cohort::RunFacts> baseline;
  std::vector<cohort::RunFacts> candidate;
  cohort::PartTally parts;
  /// Each cohort's runs by their number in `parts` (the order they were added).
  std::vector<std::size_t> baseline_tallied;
  std::vector<std::size_t> candidate_tallied;
};

CohortBuilder::CohortBuilder() : state_(std::make_unique<State>()) {}
CohortBuilder::~CohortBuilder() = default;
CohortBuilder::CohortBuilder(CohortBuilder&&) noexcept = default;
CohortBuilder& CohortBuilder::operator=(CohortBuilder&&) noexcept = default;

void CohortBuilder::AddRun(CohortSide side, const TraceDocument& run) {
  const bool baseline = side == CohortSide::kBaseline;
  (baseline ? state_->baseline : state_->candidate).push_back(state_->reader.Read(run));
  (baseline ? state_->baseline_tallied : state_->candidate_tallied).push_back(state_->parts.runs());
  state_->parts.Add(run);
}

Result<CohortComparison> CohortBuilder::Compare(const CompareOptions& options) const {
  if (Result<void> valid = CheckOptions(options); !valid) return valid.error();
  const State& state = *state_;
  CohortComparison comparison;
  comparison.baseline_runs = state.baseline.size();
  comparison.candidate_runs = state.candidate.size();
  cohort::Eligibility eligibility =
      cohort::CheckEligibility(state.baseline, state.candidate, options.min_runs);
  if (!eligibility.reasons.empty()) {
    comparison.reasons = std::move(eligibility.reasons);
    return comparison;
  }
  comparison.paired = !eligibility.pairs.empty();
  if (state.parts.overflowed()) {
    // Refused rather than compared on the runs that fitted: a part's value in the others is
    // unknown.
    Error error;
    error.code = ErrorCode::kLimitExceeded;
    error.field = "runs";
    error.message = "the runs have more than " + std::to_string(cohort::PartTally::kMostKeptTotals) +
                    " totals of op names and span paths in all (a total per distinct name of each "
                    "run); compare fewer runs, or runs with fewer distinct names";
    return error;
  }

  const auto measured = [](const std::vector<cohort::RunFacts>& facts) {
    std::vector<double> values;
    values.reserve(facts.size());
    for (const cohort::RunFacts& run : facts) values.push_back(static_cast<double>(run.measured_ns));
    return values;
  };
  comparison.measured_region =
      cohort::EstimateChange(measured(state.baseline), measured(state.candidate),
                             eligibility.pairs,
                             {options.resamples, options.seed, options.confidence});
  comparison.verdict = comparison.measured_region->verdict;

  // One test for every part: the cohort sizes fix its distribution.
  const cohort::CountNull null =
      comparison.paired ? cohort::CountNull::Sign(eligibility.pairs.size())
                        : cohort::CountNull::MannWhitney(state.baseline.size(), state.candidate.size());
  std::vector<cohort::RankEstimate> estimates;
  const auto estimate = [&](const cohort::PartTotals& part) {
    estimates.push_back(cohort::EstimateRankChange(ValuesOf(part, state.baseline_tallied),
                                                   ValuesOf(part, state.candidate_tallied),
                                                   eligibility.pairs, null));
  };
  const std::vector<cohort::PartTotals> ops = state.parts.LargestOpNames(options.max_op_names);
  const std::vector<cohort::PartTotals> paths = state.parts.LargestSpanPaths(options.max_span_paths);
  for (const cohort::PartTotals& op : ops) estimate(op);
  for (const cohort::PartTotals& path : paths) estimate(path);
  if (estimates.empty()) return comparison;

  // One family: every op name and span path, so that the chance of any false verdict among
  // them stays at family_alpha.
  std::vector<double> p_values;
  p_values.reserve(estimates.size());
  for (const cohort::RankEstimate& part : estimates) p_values.push_back(part.change.p_value);
  const std::vector<double> adjusted = cohort::HolmAdjusted(p_values);
  const std::vector<double> multipliers = cohort::HolmMultipliers(p_values, options.family_alpha);
  for (std::size_t i = 0; i < estimates.size(); ++i) {
    estimates[i].change.adjusted_p_value = adjusted[i];
    cohort::DecideAtLevel(estimates[i], null, options.family_alpha, multipliers[i]);
  }
  for (std::size_t i = 0; i < ops.size(); ++i) {
    comparison.op_names.push_back({ops[i].name, estimates[i].change});
  }
  for (std::size_t i = 0; i < paths.size(); ++i) {
    comparison.span_paths.push_back({paths[i].name, estimates[ops.size() + i].change});
  }
  comparison.parts_power = cohort::PowerOf(null, comparison.paired, estimates.size(),
                                           options.family_alpha, options.min_runs);
  return comparison;
}

Result<CohortComparison> CompareCohorts(std::span<const TraceDocument* const> baseline,
                                        std::span<const TraceDocument* const> candidate,
                                        const CompareOptions& options) {
  CohortBuilder builder;
  for (const TraceDocument* run : baseline) builder.AddRun(CohortSide::kBaseline, *run);
  for (const TraceDocument* run : candidate) builder.AddRun(CohortSide::kCandidate, *run);
  return builder.Compare(options);
}

}  // namespace tracedoc
