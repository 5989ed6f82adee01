// Nearest-rank percentiles (docs/traceml-analysis.md, "Percentiles"): the value at a rank of the
// sorted sample, never an interpolation, so every percentile is a value that was measured.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "tracedoc/traceml_summary.hpp"

namespace tracedoc::traceml_analysis {

/// The 1-based rank of the p-th percentile of n values: ceil(p/100 * n), at least 1; exact for
/// any n (no floating point).
std::uint64_t NearestRank(std::uint64_t n, std::uint64_t p) noexcept;

/// p50, p90, p99 and max of `values`, which it sorts; none when empty.
std::optional<TraceMLPercentiles> NearestRankPercentiles(std::vector<double>& values);

}  // namespace tracedoc::traceml_analysis
