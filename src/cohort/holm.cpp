#include "cohort/holm.hpp"

#include <algorithm>
#include <cstddef>

#include "cohort/count_null.hpp"
#include "util/stable_order.hpp"

namespace tracedoc::cohort {
namespace {

// Ascending; stable: equal p-values keep their order, so the result does not depend on the sort.
std::vector<std::size_t> Ascending(std::span<const double> p_values) {
  return util::StableOrder<std::size_t>(
      p_values.size(), [&](std::size_t a, std::size_t b) { return p_values[a] < p_values[b]; });
}

}  // namespace

std::vector<double> HolmAdjusted(std::span<const double> p_values) {
  const std::size_t m = p_values.size();
  const std::vector<std::size_t> order = Ascending(p_values);
  std::vector<double> adjusted(m);
  double running = 0;
  for (std::size_t rank = 0; rank < m; ++rank) {
    running = std::max(running, Scaled(p_values[order[rank]], static_cast<double>(m - rank)));
    adjusted[order[rank]] = running;
  }
  return adjusted;
}

std::vector<double> HolmMultipliers(std::span<const double> p_values, double alpha) {
  const std::size_t m = p_values.size();
  const std::vector<std::size_t> order = Ascending(p_values);
  std::vector<double> multipliers(m);
  bool stopped = false;
  double multiplier = 0;
  for (std::size_t rank = 0; rank < m; ++rank) {
    if (!stopped) {
      multiplier = static_cast<double>(m - rank);
      stopped = Scaled(p_values[order[rank]], multiplier) > alpha;
    }
    multipliers[order[rank]] = multiplier;
  }
  return multipliers;
}

}  // namespace tracedoc::cohort
