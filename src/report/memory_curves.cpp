#include "report/memory_curves.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <span>

#include "analysis/trace6_device_live.hpp"
#include "document/latest_host_evidence.hpp"

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

// Adds each changed device's live bytes to its curve (the shared per-device replay reports only
// the devices a timestamp changed), and keeps the time the events span.
class CurveSteps {
 public:
  explicit CurveSteps(std::vector<DeviceCurves>& charts) : charts_(charts) {}

  void operator()(std::uint64_t timestamp, std::span<const analysis::DeviceLiveChange> changes,
                  std::uint64_t, std::uint64_t) {
    first_ = std::min(first_, timestamp);
    last_ = std::max(last_, timestamp);
    for (const analysis::DeviceLiveChange& change : changes) {
      // Looked up once per device, by the replay's device number.
      if (change.device >= curves_.size()) curves_.resize(change.device + 1);
      std::optional<DeviceCurves*>& curves = curves_[change.device];
      if (!curves) curves = Find(charts_, change.name);
      if (*curves != nullptr) AddStep((*curves)->logical, timestamp, change.live_bytes);
    }
  }

  std::uint64_t first() const { return first_; }
  std::uint64_t last() const { return last_; }

 private:
  std::vector<DeviceCurves>& charts_;
  // Indexed by the replay's device numbers: not yet looked up, or the chart (null for a device
  // left out of the charts).
  std::vector<std::optional<DeviceCurves*>> curves_;
  std::uint64_t first_ = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t last_ = 0;
};

}  // namespace

MemoryCurves CollectMemoryCurves(const TraceDocument& document,
                                 std::span<const MemoryEventDevice> memory_devices,
                                 const std::optional<PhysicalMemoryProfile>& physical,
                                 std::size_t max_devices) {
  std::vector<std::string_view> names;
  for (const MemoryEventDevice& device : memory_devices) names.push_back(device.device);
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
  if (!memory_devices.empty()) {
    for (const MemoryEventDevice& device : memory_devices) {
      DeviceCurves* curves = Find(charts, device.device);
      if (curves != nullptr) curves->peak = device.peak;
    }
    CurveSteps steps(charts);
    analysis::ReplayDeviceLive(document, steps);
    first = steps.first();
    last = steps.last();
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
  last = std::max(last, detail::CaptureEndNs(document));
  result.first_ns = std::min(first, last);
  result.last_ns = last;
  return result;
}

}  // namespace tracedoc::report
