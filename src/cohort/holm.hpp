// Holm's step-down adjustment (docs/compare.md, "Many comparisons"): p-values made comparable
// with one family-wise error rate, however many op names are compared.
#pragma once

#include <span>
#include <vector>

namespace tracedoc::cohort {

/// The Holm-adjusted p-values of `p_values`, in their order: with the values sorted ascending
/// as p(1) ≤ … ≤ p(m), p(i) becomes max over j ≤ i of Scaled(p(j), m − j + 1). Rejecting
/// every hypothesis whose adjusted value is at most α keeps the chance of any false rejection
/// at most α, with no assumption about how the tests depend on one another.
std::vector<double> HolmAdjusted(std::span<const double> p_values);

/// The multiplier of each p-value at the step of Holm's procedure that decides it, in their
/// order: m − i + 1 for p(i) rejected at step i, and m − k + 1 for p(k), the first kept, and
/// every later one. A hypothesis is rejected iff Scaled(p, its multiplier) ≤ `alpha`, iff its
/// adjusted p-value is: an interval drawn at level alpha / multiplier excludes no change
/// exactly when the hypothesis is rejected.
std::vector<double> HolmMultipliers(std::span<const double> p_values, double alpha);

}  // namespace tracedoc::cohort
