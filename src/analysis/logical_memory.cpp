// The reference re-sums every live storage at every timestamp. Here each device and category
// keeps a running total (exact, saturated when read), so an event costs one hash lookup (in the
// replay, analysis/memory_replay.hpp) and O(log d) bookkeeping, and a timeline point costs only
// what it holds. The peak's live set is rebuilt once at the end from the lifetimes instead of
// being copied at every new maximum.
//
// Memory bandwidth, not arithmetic, bounds this on large traces (a MemoryRecord spans three
// cache lines), so a free reads what it needs from the replay's entry for its storage, never
// from the allocating record.
#include "analysis/logical_memory.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <functional>
#include <numeric>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

#include "analysis/memory_replay.hpp"
#include "util/huge_pages.hpp"
#include "util/saturating.hpp"

namespace tracedoc::analysis {
using util::ExactSum;
using util::SaturatingAdd;
namespace {

// The same view: equal strings at different addresses, which an interned document does not
// have, are not. Good enough to skip a tensor id already in a storage's set, since every set is
// sorted and deduplicated at the end, and it never reads the (cold) bytes.
bool SameView(std::string_view a, std::string_view b) noexcept {
  return a.data() == b.data() && a.size() == b.size();
}

// What a free needs, kept in the replay's entry so the free never touches the allocating record.
struct ActiveStorage {
  std::size_t index = 0;
  std::uint64_t bytes = 0;
  std::string_view alloc_tensor_id;
  MemoryCategory category = MemoryCategory::kOther;
};

// A tensor id joining a storage after its alloc: an alias, or the tensor that freed it. The
// timestamp lets the peak show only the ids known by then.
struct TensorAddition {
  std::size_t storage = 0;
  std::string_view tensor_id;
  std::uint64_t timestamp_ns = 0;
};

struct DeviceState {
  std::string_view name;
  std::uint64_t allocation_count = 0;
  std::uint64_t free_count = 0;
  std::uint64_t total_allocated_bytes = 0;
  ExactSum live;
  std::uint64_t live_storages = 0;
  std::optional<std::uint64_t> peak_live_bytes;
  std::optional<std::uint64_t> peak_timestamp_ns;
  bool touched = false;
};

struct CategoryState {
  ExactSum live;
  std::uint64_t live_storages = 0;
};

// The final lifetime order: (start, device, storage id), byte-wise.
bool LifetimeBefore(const LogicalStorageLifetime& a, const LogicalStorageLifetime& b) {
  if (a.start_timestamp_ns != b.start_timestamp_ns) {
    return a.start_timestamp_ns < b.start_timestamp_ns;
  }
  if (a.device != b.device) return a.device < b.device;
  return a.storage_id < b.storage_id;
}

// What a replay builds. A point lists every device with a live storage, so a timeline can be
// far larger than its input (n devices live at once: n^2 entries); a writer that streams it
// builds the rest without it, then replays again for the points alone.
enum class ReplayParts : std::uint8_t {
  kWhole,            // the plane
  kWithoutTimeline,  // the plane with an empty timeline
  kTimelineOnly,     // only the points, each handed to a sink and then overwritten
};

// A visitor of ReplayMemory that builds the plane.
class LogicalReplay {
 public:
  using Storage = ActiveStorage;

  /// With `tally`, Run also fills it. With kTimelineOnly, `sink` gets the points.
  LogicalReplay(RecordList<MemoryRecord> events, MemoryEventTally* tally,
                ReplayParts parts = ReplayParts::kWhole, const TimelinePointSink* sink = nullptr)
      : events_(events),
        tally_(tally),
        parts_(parts),
        sink_(sink),
        live_devices_(DeviceByName{&devices_}) {}

  std::optional<LogicalMemoryProfile> Run() && {
    // Upper bounds, one point and one lifetime per event: the vectors never move their
    // (large) contents while growing, and pages never written are never touched. Filling them
    // is most of the analysis's memory traffic, hence the huge pages.
    if (parts_ == ReplayParts::kWhole) {
      profile_.timeline.reserve(events_.size());
      util::PreferHugePages(profile_.timeline);
    }
    if (parts_ != ReplayParts::kTimelineOnly) {
      profile_.lifetimes.reserve(events_.size());
      util::PreferHugePages(profile_.lifetimes);
    }
    ReplayMemory(events_, *this);
    if (parts_ == ReplayParts::kTimelineOnly) return std::move(profile_);
    Finish();
    if (tally_ != nullptr) {
      *tally_ = {alloc_events_, free_events_, std::nullopt};
      if (profile_.peak) tally_->peak_live_bytes = profile_.peak->live_bytes;
    }
    return std::move(profile_);
  }

  // The visitor. Every event's device gets an entry, even an ignored free's (it shows in
  // by_device).
  void NewDevice(std::uint32_t, std::string_view name) { devices_.emplace_back().name = name; }

  void Allocate(const MemoryRecord& event, std::uint32_t device, ActiveStorage& storage) {
    ++alloc_events_;
    if (parts_ == ReplayParts::kTimelineOnly) {
      // Only the running totals: no lifetime, no alias.
      storage = {0, event.bytes, event.tensor_id, event.category};
      ++devices_[device].allocation_count;
      Hold(event.bytes, event.category, device, +1);
      return;
    }
    storage = {profile_.lifetimes.size(), event.bytes, event.tensor_id, event.category};
    // The lifetime is written now, while the event is in cache, so the end of the analysis
    // never reads the document again.
    LogicalStorageLifetime& lifetime = profile_.lifetimes.emplace_back();
    lifetime.device = devices_[device].name;
    lifetime.storage_id = event.storage_id;
    lifetime.tensor_ids.push_back(event.tensor_id);
    lifetime.allocation_span_id = event.span_id;
    lifetime.op_name = event.op_name;
    lifetime.bytes = event.bytes;
    lifetime.shape = event.shape;
    lifetime.dtype = event.dtype;
    lifetime.category = event.category;
    lifetime.start_timestamp_ns = event.timestamp_ns;
    ++profile_.storage_allocation_count;
    profile_.total_allocated_bytes = SaturatingAdd(profile_.total_allocated_bytes, event.bytes);
    DeviceState& state = devices_[device];
    ++state.allocation_count;
    state.total_allocated_bytes = SaturatingAdd(state.total_allocated_bytes, event.bytes);
    Hold(event.bytes, event.category, device, +1);
  }

  void AllocateLive(const MemoryRecord& event, std::uint32_t, const ActiveStorage& storage) {
    ++alloc_events_;
    // An alias: the first alloc's bytes and metadata stand. Its own tensor id is in the set
    // already.
    if (parts_ != ReplayParts::kTimelineOnly &&
        !SameView(event.tensor_id, storage.alloc_tensor_id)) {
      additions_.push_back({storage.index, event.tensor_id, event.timestamp_ns});
    }
  }

  void Free(const MemoryRecord& event, std::uint32_t device, const ActiveStorage& storage) {
    ++free_events_;
    if (parts_ == ReplayParts::kTimelineOnly) {
      Hold(storage.bytes, storage.category, device, -1);
      return;
    }
    profile_.lifetimes[storage.index].end_timestamp_ns = event.timestamp_ns;
    if (!SameView(event.tensor_id, storage.alloc_tensor_id)) {
      additions_.push_back({storage.index, event.tensor_id, event.timestamp_ns});
    }
    ++profile_.matched_storage_free_count;
    ++devices_[device].free_count;
    Hold(storage.bytes, storage.category, device, -1);
  }

  // A free of a storage that is not live is ignored entirely (health reports it, §6.5).
  void FreeNotLive(const MemoryRecord&, std::uint32_t) { ++free_events_; }

  void EndTimestamp(std::uint64_t timestamp) { CloseGroup(timestamp); }

 private:
  // Orders device numbers by device name, byte-wise.
  struct DeviceByName {
    const std::vector<DeviceState>* devices;
    bool operator()(std::uint32_t a, std::uint32_t b) const {
      return (*devices)[a].name < (*devices)[b].name;
    }
  };

  // Adds (`sign` +1) or takes away (-1) one live storage in every running total.
  void Hold(std::uint64_t bytes, MemoryCategory category, std::uint32_t device, int sign) {
    DeviceState& state = devices_[device];
    CategoryState& category_state = categories_[static_cast<std::size_t>(category)];
    if (sign > 0) {
      live_.Add(bytes);
      state.live.Add(bytes);
      if (state.live_storages++ == 0) live_devices_.insert(device);
      category_state.live.Add(bytes);
      ++category_state.live_storages;
    } else {
      live_.Subtract(bytes);
      state.live.Subtract(bytes);
      if (--state.live_storages == 0) live_devices_.erase(device);
      category_state.live.Subtract(bytes);
      --category_state.live_storages;
    }
    if (!state.touched) {
      state.touched = true;
      touched_.push_back(device);
    }
  }

  void CloseGroup(std::uint64_t timestamp) {
    // The whole plane keeps every point; otherwise one point is overwritten at every group.
    LogicalMemoryTimelinePoint& point =
        parts_ == ReplayParts::kWhole ? profile_.timeline.emplace_back() : scratch_point_;
    point.timestamp_ns = timestamp;
    point.live_bytes = live_.Value();
    point.live_bytes_by_device.clear();
    point.live_bytes_by_category = {};
    if (parts_ != ReplayParts::kWithoutTimeline) {
      point.live_bytes_by_device.reserve(live_devices_.size());
      for (const std::uint32_t device : live_devices_) {
        point.live_bytes_by_device.push_back(
            {devices_[device].name, devices_[device].live.Value()});
      }
    }
    for (std::size_t c = 0; c < kMemoryCategoryCount; ++c) {
      if (categories_[c].live_storages > 0) {
        point.live_bytes_by_category.Set(static_cast<MemoryCategory>(c),
                                         categories_[c].live.Value());
      }
    }
    // A device whose live bytes did not change in this group cannot beat the peak it already
    // has, so only the touched ones are checked; the first group with an applied alloc on a
    // device always touches it.
    for (const std::uint32_t device : touched_) {
      DeviceState& state = devices_[device];
      state.touched = false;
      if (state.allocation_count == 0) continue;
      const std::uint64_t live = state.live.Value();
      if (!state.peak_live_bytes || live > *state.peak_live_bytes) {
        state.peak_live_bytes = live;
        state.peak_timestamp_ns = timestamp;
      }
    }
    touched_.clear();
    if (parts_ == ReplayParts::kTimelineOnly) {
      (*sink_)(point);
      return;
    }
    // The peak's devices are found again from its live storages (MakePeak), so only the
    // point's fixed-size part is kept.
    if (profile_.storage_allocation_count > 0 &&
        (!peak_point_ || point.live_bytes > peak_point_->live_bytes)) {
      peak_point_ = PeakPoint{timestamp, point.live_bytes, point.live_bytes_by_category};
    }
  }

  void Finish() {
    // Additions by storage, each storage's in time order. They are rare: most storages are
    // freed by the tensor that allocated them.
    std::stable_sort(
        additions_.begin(), additions_.end(),
        [](const TensorAddition& a, const TensorAddition& b) { return a.storage < b.storage; });
    if (peak_point_) profile_.peak = MakePeak(*peak_point_);
    for (auto it = additions_.begin(); it != additions_.end();) {
      TensorIdList& ids = profile_.lifetimes[it->storage].tensor_ids;
      const std::size_t storage = it->storage;
      for (; it != additions_.end() && it->storage == storage; ++it) ids.push_back(it->tensor_id);
      SortUnique(ids);
    }
    // Lifetimes were created in timestamp order, so only each run with one start needs
    // sorting; stability keeps creation order for one key reallocated within a timestamp,
    // which is the reference's freed-first order.
    std::vector<LogicalStorageLifetime>& lifetimes = profile_.lifetimes;
    for (std::size_t begin = 0; begin < lifetimes.size();) {
      std::size_t end = begin + 1;
      while (end < lifetimes.size() &&
             lifetimes[end].start_timestamp_ns == lifetimes[begin].start_timestamp_ns) {
        ++end;
      }
      if (end - begin > 1 &&
          !std::is_sorted(lifetimes.begin() + begin, lifetimes.begin() + end, LifetimeBefore)) {
        std::stable_sort(lifetimes.begin() + begin, lifetimes.begin() + end, LifetimeBefore);
      }
      begin = end;
    }
    std::vector<std::uint32_t> by_name(devices_.size());
    std::iota(by_name.begin(), by_name.end(), std::uint32_t{0});
    std::sort(by_name.begin(), by_name.end(), DeviceByName{&devices_});
    profile_.by_device.reserve(devices_.size());
    for (const std::uint32_t d : by_name) {
      const DeviceState& state = devices_[d];
      profile_.by_device.push_back({state.name, state.allocation_count, state.free_count,
                                    state.total_allocated_bytes, state.peak_live_bytes,
                                    state.peak_timestamp_ns});
    }
  }

  static void SortUnique(TensorIdList& ids) {
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  }

  // The timeline point with the most live bytes, without its devices.
  struct PeakPoint {
    std::uint64_t timestamp_ns = 0;
    std::uint64_t live_bytes = 0;
    CategoryLiveBytes live_bytes_by_category;
  };

  // The peak at `point`; runs before the lifetimes are sorted, while they are still in creation
  // order, which is also the order of their indices in additions_.
  LogicalMemoryPeak MakePeak(const PeakPoint& point) const {
    LogicalMemoryPeak peak;
    peak.timestamp_ns = point.timestamp_ns;
    peak.live_bytes = point.live_bytes;
    peak.live_bytes_by_category = point.live_bytes_by_category;
    const std::uint64_t at = point.timestamp_ns;
    const std::vector<LogicalStorageLifetime>& lifetimes = profile_.lifetimes;
    // Live after the peak's group: allocated by then and not freed by then. A storage freed in
    // that very group ends at the peak's timestamp and is not live.
    for (std::size_t index = 0; index < lifetimes.size(); ++index) {
      const LogicalStorageLifetime& lifetime = lifetimes[index];
      if (lifetime.start_timestamp_ns > at) break;
      if (lifetime.end_timestamp_ns && *lifetime.end_timestamp_ns <= at) continue;
      LogicalStorageLifetime& live = peak.live_allocations.emplace_back(lifetime);
      live.end_timestamp_ns.reset();
      // Only the tensor ids that had joined by the peak.
      auto it = std::lower_bound(
          additions_.begin(), additions_.end(), index,
          [](const TensorAddition& a, std::size_t storage) { return a.storage < storage; });
      for (; it != additions_.end() && it->storage == index && it->timestamp_ns <= at; ++it) {
        live.tensor_ids.push_back(it->tensor_id);
      }
      if (live.tensor_ids.size() > 1) SortUnique(live.tensor_ids);
    }
    std::sort(peak.live_allocations.begin(), peak.live_allocations.end(), LifetimeBefore);
    peak.live_bytes_by_device = LiveBytesByDevice(peak.live_allocations);
    return peak;
  }

  // Bytes per device of `live` (sorted by start, then device): the same exact sums, saturated
  // when read, as the running totals at that point, so equal to the point's own list.
  DeviceLiveBytesList LiveBytesByDevice(const std::vector<LogicalStorageLifetime>& live) const {
    std::vector<std::pair<std::string_view, std::uint64_t>> storages;
    storages.reserve(live.size());
    for (const LogicalStorageLifetime& lifetime : live) {
      storages.emplace_back(lifetime.device, lifetime.bytes);
    }
    std::stable_sort(storages.begin(), storages.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    DeviceLiveBytesList devices;
    for (std::size_t i = 0; i < storages.size();) {
      ExactSum sum;
      std::size_t end = i;
      for (; end < storages.size() && storages[end].first == storages[i].first; ++end) {
        sum.Add(storages[end].second);
      }
      devices.push_back({storages[i].first, sum.Value()});
      i = end;
    }
    return devices;
  }

  RecordList<MemoryRecord> events_;
  MemoryEventTally* tally_;
  ReplayParts parts_;
  const TimelinePointSink* sink_;
  std::vector<DeviceState> devices_;
  std::array<CategoryState, kMemoryCategoryCount> categories_{};
  // Devices with a live storage, in name order: what a timeline point lists.
  std::set<std::uint32_t, DeviceByName> live_devices_;
  std::vector<TensorAddition> additions_;
  std::vector<std::uint32_t> touched_;
  ExactSum live_;
  std::optional<PeakPoint> peak_point_;
  LogicalMemoryTimelinePoint scratch_point_;
  std::uint64_t alloc_events_ = 0;
  std::uint64_t free_events_ = 0;
  LogicalMemoryProfile profile_;
};

// A visitor of ReplayMemory that counts the events and follows the live total alone.
class TallyReplay {
 public:
  using Storage = std::uint64_t;  // bytes

  void Allocate(const MemoryRecord& event, std::uint32_t, std::uint64_t& bytes) {
    ++tally_.alloc_events;
    bytes = event.bytes;
    live_.Add(bytes);
    applied_alloc_ = true;
  }
  void AllocateLive(const MemoryRecord&, std::uint32_t, std::uint64_t) { ++tally_.alloc_events; }
  void Free(const MemoryRecord&, std::uint32_t, std::uint64_t bytes) {
    ++tally_.free_events;
    live_.Subtract(bytes);
  }
  void FreeNotLive(const MemoryRecord&, std::uint32_t) { ++tally_.free_events; }
  void EndTimestamp(std::uint64_t) {
    if (applied_alloc_ && (!tally_.peak_live_bytes || live_.Value() > *tally_.peak_live_bytes)) {
      tally_.peak_live_bytes = live_.Value();
    }
  }

  const MemoryEventTally& tally() const noexcept { return tally_; }

 private:
  MemoryEventTally tally_;
  ExactSum live_;
  bool applied_alloc_ = false;
};

}  // namespace

std::optional<LogicalMemoryProfile> BuildLogicalPlane(RecordList<MemoryRecord> events,
                                                      MemoryEventTally* tally) {
  if (events.empty()) {
    if (tally != nullptr) *tally = {};
    return std::nullopt;
  }
  return LogicalReplay(events, tally).Run();
}

std::optional<LogicalMemoryProfile> BuildLogicalPlaneWithoutTimeline(
    RecordList<MemoryRecord> events) {
  if (events.empty()) return std::nullopt;
  return LogicalReplay(events, nullptr, ReplayParts::kWithoutTimeline).Run();
}

void ReplayLogicalTimeline(RecordList<MemoryRecord> events, const TimelinePointSink& sink) {
  if (events.empty()) return;
  LogicalReplay(events, nullptr, ReplayParts::kTimelineOnly, &sink).Run();
}

MemoryEventTally TallyMemoryEvents(RecordList<MemoryRecord> events) {
  TallyReplay tally;
  ReplayMemory(events, tally);
  return tally.tally();
}

}  // namespace tracedoc::analysis
