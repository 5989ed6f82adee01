// A per-category byte map as a JSON object, shared by the trace/10 and trace/6 memory outputs:
// the present categories in byte-wise name order, which is not the enum's order.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "emit/json_emitter.hpp"
#include "tracedoc/enums.hpp"
#include "tracedoc/memory.hpp"

namespace tracedoc::analysis {

inline const std::array<MemoryCategory, kMemoryCategoryCount>& CategoriesByName() {
  static const std::array<MemoryCategory, kMemoryCategoryCount> order = [] {
    std::array<MemoryCategory, kMemoryCategoryCount> categories{};
    for (std::size_t i = 0; i < categories.size(); ++i) {
      categories[i] = static_cast<MemoryCategory>(i);
    }
    std::sort(categories.begin(), categories.end(),
              [](MemoryCategory a, MemoryCategory b) { return EnumName(a) < EnumName(b); });
    return categories;
  }();
  return order;
}

/// Writes `{"activation":N,...}` with the categories that have a value.
inline void EmitCategoryBytes(emit::JsonEmitter& json, const CategoryLiveBytes& categories) {
  json.BeginObject();
  for (const MemoryCategory category : CategoriesByName()) {
    if (const std::optional<std::uint64_t> bytes = categories[category]) {
      json.Key(EnumName(category)).U64(*bytes);
    }
  }
  json.EndObject();
}

}  // namespace tracedoc::analysis

namespace tracedoc {

/// A byte map as a member of a described struct (emit/described_json.hpp finds it beside the
/// type).
inline void EmitJsonValue(emit::JsonEmitter& json, const CategoryLiveBytes& categories) {
  analysis::EmitCategoryBytes(json, categories);
}

}  // namespace tracedoc
