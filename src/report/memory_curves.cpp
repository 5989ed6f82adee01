#include "report/memory_curves.hpp"

#include <algorithm>
#include <limits>

#include "analysis/memory_replay.hpp"
#include "util/saturating.hpp"

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

// A visitor of the memory replay (analysis/memory_replay.hpp): each device's live bytes kept as
// the logical plane keeps them (an alias adds nothing, a free takes away what its storage's
// alloc added, sums exact and saturated when read), and written to the device's curve after each
// timestamp only when the device was touched. So the work is linear in the events however many
// devices there are, where a timeline point lists every device with a live storage.
class DeviceLiveReplay {
 public:
  using Storage = std::uint64_t;  // the allocating event's bytes

  explicit DeviceLiveReplay(std::vector<DeviceCurves>& charts) : charts_(charts) {}

  void NewDevice(std::uint32_t, std::string_view name) {
    curves_.push_back(Find(charts_, name));
    live_.emplace_back();
    touched_.push_back(false);
  }
  void Allocate(const MemoryRecord& event, std::uint32_t device, Storage& bytes) {
    bytes = event.bytes;
    live_[device].Add(bytes);
    Touch(device);
  }
  void AllocateLive(const MemoryRecord&, std::uint32_t, const Storage&) {}
  void Free(const MemoryRecord&, std::uint32_t device, const Storage& bytes) {
    live_[device].Subtract(bytes);
    Touch(device);
  }
  void FreeNotLive(const MemoryRecord&, std::uint32_t) {}
  void EndTimestamp(std::uint64_t timestamp) {
    first_ = std::min(first_, timestamp);
    last_ = std::max(last_, timestamp);
    for (const std::uint32_t device : changed_) {
      touched_[device] = false;
      if (curves_[device] != nullptr) {
        AddStep(curves_[device]->logical, timestamp, live_[device].Value());
      }
    }
    changed_.clear();
  }

  std::uint64_t first() const { return first_; }
  std::uint64_t last() const { return last_; }

 private:
  void Touch(std::uint32_t device) {
    if (touched_[device]) return;
    touched_[device] = true;
    changed_.push_back(device);
  }

  std::vector<DeviceCurves>& charts_;
  // Indexed by the replay's device numbers (first-seen order).
  std::vector<DeviceCurves*> curves_;
  std::vector<util::ExactSum> live_;
  std::vector<bool> touched_;
  std::vector<std::uint32_t> changed_;
  std::uint64_t first_ = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t last_ = 0;
};

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
    DeviceLiveReplay replay(charts);
    analysis::ReplayMemory(document, replay);
    first = replay.first();
    last = replay.last();
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
