// Check 15 (docs/analyses.md §6.5): the memory replay (analysis/memory_replay.hpp) checks that
// allocations and frees pair up per (device, storage id), with the same byte count.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

#include <boost/unordered/unordered_flat_set.hpp>

#include "analysis/memory_replay.hpp"
#include "health/checks.hpp"
#include "health/message.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::health {
namespace {

struct LiveStorage {
  std::uint64_t bytes = 0;
  // The tensor that allocated the storage. Aliases beyond it go to a shared set keyed by the
  // storage's generation, so the common case (one tensor per storage) needs one map only.
  std::string_view first_tensor;
  std::uint64_t generation = 0;
};

// A visitor of the memory replay that checks each event (see the table of §6.5).
class StoragePairing {
 public:
  using Storage = LiveStorage;

  explicit StoragePairing(HealthContext& context) : context_(context) {}

  void Allocate(const MemoryRecord& event, std::uint32_t, LiveStorage& storage) {
    storage = LiveStorage{event.bytes, event.tensor_id, next_generation_++};
  }

  void AllocateLive(const MemoryRecord& event, std::uint32_t, const LiveStorage& storage) {
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
  }

  void Free(const MemoryRecord& event, std::uint32_t, const LiveStorage& storage) {
    if (storage.bytes != event.bytes) {
      // This form names no device (§6.11); the storage is freed anyway.
      context_.AddError(HealthCode::kAllocationSizeMismatch,
                        Message("storage `", event.storage_id, "` allocated ",
                                Decimal{storage.bytes}, " bytes but freed ", Decimal{event.bytes}));
    }
  }

  void FreeNotLive(const MemoryRecord& event, std::uint32_t) {
    context_.AddError(HealthCode::kUnpairedFree,
                      Message("storage `", event.storage_id, "` on `", event.device,
                              "` was freed while not live"));
  }

 private:
  HealthContext& context_;
  boost::unordered_flat_set<std::pair<std::uint64_t, std::string_view>, util::SeededHash> aliases_;
  std::uint64_t next_generation_ = 0;
};

}  // namespace

void CheckMemoryPairing(HealthContext& context) {
  StoragePairing pairing(context);
  const std::size_t live = analysis::ReplayMemory(context.document(), pairing);
  if (live != 0) {
    // The plural stays for one storage, as in the reference's text.
    context.AddWarning(HealthCode::kRetainedAllocations,
                       Message(Decimal{live}, " storages remained live at capture end"));
  }
}

}  // namespace tracedoc::health
