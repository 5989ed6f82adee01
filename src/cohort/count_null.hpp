// The null distribution of the rank tests of docs/compare.md ("Op names and span paths"): how
// many of the N differences candidate − baseline are at most 0 when nothing changed. Mann–Whitney
// for unpaired cohorts (the n·m differences between every baseline run and every candidate run),
// the sign test for paired ones (the n per-pair differences).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace tracedoc::cohort {

/// Up to this many differences (n·m; 50 runs a side) the Mann–Whitney distribution is exact:
/// at most n²m²/4 ≈ 1.6·10^6 additions, done once for every part of a comparison. Beyond, the
/// normal approximation (with continuity correction) is within about 10^-4 of it.
inline constexpr std::uint64_t kExactMannWhitneyPairs = 2'500;

/// p scaled by a multiplicity `multiplier` and capped at 1: the one expression Holm's
/// adjustment, the verdicts and the intervals all use, so that they agree to the last bit.
inline double Scaled(double p, double multiplier) { return p * multiplier < 1 ? p * multiplier : 1; }

/// P(X ≤ k) for X ~ Binomial(n, 1/2), through Boost.Math (exact in binary for small n).
double BinomialHalfCdf(std::uint64_t n, std::uint64_t k);

class CountNull {
 public:
  /// The count of pairs (b, c) with c − b ≤ 0 between n baseline and m candidate runs when
  /// every ordering of the runs is as likely (no ties): the Mann–Whitney U.
  static CountNull MannWhitney(std::size_t n, std::size_t m);
  /// The count of n paired differences ≤ 0: Binomial(n, 1/2).
  static CountNull Sign(std::size_t n);

  /// N, the number of differences counted.
  std::uint64_t size() const noexcept { return size_; }
  /// Whether Cdf is exact (else the normal approximation).
  bool exact() const noexcept { return kind_ != Kind::kNormal; }

  /// P(U ≤ u).
  double Cdf(std::uint64_t u) const;

  /// The two-sided p-value of `at_most_zero` differences ≤ 0 and `at_least_zero` ≥ 0: ties
  /// count against a change, so the p-value stays valid (conservative) with ties.
  double PValue(std::uint64_t at_most_zero, std::uint64_t at_least_zero) const;

  /// The largest u whose two-sided p-value min(1, 2·Cdf(u)), Scaled by `multiplier`, is at
  /// most `alpha`; none when not even u = 0's is (the cohorts are too small).
  std::optional<std::uint64_t> LargestSignificant(double alpha, double multiplier) const;

 private:
  enum class Kind : std::uint8_t { kExact, kNormal, kBinomial };
  CountNull(Kind kind, std::uint64_t size) : kind_(kind), size_(size) {}

  Kind kind_;
  std::uint64_t size_;
  /// kExact: P(U ≤ u) for u = 0 … N.
  std::vector<double> cdf_{};
  /// kNormal: the mean and standard deviation of U.
  double mean_ = 0;
  double sd_ = 1;
};

}  // namespace tracedoc::cohort
