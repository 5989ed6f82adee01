// The estimate of one change between cohorts (docs/compare.md, "Statistics"): the median
// delta of a per-run value, its percentile bootstrap interval and a permutation p-value.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>

#include "tracedoc/cohort.hpp"

namespace tracedoc::cohort {

/// The median of `values` (the mean of the middle two for an even count; 0 for none).
/// Reorders `values`.
double MedianOf(std::span<double> values);

/// What a bootstrap draws its resamples with.
struct BootstrapPlan {
  std::uint32_t resamples = 10'000;
  std::uint64_t seed = 0;
  double confidence = 0.95;
};

/// Estimates the change from `baseline` to `candidate` (one value per run). With `pairs`
/// (baseline position, candidate position), the per-pair differences are resampled together;
/// without, each cohort is resampled on its own. Sets every member but adjusted_p_value
/// (= p_value) and verdict (from the interval: slower when it lies above 0, faster below).
/// The engine is seeded afresh with `plan.seed`: the estimate does not depend on any other.
DurationChange EstimateChange(std::span<const double> baseline, std::span<const double> candidate,
                              std::span<const std::pair<std::size_t, std::size_t>> pairs,
                              const BootstrapPlan& plan);

}  // namespace tracedoc::cohort
