// The change of one op name or span path (docs/compare.md, "Op names and span paths"): a rank
// test with an exact null distribution at small cohorts, the Hodges–Lehmann shift, and the
// interval that inverts the test at the level Holm's procedure tests the part at, so that the
// verdict and the interval cannot disagree.
#pragma once

#include <cstddef>
#include <span>
#include <utility>

#include "cohort/count_null.hpp"
#include "cohort/pairwise_differences.hpp"
#include "tracedoc/cohort.hpp"

namespace tracedoc::cohort {

/// A part's change before the multiplicity adjustment, with the differences its interval is
/// drawn from.
struct RankEstimate {
  DurationChange change;
  PairwiseDifferences differences;
};

/// The medians, the shift and the p-value of the change from `baseline` to `candidate` (one
/// value per run): Mann–Whitney over every (baseline, candidate) pair, or with `pairs`
/// (baseline position, candidate position) the sign test of the per-pair differences. `null`
/// is the test's distribution for these cohort sizes (the same for every part).
RankEstimate EstimateRankChange(std::span<const double> baseline, std::span<const double> candidate,
                                std::span<const std::pair<std::size_t, std::size_t>> pairs,
                                const CountNull& null);

/// Sets the interval at level alpha / multiplier and the verdict it decides: the k-th smallest
/// and k-th largest difference, k − 1 the largest count of differences ≤ 0 whose p-value,
/// Scaled by `multiplier`, is at most alpha. So the interval lies above 0 exactly when the
/// differences ≤ 0 are few enough to be significant, which is when Holm rejects the part.
void DecideAtLevel(RankEstimate& estimate, const CountNull& null, double alpha, double multiplier);

}  // namespace tracedoc::cohort
