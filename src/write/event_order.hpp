// The order of the reference's to_events (docs/trace-format.md §3.1), written down once: ToEvents,
// the JSONL writers and anything else that walks a document as a stream go through it.
#ifndef TRACEDOC_SRC_WRITE_EVENT_ORDER_HPP_
#define TRACEDOC_SRC_WRITE_EVENT_ORDER_HPP_

#include <cstddef>

#include "tracedoc/document.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc::write {

/// The span_start line a span came from; its strings are the document's.
inline SpanStartRecord SpanStartOf(const SpanRecord& span) {
  return SpanStartRecord{span.id,   span.parent_id, span.name, span.start_ns,
                         span.kind, span.measured,  span.step, span.start_unknown};
}

/// The span_end line of a closed span.
inline SpanEndRecord SpanEndOf(const SpanRecord& span) {
  return SpanEndRecord{span.id, span.duration_ns, span.end_unknown};
}

/// Calls `visit(record)` for each record of `document` in to_events order: meta; each span in id
/// order as span_start, then its span_end only if closed; ops, tensors, tensor_stats, memory,
/// device_memory, device_intervals, gradients, edges; the terminal. Span and meta records are
/// temporaries; every other record is the document's own.
template <class Visitor>
void ForEachEvent(const TraceDocument& document, Visitor&& visit) {
  visit(MetaRecord{document.schema(), document.run()});
  for (const SpanRecord& span : document.spans()) {
    visit(SpanStartOf(span));
    if (span.closed) visit(SpanEndOf(span));
  }
  for (const OpRecord& record : document.ops()) visit(record);
  for (const TensorRecord& record : document.tensors()) visit(record);
  for (const TensorStatsRecord& record : document.tensor_stats()) visit(record);
  for (const MemoryRecord& record : document.memory()) visit(record);
  for (const DeviceMemoryRecord& record : document.device_memory()) visit(record);
  for (const DeviceIntervalRecord& record : document.device_intervals()) visit(record);
  for (const GradientRecord& record : document.gradients()) visit(record);
  for (const EdgeRecord& record : document.edges()) visit(record);
  visit(document.terminal());
}

/// The number of records ForEachEvent visits.
inline std::size_t EventCount(const TraceDocument& document) {
  std::size_t count = 2;  // meta and terminal
  for (const SpanRecord& span : document.spans()) count += span.closed ? 2 : 1;
  return count + document.ops().size() + document.tensors().size() +
         document.tensor_stats().size() + document.memory().size() +
         document.device_memory().size() + document.device_intervals().size() +
         document.gradients().size() + document.edges().size();
}

}  // namespace tracedoc::write

#endif  // TRACEDOC_SRC_WRITE_EVENT_ORDER_HPP_
