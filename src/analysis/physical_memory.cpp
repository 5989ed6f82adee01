// Samples are visited per device in timeline order, so "the earliest timestamp wins a tie" is
// simply "replace only on a strictly better value".
#include "analysis/physical_memory.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "util/stable_order.hpp"

namespace tracedoc::analysis {
namespace {

// Keeps the first sample with the highest (or, with `lower`, lowest) value.
void KeepExtreme(const std::optional<std::uint64_t>& value, std::uint64_t timestamp_ns, bool lower,
                 std::optional<std::uint64_t>& best,
                 std::optional<std::uint64_t>& best_timestamp_ns) {
  if (!value) return;
  if (best && (lower ? *value >= *best : *value <= *best)) return;
  best = *value;
  best_timestamp_ns = timestamp_ns;
}

}  // namespace

std::optional<PhysicalMemoryProfile> BuildPhysicalPlane(
    RecordList<DeviceMemoryRecord> samples) {
  if (samples.empty()) return std::nullopt;
  std::vector<std::size_t> order =
      util::StableOrder<std::size_t>(samples.size(), [&](std::size_t a, std::size_t b) {
        if (samples[a].timestamp_ns != samples[b].timestamp_ns) {
          return samples[a].timestamp_ns < samples[b].timestamp_ns;
        }
        return samples[a].device < samples[b].device;
      });

  PhysicalMemoryProfile profile;
  profile.timeline.reserve(order.size());
  for (const std::size_t i : order) {
    const DeviceMemoryRecord& s = samples[i];
    profile.timeline.push_back(
        {s.timestamp_ns, s.device, s.used_bytes, s.free_bytes, s.reserved_bytes, s.capacity_bytes});
  }

  // Grouping by device, stably, keeps each device's samples in timeline order.
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return samples[a].device < samples[b].device;
  });
  for (std::size_t k = 0; k < order.size(); ++k) {
    const DeviceMemoryRecord& s = samples[order[k]];
    if (profile.by_device.empty() || profile.by_device.back().device != s.device) {
      profile.by_device.push_back({});
      profile.by_device.back().device = s.device;
    }
    PhysicalDeviceMemoryStats& stats = profile.by_device.back();
    ++stats.sample_count;
    stats.used_sample_count += s.used_bytes ? 1 : 0;
    stats.free_sample_count += s.free_bytes ? 1 : 0;
    stats.reserved_sample_count += s.reserved_bytes ? 1 : 0;
    stats.capacity_sample_count += s.capacity_bytes ? 1 : 0;
    KeepExtreme(s.used_bytes, s.timestamp_ns, false, stats.peak_used_bytes,
                stats.peak_used_timestamp_ns);
    KeepExtreme(s.reserved_bytes, s.timestamp_ns, false, stats.peak_reserved_bytes,
                stats.peak_reserved_timestamp_ns);
    KeepExtreme(s.free_bytes, s.timestamp_ns, true, stats.minimum_free_bytes,
                stats.minimum_free_timestamp_ns);
    if (s.capacity_bytes) {
      stats.maximum_observed_capacity_bytes =
          std::max(stats.maximum_observed_capacity_bytes.value_or(0), *s.capacity_bytes);
    }
  }
  return profile;
}

}  // namespace tracedoc::analysis
