// docs/cirron-conversion.md, "Snapshots".
#include "cirron_convert/tensor_stats_rule.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "text/utf8.hpp"

namespace tracedoc::cirron_convert {
namespace {

// The fold's product: checked, 1 for an empty shape, nothing on overflow.
std::optional<std::uint64_t> ElementCount(const ArrayView<std::uint64_t>& shape) {
  std::uint64_t product = 1;
  for (const std::uint64_t dimension : shape) {
    if (dimension != 0 && product > std::numeric_limits<std::uint64_t>::max() / dimension) {
      return std::nullopt;
    }
    product *= dimension;
  }
  return product;
}

}  // namespace

std::optional<DerivedTensorStats> DeriveTensorStats(const cirron::SnapshotView& snapshot) {
  if (!snapshot.stats || text::IsBlank(snapshot.tensor_name)) return std::nullopt;
  const double mean = snapshot.stats->mean.value;
  const double std = snapshot.stats->std.value;
  const double min = snapshot.stats->min.value;
  const double max = snapshot.stats->max.value;
  if (!std::isfinite(mean) || !std::isfinite(std) || !std::isfinite(min) ||
      !std::isfinite(max)) {
    return std::nullopt;
  }
  const std::optional<std::uint64_t> elements = ElementCount(snapshot.shape);
  const double rms = std::hypot(mean, std);
  if (!elements || !std::isfinite(rms)) return std::nullopt;
  return DerivedTensorStats{.elements = *elements,
                            .rms = rms,
                            .abs_max = std::max(std::fabs(min), std::fabs(max)),
                            .mean = mean};
}

}  // namespace tracedoc::cirron_convert
