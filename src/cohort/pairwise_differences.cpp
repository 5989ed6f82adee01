#include "cohort/pairwise_differences.hpp"

#include <algorithm>
#include <cmath>

namespace tracedoc::cohort {
namespace {

constexpr std::int64_t kLargestValue = std::int64_t{1} << 60;

// The value as an integer in [-2^61, 2^61] (totals are integers of ns; NaN is 0).
std::int64_t Clamped(double value, double lowest) {
  if (!(value > lowest)) return static_cast<std::int64_t>(lowest);
  if (value >= static_cast<double>(kLargestValue)) return kLargestValue;
  return static_cast<std::int64_t>(std::llround(value));
}

std::vector<std::int64_t> SortedClamped(std::span<const double> values, double lowest) {
  std::vector<std::int64_t> sorted;
  sorted.reserve(values.size());
  for (const double value : values) sorted.push_back(Clamped(value, lowest));
  std::ranges::sort(sorted);
  return sorted;
}

}  // namespace

PairwiseDifferences::PairwiseDifferences(std::span<const double> baseline,
                                         std::span<const double> candidate)
    : baseline_(SortedClamped(baseline, 0)), candidate_(SortedClamped(candidate, 0)) {}

PairwiseDifferences PairwiseDifferences::Of(std::span<const double> differences) {
  PairwiseDifferences of;
  of.baseline_ = {0};
  of.candidate_ = SortedClamped(differences, -static_cast<double>(kLargestValue));
  return of;
}

std::uint64_t PairwiseDifferences::AtMost(std::int64_t x) const {
  // c − b ≤ x ⇔ b ≥ c − x: as c grows, so does the first such b.
  std::uint64_t count = 0;
  std::size_t first = 0;
  for (const std::int64_t c : candidate_) {
    while (first < baseline_.size() && baseline_[first] < c - x) ++first;
    count += baseline_.size() - first;
  }
  return count;
}

std::int64_t PairwiseDifferences::Kth(std::uint64_t k) const {
  if (size() == 0) return 0;
  std::int64_t low = candidate_.front() - baseline_.back();
  std::int64_t high = candidate_.back() - baseline_.front();
  while (low < high) {
    const std::int64_t middle = low + (high - low) / 2;
    if (AtMost(middle) >= k) {
      high = middle;
    } else {
      low = middle + 1;
    }
  }
  return low;
}

double PairwiseDifferences::Median() const {
  const std::uint64_t n = size();
  if (n == 0) return 0;
  if (n % 2 == 1) return static_cast<double>(Kth(n / 2 + 1));
  const double lower = static_cast<double>(Kth(n / 2));
  return lower + (static_cast<double>(Kth(n / 2 + 1)) - lower) / 2;
}

}  // namespace tracedoc::cohort
