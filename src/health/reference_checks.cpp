// Checks 9–14 (docs/analyses.md §6.4). Each check walks its records in document order, so every issue
// of check 9 (for every record kind) comes before any issue of check 10, and so on. The records
// are large and the walks memory-bound, so each record kind is read once: the findings of
// checks 9–12 are noted per record and reported afterwards, in the checks' order.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "format/dense_bytes.hpp"
#include "health/checks.hpp"
#include "health/message.hpp"
#include "health/span_lookup.hpp"
#include "util/seeded_hash.hpp"
#include "util/saturating.hpp"
#include "format/revision_rules.hpp"

namespace tracedoc::health {
using util::SaturatingAdd;
namespace {

enum Finding : std::uint8_t {
  kSpanUnknown = 1,   // check 9
  kZeroDuration = 2,  // check 10
  kOutsideSpan = 4,   // checks 11 and 12
};

// The findings of one record kind, by position. Allocated on the first finding, so a clean
// trace pays nothing.
class Findings {
 public:
  explicit Findings(std::size_t size) : size_(size) {}

  void Note(std::size_t position, Finding finding) {
    if (flags_.empty()) flags_.assign(size_, 0);
    flags_[position] |= finding;
  }

  // Calls `report(position)` for each record with `finding`, in document order.
  template <class Callback>
  void Report(Finding finding, Callback report) const {
    for (std::size_t i = 0; i < flags_.size(); ++i) {
      if ((flags_[i] & finding) != 0) report(i);
    }
  }

 private:
  std::size_t size_;
  std::vector<std::uint8_t> flags_;
};

// Notes check 9 for every record, and `also(record, span)` for records whose span is known.
template <class Record, class Also>
Findings Scan(RecordList<Record> records, HealthContext& context, Also also) {
  Findings findings(records.size());
  SpanLookup spans(context.document(), context.span_views());
  for (std::size_t i = 0; i < records.size(); ++i) {
    const std::optional<SpanRecord> span = spans.Find(records[i].span_id);
    if (!span) {
      findings.Note(i, kSpanUnknown);
    } else if (also(records[i], *span)) {
      findings.Note(i, kOutsideSpan);
    }
  }
  return findings;
}

template <class Record>
Findings ScanSpanReferences(RecordList<Record> records, HealthContext& context) {
  return Scan(records, context, [](const Record&, const SpanRecord&) { return false; });
}

template <class Record>
void ReportUnknownSpans(HealthContext& context, RecordList<Record> records,
                        const Findings& findings, std::string_view kind) {
  findings.Report(kSpanUnknown, [&](std::size_t i) {
    context.AddError(HealthCode::kUnknownSpan,
                     Message(kind, " evidence refers to missing span `", records[i].span_id, "`"));
  });
}

// Check 11: the op runs within its closed span. Both ends saturate.
bool OpOutsideSpan(const OpRecord& op, const SpanRecord& span) {
  return span.closed &&
         (op.timestamp_ns < span.start_ns || SaturatingAdd(op.timestamp_ns, op.duration_ns) >
                                                 SaturatingAdd(span.start_ns, span.duration_ns));
}

// Check 12: a memory event is an instant; both ends of its closed span are inclusive.
bool MemoryOutsideSpan(const MemoryRecord& event, const SpanRecord& span) {
  return span.closed && (event.timestamp_ns < span.start_ns ||
                         event.timestamp_ns > SaturatingAdd(span.start_ns, span.duration_ns));
}

// Whether each data-edge endpoint is a known tensor: a tensor record's id, an op input or an op
// output. Only the ids that edges name are looked for, so the map stays as small as the edges,
// and the scan stops once all of them are found.
class DataEdgeTensors {
 public:
  explicit DataEdgeTensors(const TraceDocument& document) {
    known_.reserve(document.edges().size() * 2);
    for (const EdgeRecord& edge : document.edges()) {
      if (edge.edge_kind != EdgeKind::kData || edge.from.empty() || edge.to.empty()) continue;
      known_.emplace(edge.from, false);
      known_.emplace(edge.to, false);
    }
    std::size_t missing = known_.size();
    const auto mark = [&](std::string_view id) {
      const auto it = known_.find(id);
      if (it != known_.end() && !it->second) {
        it->second = true;
        --missing;
      }
    };
    for (const TensorRecord& tensor : document.tensors()) {
      if (missing == 0) return;
      mark(tensor.tensor_id);
    }
    for (const OpRecord& op : document.ops()) {
      if (missing == 0) return;
      for (const std::string_view id : op.inputs) mark(id);
      if (op.output) mark(*op.output);
    }
  }

  // `id` must be an endpoint of a data edge with two non-empty ids.
  bool IsKnown(std::string_view id) const { return known_.find(id)->second; }

 private:
  boost::unordered_flat_map<std::string_view, bool, util::SeededHash> known_;
};

void CheckEdges(HealthContext& context) {
  const TraceDocument& document = context.document();
  // Call edges usually share their source span, so each endpoint gets its own cache.
  SpanLookup from_spans(document, context.span_views());
  SpanLookup to_spans(document, context.span_views());
  std::optional<DataEdgeTensors> tensors;  // built only when a data edge needs it
  for (const EdgeRecord& edge : document.edges()) {
    if (edge.edge_kind == EdgeKind::kCall) {
      const std::optional<SpanRecord> from = from_spans.Find(edge.from);
      const std::optional<SpanRecord> to = to_spans.Find(edge.to);
      if (!from || !to) {
        // One issue however many endpoints are unknown, and no further checks on the edge.
        context.AddError(
            HealthCode::kUnknownCallEdgeSpan,
            Message("call edge `", edge.from, "` -> `", edge.to, "` refers to a missing span"));
        continue;
      }
      if (to->parent_id != edge.from) {
        context.AddError(HealthCode::kCallEdgeHierarchyMismatch,
                         Message("call edge `", edge.from, "` -> `", edge.to,
                                 "` does not match the span hierarchy"));
      }
      if (to->closed && edge.host_duration_ns != to->duration_ns) {
        context.AddError(HealthCode::kCallEdgeDurationMismatch,
                         Message("call edge `", edge.from, "` -> `", edge.to, "` reports ",
                                 Decimal{edge.host_duration_ns}, " ns but the span reports ",
                                 Decimal{to->duration_ns}, " ns"));
      }
      continue;
    }
    // Not trimmed: " " is an id, only "" is empty.
    if (edge.from.empty() || edge.to.empty()) {
      context.AddError(HealthCode::kEmptyDataEdgeEndpoint, "data-edge tensor IDs cannot be empty");
      continue;
    }
    if (!tensors) tensors.emplace(document);
    if (!tensors->IsKnown(edge.from) || !tensors->IsKnown(edge.to)) {
      context.AddError(HealthCode::kUnknownDataEdgeTensor,
                       Message("data edge `", edge.from, "` -> `", edge.to,
                               "` refers to unknown tensor evidence"));
    }
  }
}

}  // namespace

void CheckRecordReferences(HealthContext& context) {
  const TraceDocument& document = context.document();

  const Findings ops = Scan(document.ops(), context, OpOutsideSpan);
  const Findings tensors = ScanSpanReferences(document.tensors(), context);
  const Findings tensor_stats = ScanSpanReferences(document.tensor_stats(), context);
  const Findings memory = Scan(document.memory(), context, MemoryOutsideSpan);
  Findings intervals = ScanSpanReferences(document.device_intervals(), context);
  for (std::size_t i = 0; i < document.device_intervals().size(); ++i) {
    if (document.device_intervals()[i].duration_ns == 0) intervals.Note(i, kZeroDuration);
  }

  // Check 9.
  ReportUnknownSpans(context, document.ops(), ops, "operation");
  ReportUnknownSpans(context, document.tensors(), tensors, "tensor");
  ReportUnknownSpans(context, document.tensor_stats(), tensor_stats, "tensor stats");
  ReportUnknownSpans(context, document.memory(), memory, "memory");
  ReportUnknownSpans(context, document.device_intervals(), intervals, "device interval");

  // Check 10.
  intervals.Report(kZeroDuration, [&](std::size_t i) {
    context.AddError(
        HealthCode::kEmptyDeviceInterval,
        Message("device interval for `", document.device_intervals()[i].span_id, "` has zero duration"));
  });

  // Check 11.
  ops.Report(kOutsideSpan, [&](std::size_t i) {
    context.AddError(HealthCode::kOperationOutsideSpan,
                     Message("operation `", document.ops()[i].op_name, "` lies outside span `",
                             document.ops()[i].span_id, "`"));
  });

  // Check 12. The events are taken in document order, not sorted. A trace/6 event has no
  // storage id: it names its tensor.
  const bool by_tensor = format::RulesOf(document.revision()).legacy_analyses;
  memory.Report(kOutsideSpan, [&](std::size_t i) {
    const MemoryRecord& event = document.memory()[i];
    context.AddError(HealthCode::kMemoryOutsideSpan,
                     Message("memory event for ", by_tensor ? "tensor `" : "storage `",
                             by_tensor ? event.tensor_id : event.storage_id, "` lies outside span `",
                             event.span_id, "`"));
  });

  // Check 13.
  for (const DeviceMemoryRecord& sample : document.device_memory()) {
    if (!sample.used_bytes && !sample.free_bytes && !sample.reserved_bytes &&
        !sample.capacity_bytes) {
      context.AddError(
          HealthCode::kEmptyDeviceMemorySample,
          Message("device-memory sample for `", sample.device, "` contains no measurements"));
    }
  }

}

void CheckEvidenceReferences(HealthContext& context) {
  CheckRecordReferences(context);
  CheckEdges(context);  // check 14
}

}  // namespace tracedoc::health
