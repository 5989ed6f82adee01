#include "cohort/parts_power.hpp"

#include <algorithm>
#include <cmath>

namespace tracedoc::cohort {
namespace {

// The most runs a side looked at: 2/C(2k, k) is below 10^-300 long before.
constexpr std::size_t kMostRunsASide = 100'000;

// log of the smallest two-sided p-value with k runs a side: every run of one cohort above every
// run of the other, 2/C(2k, k) unpaired; every pair's difference of one sign, 2/2^k paired.
double LogSmallestP(std::size_t k, bool paired) {
  const double runs = static_cast<double>(k);
  const double log_cdf0 = paired ? -runs * std::log(2.0)
                                 : 2 * std::lgamma(runs + 1) - std::lgamma(2 * runs + 1);
  return std::log(2.0) + log_cdf0;
}

}  // namespace

PartsPower PowerOf(const CountNull& null, bool paired, std::size_t parts, double alpha,
                   std::size_t min_runs) {
  PartsPower power;
  const double multiplier = static_cast<double>(parts);
  power.smallest_adjusted_p_value = Scaled(std::min(1.0, 2 * null.Cdf(0)), multiplier);
  power.reachable = power.smallest_adjusted_p_value <= alpha;
  const double log_goal = std::log(alpha) - std::log(multiplier);
  std::size_t k = std::max<std::size_t>(min_runs, 1);
  while (k < kMostRunsASide && LogSmallestP(k, paired) > log_goal) ++k;
  power.runs_a_side_needed = k;
  return power;
}

}  // namespace tracedoc::cohort
