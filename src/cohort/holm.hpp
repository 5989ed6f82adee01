// Holm's step-down adjustment (docs/compare.md, "Many comparisons"): p-values made comparable
// with one family-wise error rate, however many op names are compared.
#pragma once

#include <span>
#include <vector>

namespace tracedoc::cohort {

/// The Holm-adjusted p-values of `p_values`, in their order: with the values sorted ascending
/// as p(1) ≤ … ≤ p(m), p(i) becomes max over j ≤ i of min(1, (m − j + 1) · p(j)). Rejecting
/// every hypothesis whose adjusted value is at most α keeps the chance of any false rejection
/// at most α, with no assumption about how the tests depend on one another.
std::vector<double> HolmAdjusted(std::span<const double> p_values);

}  // namespace tracedoc::cohort
