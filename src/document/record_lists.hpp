// The lists of the record kinds a document keeps as they come, without merging them into spans:
// a document's, and a block's gathered by its decoding thread (fold/block_records), which the
// fold appends to the document's in one copy per kind.
#pragma once

#include "document/compact_list.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc::detail {

struct RecordLists {
  CompactList<OpRecord> ops;
  CompactList<TensorRecord> tensors;
  CompactList<TensorStatsRecord> tensor_stats;
  CompactList<MemoryRecord> memory;
  CompactList<DeviceMemoryRecord> device_memory;
  CompactList<DeviceIntervalRecord> device_intervals;
  CompactList<GradientRecord> gradients;
  CompactList<EdgeRecord> edges;

  /// Calls `visit(list)` for each list, in the order above.
  template <class Visit>
  void ForEachList(Visit&& visit) {
    visit(ops);
    visit(tensors);
    visit(tensor_stats);
    visit(memory);
    visit(device_memory);
    visit(device_intervals);
    visit(gradients);
    visit(edges);
  }

  /// Appends copies of `more`'s records, list by list.
  void Append(const RecordLists& more) {
    ops.Append(more.ops);
    tensors.Append(more.tensors);
    tensor_stats.Append(more.tensor_stats);
    memory.Append(more.memory);
    device_memory.Append(more.device_memory);
    device_intervals.Append(more.device_intervals);
    gradients.Append(more.gradients);
    edges.Append(more.edges);
  }
};

}  // namespace tracedoc::detail
