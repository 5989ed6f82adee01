// The folded trace (docs/trace-format.md §1.14): immutable, valid by construction, cheap to copy.
// Only DocumentBuilder makes one; analyses and writers read it through views.
#ifndef TRACEDOC_DOCUMENT_HPP_
#define TRACEDOC_DOCUMENT_HPP_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "tracedoc/event.hpp"
#include "tracedoc/record_list.hpp"
#include "tracedoc/converted_facts.hpp"
#include "tracedoc/span_index.hpp"

namespace tracedoc {

/// A span as the document hands it out: its start, and whether and how it ended.
struct SpanRecord {
  std::string_view id;
  std::optional<std::string_view> parent_id;
  std::string_view name;
  SpanKind kind = SpanKind::kFunction;
  bool measured = false;
  std::uint64_t start_ns = 0;
  bool closed = false;
  /// The span_end's duration; 0 when the span is open.
  std::uint64_t duration_ns = 0;
  std::optional<ExecutionStep> step;
  /// Unknown members of the span_start and of the span_end line, kept for the writer.
  UnknownFields start_unknown;
  UnknownFields end_unknown;
  friend bool operator==(const SpanRecord&, const SpanRecord&) = default;
};

namespace detail {
struct DocumentData;
struct DocumentAccess;
}  // namespace detail

class TraceDocument {
 public:
  /// The declared schema: `candle-graph/trace/10`, `candle-graph/trace/9` or the legacy
  /// `candle-graph/trace/6`.
  std::string_view schema() const noexcept;
  /// The same as an enumeration.
  SchemaRevision revision() const noexcept;
  /// Whether the document has a terminal record: every trace/10 and trace/9 document does, no
  /// trace/6 one (terminal() is then a default record).
  bool has_terminal() const noexcept;
  const TraceRunMeta& run() const noexcept;
  /// Spans in byte-wise id order. Each list hands out its records by value
  /// (tracedoc/record_list.hpp); positions in it are what the span index and the converted facts
  /// refer to.
  RecordList<SpanRecord> spans() const noexcept;
  /// The other records, each list in input order.
  RecordList<OpRecord> ops() const noexcept;
  RecordList<TensorRecord> tensors() const noexcept;
  RecordList<TensorStatsRecord> tensor_stats() const noexcept;
  RecordList<MemoryRecord> memory() const noexcept;
  RecordList<DeviceMemoryRecord> device_memory() const noexcept;
  RecordList<DeviceIntervalRecord> device_intervals() const noexcept;
  RecordList<GradientRecord> gradients() const noexcept;
  RecordList<EdgeRecord> edges() const noexcept;
  const TerminalRecord& terminal() const noexcept;

  /// The spans as a tree: lookup by id, parents, children, depths, the records of each span.
  /// Built when the document was sealed; a view into this document, so not offered on a
  /// temporary one.
  SpanIndex span_index() const& noexcept;
  SpanIndex span_index() const&& = delete;

  /// What a converted TraceML export or Cirron spool carries beyond the records (ranks, steps,
  /// GPU utilisation, marks; tracedoc/converted_facts.hpp), read from their unknown keys when the
  /// document was sealed. Views into the document, like span_index(); empty tables otherwise.
  ConvertedFacts converted_facts() const& noexcept;
  ConvertedFacts converted_facts() const&& = delete;

  /// The bytes this document holds: records, strings, arrays and the span index.
  std::size_t memory_bytes() const noexcept;

  /// Field-by-field equality (f64 by value), unknown members included.
  friend bool operator==(const TraceDocument& a, const TraceDocument& b);

 private:
  friend class DocumentBuilder;
  friend struct detail::DocumentAccess;
  explicit TraceDocument(std::shared_ptr<const detail::DocumentData> data);
  std::shared_ptr<const detail::DocumentData> data_;
};

}  // namespace tracedoc

#endif  // TRACEDOC_DOCUMENT_HPP_
