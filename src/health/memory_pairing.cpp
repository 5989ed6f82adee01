// Check 15 (docs/analyses.md §6.5): replays the memory events in timestamp order and checks that
// allocations and frees pair up per (device, storage id), with the same byte count.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include "health/checks.hpp"
#include "health/message.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::health {
namespace {

using StorageKey = std::pair<std::string_view, std::string_view>;  // (device, storage id)

struct LiveStorage {
  std::uint64_t bytes = 0;
  // The tensor that allocated the storage. Aliases beyond it go to a shared set keyed by the
  // storage's generation, so the common case (one tensor per storage) needs one map only.
  std::string_view first_tensor;
  std::uint64_t generation = 0;
};

// The events stable-sorted by timestamp alone: equal timestamps keep document order, whatever
// their action. Producers usually emit in order, so the sort (and its copy) is usually skipped.
std::vector<const MemoryRecord*> TimestampOrder(std::span<const MemoryRecord> events) {
  std::vector<const MemoryRecord*> order;
  order.reserve(events.size());
  for (const MemoryRecord& event : events) order.push_back(&event);
  std::stable_sort(order.begin(), order.end(), [](const MemoryRecord* a, const MemoryRecord* b) {
    return a->timestamp_ns < b->timestamp_ns;
  });
  return order;
}

bool IsInTimestampOrder(std::span<const MemoryRecord> events) {
  return std::is_sorted(
      events.begin(), events.end(),
      [](const MemoryRecord& a, const MemoryRecord& b) { return a.timestamp_ns < b.timestamp_ns; });
}

// Replays the events one at a time (see the table of §6.5).
class StoragePairing {
 public:
  explicit StoragePairing(HealthContext& context) : context_(context) {}

  void Apply(const MemoryRecord& event) {
    const StorageKey key{event.device, event.storage_id};
    const auto it = live_.find(key);
    if (event.action == MemoryAction::kAlloc) {
      if (it == live_.end()) {
        live_.emplace(key, LiveStorage{event.bytes, event.tensor_id, next_generation_++});
        return;
      }
      LiveStorage& storage = it->second;
      if (storage.bytes != event.bytes) {
        // The tensor is not added: the conflicting allocation is not taken as an alias.
        context_.AddError(HealthCode::kAllocationSizeMismatch,
                          Message("storage `", event.storage_id, "` on `", event.device,
                                  "` has conflicting allocation sizes"));
        return;
      }
      // A different tensor on a live storage of the same size is a legal alias (a view).
      const bool repeated = event.tensor_id == storage.first_tensor ||
                            !aliases_.emplace(storage.generation, event.tensor_id).second;
      if (repeated) {
        context_.AddError(
            HealthCode::kDuplicateAllocation,
            Message("tensor `", event.tensor_id, "` repeated an allocation for storage `",
                    event.storage_id, "` on `", event.device, "`"));
      }
      return;
    }
    if (it == live_.end()) {
      context_.AddError(HealthCode::kUnpairedFree,
                        Message("storage `", event.storage_id, "` on `", event.device,
                                "` was freed while not live"));
      return;
    }
    if (it->second.bytes != event.bytes) {
      // This form names no device (§6.11); the storage is freed anyway.
      context_.AddError(
          HealthCode::kAllocationSizeMismatch,
          Message("storage `", event.storage_id, "` allocated ", Decimal{it->second.bytes},
                  " bytes but freed ", Decimal{event.bytes}));
    }
    live_.erase(it);
  }

  std::size_t live_count() const noexcept { return live_.size(); }

 private:
  HealthContext& context_;
  boost::unordered_flat_map<StorageKey, LiveStorage, util::SeededHash> live_;
  boost::unordered_flat_set<std::pair<std::uint64_t, std::string_view>, util::SeededHash> aliases_;
  std::uint64_t next_generation_ = 0;
};

}  // namespace

void CheckMemoryPairing(HealthContext& context) {
  const std::span<const MemoryRecord> events = context.document().memory();
  StoragePairing pairing(context);
  if (IsInTimestampOrder(events)) {
    for (const MemoryRecord& event : events) pairing.Apply(event);
  } else {
    for (const MemoryRecord* event : TimestampOrder(events)) pairing.Apply(*event);
  }
  if (pairing.live_count() != 0) {
    // The plural stays for one storage, as in the reference's text.
    context.AddWarning(
        HealthCode::kRetainedAllocations,
        Message(Decimal{pairing.live_count()}, " storages remained live at capture end"));
  }
}

}  // namespace tracedoc::health
