// The fail-closed rules of a cohort comparison (docs/compare.md, "Eligibility"): every rule the
// runs break, and how the runs pair up when every run names its pair.
#pragma once

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "cohort/run_facts.hpp"
#include "tracedoc/cohort.hpp"

namespace tracedoc::cohort {

struct Eligibility {
  /// In the order of CohortRule; empty when the runs may be compared.
  std::vector<CohortReason> reasons;
  /// (baseline position, candidate position) for each pair_id, in the baseline's order; empty
  /// when the runs are not paired (some run names no pair).
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
};

/// Checks every rule over both cohorts. Linear in the number of runs (seeded hash sets of
/// run ids and pair ids).
Eligibility CheckEligibility(std::span<const RunFacts> baseline,
                             std::span<const RunFacts> candidate, std::size_t min_runs);

}  // namespace tracedoc::cohort
