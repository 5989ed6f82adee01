#include "cohort/holm.hpp"

#include <algorithm>
#include <cstddef>
#include <numeric>

namespace tracedoc::cohort {

std::vector<double> HolmAdjusted(std::span<const double> p_values) {
  const std::size_t m = p_values.size();
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), std::size_t{0});
  // Stable: equal p-values keep their order, so the result does not depend on the sort.
  std::ranges::stable_sort(order, {}, [&](std::size_t i) { return p_values[i]; });
  std::vector<double> adjusted(m);
  double running = 0;
  for (std::size_t rank = 0; rank < m; ++rank) {
    const double scaled = std::min(1.0, static_cast<double>(m - rank) * p_values[order[rank]]);
    running = std::max(running, scaled);
    adjusted[order[rank]] = running;
  }
  return adjusted;
}

}  // namespace tracedoc::cohort
