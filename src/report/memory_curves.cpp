#include "report/memory_curves.hpp"

#include <algorithm>
#include <limits>

#include "analysis/logical_memory.hpp"

namespace tracedoc::report {
namespace {

// Adds `bytes` at `timestamp` unless the curve already holds that value.
void AddStep(std::vector<CurvePoint>& curve, std::uint64_t timestamp, std::uint64_t bytes) {
  if (!curve.empty() && curve.back().bytes == bytes) return;
  curve.push_back({timestamp, bytes});
}

// The chart of `device`, or null when it has none (beyond the cap). `curves` is sorted by device.
DeviceCurves* Find(std::vector<DeviceCurves>& curves, std::string_view device) {
  const auto it = std::lower_bound(
      curves.begin(), curves.end(), device,
      [](const DeviceCurves& c, std::string_view d) { return c.device < d; });
  return it != curves.end() && it->device == device ? &*it : nullptr;
}

}  // namespace

MemoryCurves CollectMemoryCurves(const TraceDocument& document,
                                 const std::optional<LogicalMemoryProfile>& logical,
                                 const std::optional<PhysicalMemoryProfile>& physical,
                                 std::size_t max_devices) {
  std::vector<std::string_view> names;
  if (logical) {
    for (const LogicalDeviceMemoryStats& stats : logical->by_device) names.push_back(stats.device);
  }
  if (physical) {
    for (const PhysicalDeviceMemoryStats& stats : physical->by_device) names.push_back(stats.device);
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  MemoryCurves result;
  result.devices_left_out = names.size() > max_devices ? names.size() - max_devices : 0;
  names.resize(names.size() - result.devices_left_out);
  std::vector<DeviceCurves>& charts = result.devices;
  for (std::string_view name : names) {
    charts.emplace_back();
    charts.back().device = name;
  }
  std::uint64_t first = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t last = 0;
  if (logical) {
    for (const LogicalDeviceMemoryStats& stats : logical->by_device) {
      DeviceCurves* curves = Find(charts, stats.device);
      if (curves == nullptr || !stats.peak_live_bytes) continue;
      curves->peak = CurvePoint{*stats.peak_timestamp_ns, *stats.peak_live_bytes};
    }
    // A point lists only devices with live storages: every charted device missing from it is 0.
    analysis::ReplayLogicalTimeline(
        document.memory(), [&](const LogicalMemoryTimelinePoint& point) {
          first = std::min(first, point.timestamp_ns);
          last = std::max(last, point.timestamp_ns);
          auto live = point.live_bytes_by_device.begin();
          for (DeviceCurves& curves : charts) {
            while (live != point.live_bytes_by_device.end() && live->device < curves.device) ++live;
            const bool has = live != point.live_bytes_by_device.end() && live->device == curves.device;
            if (!curves.peak) continue;  // no applied alloc: no logical curve
            AddStep(curves.logical, point.timestamp_ns, has ? live->bytes : 0);
          }
        });
  }
  if (physical) {
    for (const PhysicalMemoryTimelinePoint& sample : physical->timeline) {
      first = std::min(first, sample.timestamp_ns);
      last = std::max(last, sample.timestamp_ns);
      DeviceCurves* curves = Find(charts, sample.device);
      if (curves == nullptr) continue;
      if (sample.used_bytes) curves->used.push_back({sample.timestamp_ns, *sample.used_bytes});
      if (sample.reserved_bytes) {
        curves->reserved.push_back({sample.timestamp_ns, *sample.reserved_bytes});
      }
    }
  }
  // The run's extent, so the curves line up with the spans: from the first span's start (or
  // the first memory point) to the terminal, which no record comes after.
  for (const SpanRecord& span : document.spans()) first = std::min(first, span.start_ns);
  last = std::max(last, document.terminal().timestamp_ns);
  result.first_ns = std::min(first, last);
  result.last_ns = last;
  return result;
}

}  // namespace tracedoc::report
