// The differences candidate − baseline between every baseline value and every candidate value
// (n·m of them): what the Mann–Whitney test counts and the Hodges–Lehmann shift and its interval
// select from (docs/compare.md). Never stored: 10^4 runs a side would be 10^8 of them.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace tracedoc::cohort {

class PairwiseDifferences {
 public:
  /// The values are per-run totals in ns, kept in [0, 2^60] (36 years) so that every
  /// difference and every bound on one fits 63 bits. Paired differences d are
  /// PairwiseDifferences({0}, d) after the same clamp on each side.
  PairwiseDifferences(std::span<const double> baseline, std::span<const double> candidate);
  /// The differences `differences` themselves (a paired comparison's).
  static PairwiseDifferences Of(std::span<const double> differences);

  std::uint64_t size() const noexcept { return baseline_.size() * candidate_.size(); }
  /// How many differences are at most `x`: O(n + m).
  std::uint64_t AtMost(std::int64_t x) const;
  /// The k-th smallest difference, 1 ≤ k ≤ size(): bisection over the integers between the
  /// smallest and the largest difference, AtMost at each step (O((n + m) · 64)).
  std::int64_t Kth(std::uint64_t k) const;
  /// Their median (the mean of the middle two for an even count): the Hodges–Lehmann shift.
  double Median() const;

 private:
  PairwiseDifferences() = default;
  /// Sorted ascending.
  std::vector<std::int64_t> baseline_;
  std::vector<std::int64_t> candidate_;
};

}  // namespace tracedoc::cohort
