#include "cohort/holm.hpp"

#include <algorithm>
#include <cstddef>

#include "util/stable_order.hpp"

namespace tracedoc::cohort {

std::vector<double> HolmAdjusted(std::span<const double> p_values) {
  const std::size_t m = p_values.size();
  // Stable: equal p-values keep their order, so the result does not depend on the sort.
  const std::vector<std::size_t> order = util::StableOrder<std::size_t>(
      m, [&](std::size_t a, std::size_t b) { return p_values[a] < p_values[b]; });
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
