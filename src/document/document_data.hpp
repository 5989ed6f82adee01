// What a TraceDocument shares between its copies: the records and the storage they point into.
#ifndef TRACEDOC_DOCUMENT_DOCUMENT_DATA_HPP_
#define TRACEDOC_DOCUMENT_DOCUMENT_DATA_HPP_

#include <string_view>
#include <vector>

#include "tracedoc/document.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::detail {

struct DocumentData {
  /// Every string and array of the records below lives here.
  util::StringPool pool;
  std::string_view schema;
  TraceRunMeta run;
  std::vector<SpanRecord> spans;
  std::vector<OpRecord> ops;
  std::vector<TensorRecord> tensors;
  std::vector<TensorStatsRecord> tensor_stats;
  std::vector<MemoryRecord> memory;
  std::vector<DeviceMemoryRecord> device_memory;
  std::vector<DeviceIntervalRecord> device_intervals;
  std::vector<GradientRecord> gradients;
  std::vector<EdgeRecord> edges;
  TerminalRecord terminal;
};

}  // namespace tracedoc::detail

#endif  // TRACEDOC_DOCUMENT_DOCUMENT_DATA_HPP_
