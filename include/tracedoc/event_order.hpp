// A TraceDocument walked as the stream of records it was folded from, in the order of the
// reference's to_events (docs/trace-format.md §3.1). ToEvents and the JSONL writers go through it.
#ifndef TRACEDOC_EVENT_ORDER_HPP_
#define TRACEDOC_EVENT_ORDER_HPP_

#include <cstddef>

#include "tracedoc/document.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc {

/// The span_start record a span came from; its strings are the document's. No errors.
inline SpanStartRecord SpanStartOf(const SpanRecord& span) {
  return SpanStartRecord{span.id,   span.parent_id, span.name, span.start_ns,
                         span.kind, span.measured,  span.step, span.start_unknown};
}

/// The span_end record of a span (meaningful only when it is closed). No errors.
inline SpanEndRecord SpanEndOf(const SpanRecord& span) {
  return SpanEndRecord{span.id, span.duration_ns, span.end_unknown};
}

/// Calls `visit(record)` for each record of `document` in to_events order, each as its own
/// record type (so `visit` is typically a generic lambda, `[](const auto& record) {...}`):
/// MetaRecord; each span in id order as a SpanStartRecord, then a SpanEndRecord only if closed;
/// then every OpRecord, TensorRecord, TensorStatsRecord, MemoryRecord, DeviceMemoryRecord,
/// DeviceIntervalRecord, GradientRecord and EdgeRecord in document order; the TerminalRecord
/// (none in a trace/6 document).
/// The meta and span records are temporaries built for the call (copy one to keep it); every
/// other record is the document's own. Records keep their unknown members, and their strings
/// refer to the document's storage. Nothing is allocated; ToEvents(document) is the same
/// sequence as a vector of Event. No errors.
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
  if (document.has_terminal()) visit(document.terminal());
}

/// The number of records ForEachEvent visits: the meta and the terminal (if any) plus one per
/// record, and one more per closed span. No errors.
inline std::size_t EventCount(const TraceDocument& document) {
  std::size_t count = document.has_terminal() ? 2 : 1;
  for (const SpanRecord& span : document.spans()) count += span.closed ? 2 : 1;
  return count + document.ops().size() + document.tensors().size() +
         document.tensor_stats().size() + document.memory().size() +
         document.device_memory().size() + document.device_intervals().size() +
         document.gradients().size() + document.edges().size();
}

}  // namespace tracedoc

#endif  // TRACEDOC_EVENT_ORDER_HPP_
