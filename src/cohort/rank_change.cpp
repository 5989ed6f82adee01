#include "cohort/rank_change.hpp"

#include <limits>
#include <vector>

#include "cohort/bootstrap.hpp"

namespace tracedoc::cohort {
namespace {

double Median(std::span<const double> values) {
  std::vector<double> scratch(values.begin(), values.end());
  return MedianOf(scratch);
}

}  // namespace

RankEstimate EstimateRankChange(std::span<const double> baseline, std::span<const double> candidate,
                                std::span<const std::pair<std::size_t, std::size_t>> pairs,
                                const CountNull& null) {
  DurationChange change;
  change.baseline_median_ns = Median(baseline);
  change.candidate_median_ns = Median(candidate);
  std::vector<double> differences;
  for (const auto& [b, c] : pairs) differences.push_back(candidate[c] - baseline[b]);
  change.median_delta_ns = pairs.empty() ? change.candidate_median_ns - change.baseline_median_ns
                                         : Median(differences);
  RankEstimate estimate{change, pairs.empty() ? PairwiseDifferences(baseline, candidate)
                                              : PairwiseDifferences::Of(differences)};
  const PairwiseDifferences& all = estimate.differences;
  estimate.change.shift_ns = all.Median();
  if (change.baseline_median_ns != 0) {
    estimate.change.relative_delta = estimate.change.shift_ns / change.baseline_median_ns;
  }
  const std::uint64_t at_most_zero = all.AtMost(0);
  const std::uint64_t at_least_zero = all.size() - all.AtMost(-1);
  estimate.change.p_value = null.PValue(at_most_zero, at_least_zero);
  estimate.change.adjusted_p_value = estimate.change.p_value;
  return estimate;
}

void DecideAtLevel(RankEstimate& estimate, const CountNull& null, double alpha, double multiplier) {
  DurationChange& change = estimate.change;
  const PairwiseDifferences& all = estimate.differences;
  change.interval_confidence = 1 - alpha / multiplier;
  change.verdict = CohortVerdict::kInconclusive;
  const std::optional<std::uint64_t> significant = null.LargestSignificant(alpha, multiplier);
  if (!significant || all.size() == 0) {
    change.interval_low_ns = -std::numeric_limits<double>::infinity();
    change.interval_high_ns = std::numeric_limits<double>::infinity();
    return;
  }
  // Fewer than k differences ≤ 0 ⇔ the k-th smallest is above 0; the same for the largest.
  const std::uint64_t k = *significant + 1;
  change.interval_low_ns = static_cast<double>(all.Kth(k));
  change.interval_high_ns = static_cast<double>(all.Kth(all.size() + 1 - k));
  if (change.interval_low_ns > 0) {
    change.verdict = CohortVerdict::kCandidateSlower;
  } else if (change.interval_high_ns < 0) {
    change.verdict = CohortVerdict::kCandidateFaster;
  }
}

}  // namespace tracedoc::cohort
