// CompareCohorts (docs/compare.md): the rules first; when the runs pass, the measured region's
// change and verdict, then each large op name's and span path's, with Holm's adjustment over
// them all.
#include <algorithm>
#include <cmath>
#include <vector>

#include "cohort/bootstrap.hpp"
#include "cohort/eligibility.hpp"
#include "cohort/holm.hpp"
#include "cohort/largest_totals.hpp"
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
  const auto estimate = [&](const cohort::PartTotals& part) {
    const std::span<const double> per_run(part.per_run);
    return cohort::EstimateChange(per_run.first(baseline.size()),
                                  per_run.subspan(baseline.size()), eligibility.pairs, plan);
  };
  for (const cohort::PartTotals& op : cohort::LargestOpNames(runs, options.max_op_names)) {
    comparison.op_names.push_back({op.name, estimate(op)});
  }
  for (const cohort::PartTotals& path : cohort::LargestSpanPaths(runs, options.max_span_paths)) {
    comparison.span_paths.push_back({path.name, estimate(path)});
  }
  // One family: every op name and span path, so that the chance of any false verdict among
  // them stays at family_alpha.
  std::vector<DurationChange*> family;
  for (OpNameEstimate& op : comparison.op_names) family.push_back(&op.change);
  for (SpanPathEstimate& path : comparison.span_paths) family.push_back(&path.change);
  std::vector<double> p_values;
  for (const DurationChange* change : family) p_values.push_back(change->p_value);
  const std::vector<double> adjusted = cohort::HolmAdjusted(p_values);
  for (std::size_t i = 0; i < family.size(); ++i) {
    family[i]->adjusted_p_value = adjusted[i];
    family[i]->verdict = AdjustedVerdict(*family[i], options.family_alpha);
  }
  return comparison;
}

}  // namespace tracedoc
