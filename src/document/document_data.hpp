// What a TraceDocument shares between its copies: the records and the storage they point into.
#ifndef TRACEDOC_DOCUMENT_DOCUMENT_DATA_HPP_
#define TRACEDOC_DOCUMENT_DOCUMENT_DATA_HPP_

#include <string_view>

#include "tracedoc/document.hpp"
#include "util/record_buffer.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::detail {

struct DocumentData {
  /// Every string and array of the records below lives here.
  util::StringPool pool;
  std::string_view schema;
  TraceRunMeta run;
  util::RecordBuffer<SpanRecord> spans;
  util::RecordBuffer<OpRecord> ops;
  util::RecordBuffer<TensorRecord> tensors;
  util::RecordBuffer<TensorStatsRecord> tensor_stats;
  util::RecordBuffer<MemoryRecord> memory;
  util::RecordBuffer<DeviceMemoryRecord> device_memory;
  util::RecordBuffer<DeviceIntervalRecord> device_intervals;
  util::RecordBuffer<GradientRecord> gradients;
  util::RecordBuffer<EdgeRecord> edges;
  TerminalRecord terminal;

  /// Gives back the record lists' spare room and the pool's index: a finished document only
  /// reads.
  void Seal() {
    pool.ReleaseIndex();
    spans.ShrinkToFit();
    ops.ShrinkToFit();
    tensors.ShrinkToFit();
    tensor_stats.ShrinkToFit();
    memory.ShrinkToFit();
    device_memory.ShrinkToFit();
    device_intervals.ShrinkToFit();
    gradients.ShrinkToFit();
    edges.ShrinkToFit();
  }
};

}  // namespace tracedoc::detail

#endif  // TRACEDOC_DOCUMENT_DOCUMENT_DATA_HPP_
