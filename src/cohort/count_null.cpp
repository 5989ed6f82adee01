#include "cohort/count_null.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include <boost/math/distributions/binomial.hpp>

namespace tracedoc::cohort {

double BinomialHalfCdf(std::uint64_t n, std::uint64_t k) {
  if (k >= n) return 1;
  // Errors are values, never exceptions: none may cross the API (and n >= 1, p = 1/2 raise
  // none).
  using Quiet = boost::math::policies::policy<
      boost::math::policies::domain_error<boost::math::policies::ignore_error>,
      boost::math::policies::overflow_error<boost::math::policies::ignore_error>,
      boost::math::policies::evaluation_error<boost::math::policies::ignore_error>>;
  const boost::math::binomial_distribution<double, Quiet> signs(static_cast<double>(n), 0.5);
  return boost::math::cdf(signs, static_cast<double>(k));
}

CountNull CountNull::MannWhitney(std::size_t n, std::size_t m) {
  const std::uint64_t pairs = static_cast<std::uint64_t>(n) * m;
  if (pairs > kExactMannWhitneyPairs) {
    CountNull null(Kind::kNormal, pairs);
    null.mean_ = static_cast<double>(pairs) / 2;
    null.sd_ = std::sqrt(static_cast<double>(pairs) * static_cast<double>(n + m + 1) / 12);
    return null;
  }
  // U is symmetric in the two cohorts: the smaller one in the inner loop keeps the rows short.
  if (n > m) std::swap(n, m);
  // row[i] is the distribution of U for (i, j) runs, as probabilities, for the j of the outer
  // loop: the largest of the i + j values is one of the i (probability i / (i + j)), above all j
  // of the others, or one of the j, above none: p(i, j)(u) = i/(i+j) p(i-1, j)(u - j) +
  // j/(i+j) p(i, j-1)(u). No subtraction, so no cancellation.
  std::vector<std::vector<double>> row(n + 1);
  for (std::size_t i = 0; i <= n; ++i) row[i] = {1.0};  // j = 0: U = 0
  for (std::size_t j = 1; j <= m; ++j) {
    // row[0] stays {1}: with no runs on one side U = 0.
    for (std::size_t i = 1; i <= n; ++i) {
      const double total = static_cast<double>(i + j);
      std::vector<double> next(i * j + 1, 0.0);
      const std::vector<double>& up = row[i - 1];      // (i - 1, j), this j's row
      const std::vector<double>& left = row[i];        // (i, j - 1), the last j's row
      for (std::size_t u = 0; u < left.size(); ++u) next[u] += left[u] * (static_cast<double>(j) / total);
      for (std::size_t u = 0; u < up.size(); ++u) next[u + j] += up[u] * (static_cast<double>(i) / total);
      row[i] = std::move(next);
    }
  }
  CountNull null(Kind::kExact, pairs);
  null.cdf_ = std::move(row[n]);
  double running = 0;
  for (double& p : null.cdf_) {
    running += p;
    p = std::min(running, 1.0);
  }
  return null;
}

CountNull CountNull::Sign(std::size_t n) { return CountNull(Kind::kBinomial, n); }

double CountNull::Cdf(std::uint64_t u) const {
  switch (kind_) {
    case Kind::kExact:
      // P(U ≤ N) is 1 exactly, not the rounded sum.
      return u + 1 < cdf_.size() ? cdf_[u] : 1;
    case Kind::kBinomial:
      return BinomialHalfCdf(size_, u);
    case Kind::kNormal:
      break;
  }
  // Φ((u + ½ − mean) / sd), the ½ for U's steps of 1.
  const double z = (static_cast<double>(u) + 0.5 - mean_) / sd_;
  return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

double CountNull::PValue(std::uint64_t at_most_zero, std::uint64_t at_least_zero) const {
  return std::min(1.0, 2 * std::min(Cdf(at_most_zero), Cdf(at_least_zero)));
}

std::optional<std::uint64_t> CountNull::LargestSignificant(double alpha, double multiplier) const {
  const auto significant = [&](std::uint64_t u) {
    return Scaled(std::min(1.0, 2 * Cdf(u)), multiplier) <= alpha;
  };
  if (!significant(0)) return std::nullopt;
  // Monotone in u: the largest significant u by bisection over [0, N].
  std::uint64_t low = 0;
  std::uint64_t high = size_;
  while (low < high) {
    const std::uint64_t middle = low + (high - low + 1) / 2;
    if (significant(middle)) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return low;
}

}  // namespace tracedoc::cohort
