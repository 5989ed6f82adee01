// CompareCohorts (docs/compare.md): the rules first; when the runs pass, the measured region's
// change and verdict, then each large op name's, with Holm's adjustment over the op names.
#include <algorithm>
#include <cmath>
#include <vector>

#include "cohort/bootstrap.hpp"
#include "cohort/eligibility.hpp"
#include "cohort/holm.hpp"
#include "cohort/op_name_totals.hpp"
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

std::vector<cohort::RunFacts> FactsOf(std::span<const TraceDocument* const> runs) {
  std::vector<cohort::RunFacts> facts;
  facts.reserve(runs.size());
  for (const TraceDocument* run : runs) facts.push_back(cohort::ReadRunFacts(*run));
  return facts;
}

// The op-name verdict: Holm's adjusted p-value decides, the median delta's sign says which way.
CohortVerdict AdjustedVerdict(const DurationChange& change, double family_alpha) {
  if (change.adjusted_p_value > family_alpha || change.median_delta_ns == 0) {
    return CohortVerdict::kInconclusive;
  }
  return change.median_delta_ns > 0 ? CohortVerdict::kCandidateSlower
                                    : CohortVerdict::kCandidateFaster;
}

}  // namespace

Result<CohortComparison> CompareCohorts(std::span<const TraceDocument* const> baseline,
                                        std::span<const TraceDocument* const> candidate,
                                        const CompareOptions& options) {
  if (Result<void> valid = CheckOptions(options); !valid) return valid.error();
  CohortComparison comparison;
  comparison.baseline_runs = baseline.size();
  comparison.candidate_runs = candidate.size();
  const std::vector<cohort::RunFacts> baseline_facts = FactsOf(baseline);
  const std::vector<cohort::RunFacts> candidate_facts = FactsOf(candidate);
  cohort::Eligibility eligibility =
      cohort::CheckEligibility(baseline_facts, candidate_facts, options.min_runs);
  if (!eligibility.reasons.empty()) {
    comparison.reasons = std::move(eligibility.reasons);
    return comparison;
  }
  comparison.paired = !eligibility.pairs.empty();
  const cohort::BootstrapPlan plan{options.resamples, options.seed, options.confidence};

  const auto measured = [](const std::vector<cohort::RunFacts>& facts) {
    std::vector<double> values;
    for (const cohort::RunFacts& run : facts) values.push_back(static_cast<double>(run.measured_ns));
    return values;
  };
  comparison.measured_region = cohort::EstimateChange(measured(baseline_facts),
                                                      measured(candidate_facts), eligibility.pairs, plan);
  comparison.verdict = comparison.measured_region->verdict;

  std::vector<const TraceDocument*> runs(baseline.begin(), baseline.end());
  runs.insert(runs.end(), candidate.begin(), candidate.end());
  std::vector<double> p_values;
  for (const cohort::OpNameTotals& op : cohort::LargestOpNames(runs, options.max_op_names)) {
    const std::span<const double> per_run(op.per_run);
    comparison.op_names.push_back(
        {std::string(op.op_name),
         cohort::EstimateChange(per_run.first(baseline.size()), per_run.subspan(baseline.size()),
                                eligibility.pairs, plan)});
    p_values.push_back(comparison.op_names.back().change.p_value);
  }
  const std::vector<double> adjusted = cohort::HolmAdjusted(p_values);
  for (std::size_t i = 0; i < adjusted.size(); ++i) {
    DurationChange& change = comparison.op_names[i].change;
    change.adjusted_p_value = adjusted[i];
    change.verdict = AdjustedVerdict(change, options.family_alpha);
  }
  return comparison;
}

}  // namespace tracedoc
