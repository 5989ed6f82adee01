// The reference re-sums every live storage at every timestamp. Here each device and category
// keeps a running total (exact, saturated when read), so an event costs one hash lookup and
// O(log d) bookkeeping, and a timeline point costs only what it holds. The peak's live set is
// rebuilt once at the end from the lifetimes instead of being copied at every new maximum.
//
// Memory bandwidth, not arithmetic, bounds this on large traces (a MemoryRecord spans three
// cache lines), so the events are read once: the replay runs in input order and starts over
// on a sorted copy of the order only if it meets a timestamp that goes backwards. A free reads
// what it needs from the hash map entry, never from the allocating record.
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

#include <boost/unordered/unordered_flat_map.hpp>

#include "util/saturating.hpp"
#include "analysis/huge_pages.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::analysis {
using util::ExactSum;
using util::SaturatingAdd;
namespace {

// Input indices by (timestamp, input index).
std::vector<std::size_t> SortedOrder(std::span<const MemoryRecord> events) {
  std::vector<std::size_t> order(events.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return events[a].timestamp_ns < events[b].timestamp_ns;
  });
  return order;
}

// Walks events in replay order, calling `apply(event, timestamp)` for each and
// `close(timestamp)` after each timestamp's group. With `order` null the walk is in input order
// and stops, returning false, at the first timestamp smaller than the one before.
template <class Apply, class Close>
bool ReplayGroups(std::span<const MemoryRecord> events, const std::vector<std::size_t>* order,
                  Apply&& apply, Close&& close) {
  const std::size_t n = events.size();
  const auto at = [&](std::size_t k) -> const MemoryRecord& {
    return events[order != nullptr ? (*order)[k] : k];
  };
  std::uint64_t timestamp = at(0).timestamp_ns;
  for (std::size_t k = 0; k < n; ++k) {
    const MemoryRecord& event = at(k);
    if (event.timestamp_ns != timestamp) {
      if (event.timestamp_ns < timestamp) return false;
      close(timestamp);
      timestamp = event.timestamp_ns;
    }
    apply(event, timestamp);
  }
  close(timestamp);
  return true;
}

// The same view: equal strings at different addresses, which an interned document does not
// have, are not. Good enough to skip a tensor id already in a storage's set, since every set is
// sorted and deduplicated at the end, and it never reads the (cold) bytes.
bool SameView(std::string_view a, std::string_view b) noexcept {
  return a.data() == b.data() && a.size() == b.size();
}

// String equality that settles the common case by address: a document stores each string
// once, so equal ids are usually the same view, and comparing bytes is left to the rest.
bool SameString(std::string_view a, std::string_view b) noexcept {
  return a.size() == b.size() && (a.data() == b.data() || a == b);
}

// A storage is (device, storage id): one id on two devices is two storages. Devices are
// numbered in first-seen order.
struct StorageKey {
  std::uint32_t device = 0;
  std::string_view storage_id;
  friend bool operator==(const StorageKey& a, const StorageKey& b) noexcept {
    return a.device == b.device && SameString(a.storage_id, b.storage_id);
  }
};

// Keyed (F3): storage ids come from the input, and std::hash's are easy to make collide.
struct StorageKeyHash {
  using is_avalanching = void;
  std::size_t operator()(const StorageKey& key) const noexcept {
    return util::SeededHash::Combine(util::HashBytes(key.storage_id), key.device);
  }
};

// Numbers devices in first-seen order. A document stores each string once, so with the handful
// of devices a run has, comparing views by address finds the device without hashing; equal
// names at different addresses still meet in the hash map.
class DeviceNumbers {
 public:
  /// The device's number, and whether it is new.
  std::pair<std::uint32_t, bool> Of(std::string_view name) {
    if (names_.size() <= kScanned) {
      for (std::uint32_t d = 0; d < names_.size(); ++d) {
        if (names_[d].data() == name.data() && names_[d].size() == name.size()) return {d, false};
      }
    }
    const auto [it, inserted] = ids_.try_emplace(name, static_cast<std::uint32_t>(names_.size()));
    if (inserted) names_.push_back(name);
    return {it->second, inserted};
  }

 private:
  static constexpr std::size_t kScanned = 8;
  std::vector<std::string_view> names_;
  boost::unordered_flat_map<std::string_view, std::uint32_t, util::SeededHash> ids_;
};

// What a free needs, kept in the hash map entry so the free never touches the allocating record.
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

class LogicalReplay {
 public:
  /// With `tally`, Run also fills it when it succeeds. With kTimelineOnly, `sink` gets the points.
  LogicalReplay(std::span<const MemoryRecord> events, const std::vector<std::size_t>* order,
                MemoryEventTally* tally, ReplayParts parts = ReplayParts::kWhole,
                const TimelinePointSink* sink = nullptr)
      : events_(events),
        order_(order),
        tally_(tally),
        parts_(parts),
        sink_(sink),
        live_devices_(DeviceByName{&devices_}) {}

  /// The plane, or None when replaying in input order met a timestamp going backwards.
  std::optional<LogicalMemoryProfile> Run() && {
    // Upper bounds, one point and one lifetime per event: the vectors never move their
    // (large) contents while growing, and pages never written are never touched. Filling them
    // is most of the analysis's memory traffic, hence the huge pages.
    if (parts_ == ReplayParts::kWhole) {
      profile_.timeline.reserve(events_.size());
      PreferHugePages(profile_.timeline);
    }
    if (parts_ != ReplayParts::kTimelineOnly) {
      profile_.lifetimes.reserve(events_.size());
      PreferHugePages(profile_.lifetimes);
    }
    const bool in_order = ReplayGroups(
        events_, order_,
        [&](const MemoryRecord& event, std::uint64_t timestamp) { Apply(event, timestamp); },
        [&](std::uint64_t timestamp) { CloseGroup(timestamp); });
    if (!in_order) return std::nullopt;
    if (parts_ == ReplayParts::kTimelineOnly) return std::move(profile_);
    Finish();
    if (tally_ != nullptr) {
      *tally_ = {alloc_events_, free_events_, std::nullopt};
      if (profile_.peak) tally_->peak_live_bytes = profile_.peak->live_bytes;
    }
    return std::move(profile_);
  }

 private:
  // Orders device numbers by device name, byte-wise.
  struct DeviceByName {
    const std::vector<DeviceState>* devices;
    bool operator()(std::uint32_t a, std::uint32_t b) const {
      return (*devices)[a].name < (*devices)[b].name;
    }
  };

  std::uint32_t DeviceOf(std::string_view name) {
    const auto [device, inserted] = device_numbers_.Of(name);
    if (inserted) {
      devices_.emplace_back();
      devices_.back().name = name;
    }
    return device;
  }

  void Apply(const MemoryRecord& event, std::uint64_t timestamp) {
    // Every event's device gets an entry, even an ignored free's (it shows in by_device).
    const std::uint32_t device = DeviceOf(event.device);
    if (event.action == MemoryAction::kAlloc) {
      ++alloc_events_;
      const auto [it, inserted] = active_.try_emplace(StorageKey{device, event.storage_id});
      if (parts_ == ReplayParts::kTimelineOnly) {
        // Only the running totals: no lifetime, no alias.
        if (inserted) {
          it->second = {0, event.bytes, event.tensor_id, event.category};
          ++devices_[device].allocation_count;
          Hold(event.bytes, event.category, device, +1);
        }
        return;
      }
      if (!inserted) {
        // An alias: the first alloc's bytes and metadata stand. Its own tensor id is in the
        // set already.
        if (!SameView(event.tensor_id, it->second.alloc_tensor_id)) {
          additions_.push_back({it->second.index, event.tensor_id, timestamp});
        }
        return;
      }
      it->second = {profile_.lifetimes.size(), event.bytes, event.tensor_id, event.category};
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
      lifetime.start_timestamp_ns = timestamp;
      ++profile_.storage_allocation_count;
      profile_.total_allocated_bytes = SaturatingAdd(profile_.total_allocated_bytes, event.bytes);
      DeviceState& state = devices_[device];
      ++state.allocation_count;
      state.total_allocated_bytes = SaturatingAdd(state.total_allocated_bytes, event.bytes);
      Hold(event.bytes, event.category, device, +1);
      return;
    }
    ++free_events_;
    const auto it = active_.find(StorageKey{device, event.storage_id});
    // A free of a storage that is not live is ignored entirely (health reports it, §6.5).
    if (it == active_.end()) return;
    const ActiveStorage storage = it->second;
    active_.erase(it);
    if (parts_ == ReplayParts::kTimelineOnly) {
      Hold(storage.bytes, storage.category, device, -1);
      return;
    }
    profile_.lifetimes[storage.index].end_timestamp_ns = timestamp;
    if (!SameView(event.tensor_id, storage.alloc_tensor_id)) {
      additions_.push_back({storage.index, event.tensor_id, timestamp});
    }
    ++profile_.matched_storage_free_count;
    ++devices_[device].free_count;
    Hold(storage.bytes, storage.category, device, -1);
  }

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

  std::span<const MemoryRecord> events_;
  const std::vector<std::size_t>* order_;
  MemoryEventTally* tally_;
  ReplayParts parts_;
  const TimelinePointSink* sink_;
  std::vector<DeviceState> devices_;
  DeviceNumbers device_numbers_;
  std::array<CategoryState, kMemoryCategoryCount> categories_{};
  // Devices with a live storage, in name order: what a timeline point lists.
  std::set<std::uint32_t, DeviceByName> live_devices_;
  boost::unordered_flat_map<StorageKey, ActiveStorage, StorageKeyHash> active_;
  std::vector<TensorAddition> additions_;
  std::vector<std::uint32_t> touched_;
  ExactSum live_;
  std::optional<PeakPoint> peak_point_;
  LogicalMemoryTimelinePoint scratch_point_;
  std::uint64_t alloc_events_ = 0;
  std::uint64_t free_events_ = 0;
  LogicalMemoryProfile profile_;
};

std::optional<MemoryEventTally> TryTally(std::span<const MemoryRecord> events,
                                         const std::vector<std::size_t>* order) {
  MemoryEventTally tally;
  DeviceNumbers devices;
  boost::unordered_flat_map<StorageKey, std::uint64_t, StorageKeyHash> active;
  ExactSum live;
  bool applied_alloc = false;
  const bool in_order = ReplayGroups(
      events, order,
      [&](const MemoryRecord& event, std::uint64_t) {
        const std::uint32_t device = devices.Of(event.device).first;
        if (event.action == MemoryAction::kAlloc) {
          ++tally.alloc_events;
          if (active.try_emplace(StorageKey{device, event.storage_id}, event.bytes).second) {
            live.Add(event.bytes);
            applied_alloc = true;
          }
        } else {
          ++tally.free_events;
          if (const auto it = active.find(StorageKey{device, event.storage_id});
              it != active.end()) {
            live.Subtract(it->second);
            active.erase(it);
          }
        }
      },
      [&](std::uint64_t) {
        if (applied_alloc && (!tally.peak_live_bytes || live.Value() > *tally.peak_live_bytes)) {
          tally.peak_live_bytes = live.Value();
        }
      });
  if (!in_order) return std::nullopt;
  return tally;
}

}  // namespace

std::optional<LogicalMemoryProfile> BuildLogicalPlane(std::span<const MemoryRecord> events,
                                                      MemoryEventTally* tally) {
  if (events.empty()) {
    if (tally != nullptr) *tally = {};
    return std::nullopt;
  }
  if (auto profile = LogicalReplay(events, nullptr, tally).Run()) return profile;
  const std::vector<std::size_t> order = SortedOrder(events);
  return LogicalReplay(events, &order, tally).Run();
}

std::optional<LogicalMemoryProfile> BuildLogicalPlaneWithoutTimeline(
    std::span<const MemoryRecord> events) {
  if (events.empty()) return std::nullopt;
  if (auto profile = LogicalReplay(events, nullptr, nullptr, ReplayParts::kWithoutTimeline).Run()) {
    return profile;
  }
  const std::vector<std::size_t> order = SortedOrder(events);
  return LogicalReplay(events, &order, nullptr, ReplayParts::kWithoutTimeline).Run();
}

void ReplayLogicalTimeline(std::span<const MemoryRecord> events, const TimelinePointSink& sink) {
  if (events.empty()) return;
  // A replay in input order would stop at a timestamp going backwards after handing out points,
  // so the order is settled first.
  const bool sorted = std::is_sorted(
      events.begin(), events.end(),
      [](const MemoryRecord& a, const MemoryRecord& b) { return a.timestamp_ns < b.timestamp_ns; });
  std::vector<std::size_t> order;
  if (!sorted) order = SortedOrder(events);
  LogicalReplay(events, sorted ? nullptr : &order, nullptr, ReplayParts::kTimelineOnly, &sink)
      .Run();
}

MemoryEventTally TallyMemoryEvents(std::span<const MemoryRecord> events) {
  if (events.empty()) return {};
  if (std::optional<MemoryEventTally> tally = TryTally(events, nullptr)) return *tally;
  const std::vector<std::size_t> order = SortedOrder(events);
  return *TryTally(events, &order);
}

}  // namespace tracedoc::analysis
