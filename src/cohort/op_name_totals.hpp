// The op names a cohort comparison estimates (docs/compare.md, "Op names"): the ones with the
// largest total time over all runs, and each one's total in each run.
#ifndef TRACEDOC_COHORT_OP_NAME_TOTALS_HPP_
#define TRACEDOC_COHORT_OP_NAME_TOTALS_HPP_

#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

#include "tracedoc/document.hpp"

namespace tracedoc::cohort {

struct OpNameTotals {
  std::string_view op_name;
  /// The op's total duration_ns in each run, in the order of the runs given (0 where absent).
  std::vector<double> per_run;
};

/// The `limit` op names with the largest total duration over `runs` (ties by name), largest
/// first. Two passes over the ops; memory of one entry per distinct name plus `limit` × runs.
/// The views point into the documents.
std::vector<OpNameTotals> LargestOpNames(std::span<const TraceDocument* const> runs,
                                         std::size_t limit);

}  // namespace tracedoc::cohort

#endif  // TRACEDOC_COHORT_OP_NAME_TOTALS_HPP_
