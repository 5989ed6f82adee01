// Whether the cohort sizes can find any op name or span path changed (docs/compare.md,
// "Power"): a rank test's smallest p-value is fixed by the number of runs, and Holm multiplies
// it by the number of parts, so small cohorts can leave every part inconclusive whatever the
// runs measured. Better said than left to be guessed from a page of `inconclusive`.
#pragma once

#include <cstddef>

#include "cohort/count_null.hpp"
#include "tracedoc/cohort.hpp"

namespace tracedoc::cohort {

/// What `null` (the test of these cohorts; paired: the sign test) allows `parts` parts at
/// `alpha`, and the fewest runs a side (at least `min_runs`) that would allow it.
PartsPower PowerOf(const CountNull& null, bool paired, std::size_t parts, double alpha,
                   std::size_t min_runs);

}  // namespace tracedoc::cohort
