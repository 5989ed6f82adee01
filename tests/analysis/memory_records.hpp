// Memory events built as records, without reading a trace, for the tests of the replays that
// take a span of them (the views they hold are of the caller's strings: pass literals), and a
// per-category byte map as the JSON the memory outputs write.
#ifndef TRACEDOC_TESTS_ANALYSIS_MEMORY_RECORDS_HPP_
#define TRACEDOC_TESTS_ANALYSIS_MEMORY_RECORDS_HPP_

#include <cstdint>
#include <string>
#include <string_view>

#include "analysis/category_json.hpp"
#include "emit/json_emitter.hpp"
#include "tracedoc/event.hpp"
#include "tracedoc/memory.hpp"

namespace tracedoc::testing {

/// An `alloc` of `storage` (empty for trace/6, which keys tensors by id) in span "s".
inline MemoryRecord AllocRecord(std::uint64_t t, std::string_view storage, std::uint64_t bytes,
                                std::string_view device = "cpu", std::string_view tensor = "t",
                                MemoryCategory category = MemoryCategory::kActivation) {
  MemoryRecord event;
  event.timestamp_ns = t;
  event.action = MemoryAction::kAlloc;
  event.storage_id = storage;
  event.tensor_id = tensor;
  event.span_id = "s";
  event.device = device;
  event.bytes = bytes;
  event.category = category;
  return event;
}

/// A `free` of `storage` of `bytes` (which only trace/6 reads).
inline MemoryRecord FreeRecord(std::uint64_t t, std::string_view storage,
                               std::string_view device = "cpu", std::string_view tensor = "t",
                               std::uint64_t bytes = 0) {
  MemoryRecord event = AllocRecord(t, storage, bytes, device, tensor);
  event.action = MemoryAction::kFree;
  return event;
}

/// `{"activation":N,...}`: the categories with a value, in name order (EmitCategoryBytes).
inline std::string CategoryJson(const CategoryLiveBytes& bytes) {
  const auto emit = [](emit::JsonEmitter& json, const CategoryLiveBytes& b) {
    analysis::EmitCategoryBytes(json, b);
  };
  return emit::EmitJsonString(false, emit, bytes);
}

}  // namespace tracedoc::testing

#endif  // TRACEDOC_TESTS_ANALYSIS_MEMORY_RECORDS_HPP_
