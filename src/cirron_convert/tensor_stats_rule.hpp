// A snapshot's stats as a tensor_stats record's figures (docs/cirron-conversion.md,
// "Snapshots"): elements from the shape, rms, abs_max and mean from mean/std/min/max.
#pragma once

#include <cstdint>
#include <optional>

#include "cirron/spool_records.hpp"

namespace tracedoc::cirron_convert {

/// The figures of a tensor_stats record.
struct DerivedTensorStats {
  std::uint64_t elements = 0;
  double rms = 0;
  double abs_max = 0;
  double mean = 0;
};

/// elements = the product of the shape; rms = sqrt(mean² + std²); abs_max = max(|min|, |max|);
/// mean as given; non_finite is 0 (finite min, max and mean leave no NaN or infinite element).
/// Nothing when the snapshot cannot be a valid tensor_stats: no stats, a stat among mean, std,
/// min and max not finite, an rms that overflows, a shape whose product overflows, or a blank
/// tensor name (the record's label must not be blank).
std::optional<DerivedTensorStats> DeriveTensorStats(const cirron::SnapshotView& snapshot);

}  // namespace tracedoc::cirron_convert
