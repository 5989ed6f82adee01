#include "cohort/bootstrap.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

// Boost.Random's engines and distributions are defined by their algorithms, so one seed draws
// the same resamples with every compiler and standard library (std::uniform_int_distribution
// is not specified that far).
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>

#include "cohort/count_null.hpp"

namespace tracedoc::cohort {
namespace {

// Fills `out` with a resample (with replacement) of `values`, and returns its median.
double ResampledMedian(std::span<const double> values, std::vector<double>& out,
                       boost::random::mt19937_64& engine) {
  boost::random::uniform_int_distribution<std::size_t> pick(0, values.size() - 1);
  out.resize(values.size());
  for (double& value : out) value = values[pick(engine)];
  return MedianOf(out);
}

// The two-sided p-value of `observed` (a difference of medians) with the cohorts' labels
// shuffled, in `resamples` draws: (1 + draws at least as far from 0) / (1 + draws), valid
// whatever the number of runs, which a bootstrap's share of resamples is not (two small
// cohorts that do not overlap would give it 0, which no adjustment can raise).
double PermutationPValue(std::span<const double> baseline, std::span<const double> candidate,
                         double observed, std::uint32_t resamples,
                         boost::random::mt19937_64& engine) {
  std::vector<double> pooled(baseline.begin(), baseline.end());
  pooled.insert(pooled.end(), candidate.begin(), candidate.end());
  std::vector<double> shuffled;
  std::uint64_t hits = 0;
  for (std::uint32_t draw = 0; draw < resamples; ++draw) {
    shuffled = pooled;
    // Fisher–Yates over the first |baseline| places: they become the baseline.
    for (std::size_t i = 0; i < baseline.size(); ++i) {
      boost::random::uniform_int_distribution<std::size_t> pick(i, shuffled.size() - 1);
      std::swap(shuffled[i], shuffled[pick(engine)]);
    }
    const std::span<double> all(shuffled);
    const double first = MedianOf(all.first(baseline.size()));
    hits += std::fabs(MedianOf(all.subspan(baseline.size())) - first) >= std::fabs(observed);
  }
  return static_cast<double>(1 + hits) / (1.0 + resamples);
}

// The exact two-sided sign test of paired differences (zeros left out): a median shift moves
// the share of positive differences. Flipping signs would not do: the median of differences of
// one magnitude keeps that magnitude under every flip.
double SignTestPValue(std::span<const double> differences) {
  std::uint64_t positive = 0;
  std::uint64_t negative = 0;
  for (const double difference : differences) {
    positive += difference > 0;
    negative += difference < 0;
  }
  const std::uint64_t n = positive + negative;
  if (n == 0) return 1;
  // P(X <= fewer) for X ~ Binomial(n, 1/2), doubled.
  const double tail = BinomialHalfCdf(n, std::min(positive, negative));
  return std::min(1.0, 2 * tail);
}

}  // namespace

double MedianOf(std::span<double> values) {
  if (values.empty()) return 0;
  const std::size_t middle = values.size() / 2;
  std::ranges::nth_element(values, values.begin() + static_cast<std::ptrdiff_t>(middle));
  const double upper = values[middle];
  if (values.size() % 2 == 1) return upper;
  const double lower = *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle));
  return lower + (upper - lower) / 2;
}

DurationChange EstimateChange(std::span<const double> baseline, std::span<const double> candidate,
                              std::span<const std::pair<std::size_t, std::size_t>> pairs,
                              const BootstrapPlan& plan) {
  DurationChange change;
  std::vector<double> scratch(baseline.begin(), baseline.end());
  change.baseline_median_ns = MedianOf(scratch);
  scratch.assign(candidate.begin(), candidate.end());
  change.candidate_median_ns = MedianOf(scratch);
  std::vector<double> differences;
  for (const auto& [b, c] : pairs) differences.push_back(candidate[c] - baseline[b]);
  if (!pairs.empty()) {
    scratch = differences;
    change.median_delta_ns = MedianOf(scratch);
  } else {
    change.median_delta_ns = change.candidate_median_ns - change.baseline_median_ns;
  }
  change.shift_ns = change.median_delta_ns;
  change.interval_confidence = plan.confidence;
  if (change.baseline_median_ns != 0) {
    change.relative_delta = change.median_delta_ns / change.baseline_median_ns;
  }
  if (baseline.empty() || candidate.empty()) return change;

  boost::random::mt19937_64 engine(plan.seed);
  std::vector<double> deltas(plan.resamples);
  std::vector<double> resample;
  for (double& delta : deltas) {
    delta = pairs.empty() ? ResampledMedian(candidate, resample, engine) -
                                ResampledMedian(baseline, resample, engine)
                          : ResampledMedian(differences, resample, engine);
  }
  std::ranges::sort(deltas);
  // The interval's ends are the order statistics that leave (1 - confidence) / 2 of the
  // resamples outside on each side.
  const auto outside = static_cast<std::size_t>(
      std::floor((1 - plan.confidence) / 2 * static_cast<double>(deltas.size())));
  change.interval_low_ns = deltas[std::min(outside, deltas.size() - 1)];
  change.interval_high_ns = deltas[deltas.size() - 1 - std::min(outside, deltas.size() - 1)];
  change.p_value = pairs.empty() ? PermutationPValue(baseline, candidate, change.median_delta_ns,
                                                     plan.resamples, engine)
                                  : SignTestPValue(differences);
  change.adjusted_p_value = change.p_value;
  if (change.interval_low_ns > 0) {
    change.verdict = CohortVerdict::kCandidateSlower;
  } else if (change.interval_high_ns < 0) {
    change.verdict = CohortVerdict::kCandidateFaster;
  }
  return change;
}

}  // namespace tracedoc::cohort
