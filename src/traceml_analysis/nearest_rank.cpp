// Nearest-rank percentiles.
#include "traceml_analysis/nearest_rank.hpp"

#include <algorithm>

namespace tracedoc::traceml_analysis {

std::uint64_t NearestRank(std::uint64_t n, std::uint64_t p) noexcept {
  // ceil(p * n / 100) without the product, which could overflow.
  const std::uint64_t rank = n / 100 * p + (n % 100 * p + 99) / 100;
  return std::max<std::uint64_t>(rank, 1);
}

std::optional<TraceMLPercentiles> NearestRankPercentiles(std::vector<double>& values) {
  if (values.empty()) return std::nullopt;
  std::sort(values.begin(), values.end());
  const auto at = [&](std::uint64_t p) { return values[NearestRank(values.size(), p) - 1]; };
  return TraceMLPercentiles{at(50), at(90), at(99), values.back()};
}

}  // namespace tracedoc::traceml_analysis
