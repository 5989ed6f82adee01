// What a document's span index holds (the public view is tracedoc/span_index.hpp): the id table,
// and per span its parent, its walk length, its children and its records, all as 4-byte
// positions. About 40 bytes per span and 4 per op, tensor and memory event; no strings copied.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "document/span_id_table.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::detail {

/// Lists of positions, one per owner, packed: owner i's list is
/// items[offsets[i], offsets[i + 1]). Two arrays however many lists are empty.
struct PositionLists {
  std::vector<std::uint32_t> offsets;
  std::vector<std::uint32_t> items;

  std::span<const std::uint32_t> Of(std::size_t owner) const noexcept {
    if (offsets.empty()) return {};
    return std::span<const std::uint32_t>(items).subspan(offsets[owner],
                                                         offsets[owner + 1] - offsets[owner]);
  }
  std::size_t memory_bytes() const noexcept {
    return (offsets.capacity() + items.capacity()) * sizeof(std::uint32_t);
  }
};

struct SpanIndexData {
  /// parents values that are no position.
  static constexpr std::uint32_t kNoParent = std::numeric_limits<std::uint32_t>::max();
  static constexpr std::uint32_t kUnknownParent = kNoParent - 1;

  explicit SpanIndexData(const CompactList<SpanRecord>& spans) : ids(spans) {}

  /// Indexes `spans` (in their final order) and the records that name them. The fold has filled
  /// `ids` already (in input order); it is reindexed, not rebuilt. With `threads` > 1, the
  /// memory records are grouped on a second thread while this one groups ops and tensors.
  void Build(const CompactList<SpanRecord>& spans, RecordList<OpRecord> op_records,
             RecordList<TensorRecord> tensor_records,
             RecordList<MemoryRecord> memory_records, unsigned threads = 1);

  std::size_t memory_bytes() const noexcept;

  SpanIdTable ids;
  /// The position parent_id names, kNoParent or kUnknownParent.
  std::vector<std::uint32_t> parents;
  /// The number of distinct spans on the parent walk that starts at the span itself: 1 + its
  /// depth off a cycle, the cycle's length on one. A span's depth is its parent's chain.
  std::vector<std::uint32_t> chains;
  std::vector<bool> reaches_cycle;
  PositionLists children;
  std::vector<std::uint32_t> roots;
  PositionLists ops;
  PositionLists tensors;
  PositionLists memory;
  std::uint64_t max_depth = 0;
};

}  // namespace tracedoc::detail
