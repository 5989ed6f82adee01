// TraceDocument's accessors: views into the shared, immutable DocumentData.
#include "tracedoc/document.hpp"

#include "document/document_data.hpp"
#include "format/revision_rules.hpp"

namespace tracedoc {

TraceDocument::TraceDocument(std::shared_ptr<const detail::DocumentData> data)
    : data_(std::move(data)) {}

std::string_view TraceDocument::schema() const noexcept { return data_->schema; }

SchemaRevision TraceDocument::revision() const noexcept {
  // The fold keeps only a schema it has rules for.
  return format::MetaRules(data_->schema).revision;
}
bool TraceDocument::has_terminal() const noexcept {
  return format::MetaRules(data_->schema).terminal;
}
const TraceRunMeta& TraceDocument::run() const noexcept { return data_->run; }
RecordList<SpanRecord> TraceDocument::spans() const noexcept { return data_->spans.records(); }
RecordList<OpRecord> TraceDocument::ops() const noexcept { return data_->ops.records(); }
RecordList<TensorRecord> TraceDocument::tensors() const noexcept {
  return data_->tensors.records();
}
RecordList<TensorStatsRecord> TraceDocument::tensor_stats() const noexcept {
  return data_->tensor_stats.records();
}
RecordList<MemoryRecord> TraceDocument::memory() const noexcept {
  return data_->memory.records();
}
RecordList<DeviceMemoryRecord> TraceDocument::device_memory() const noexcept {
  return data_->device_memory.records();
}
RecordList<DeviceIntervalRecord> TraceDocument::device_intervals() const noexcept {
  return data_->device_intervals.records();
}
RecordList<GradientRecord> TraceDocument::gradients() const noexcept {
  return data_->gradients.records();
}
RecordList<EdgeRecord> TraceDocument::edges() const noexcept {
  return data_->edges.records();
}
const TerminalRecord& TraceDocument::terminal() const noexcept { return data_->terminal; }
SpanIndex TraceDocument::span_index() const& noexcept { return SpanIndex(data_.get()); }

ConvertedFacts TraceDocument::converted_facts() const& noexcept {
  return data_->converted_facts.View();
}

namespace {
template <class T>
std::size_t VectorBytes(const util::RecordBuffer<T>& v) {
  return v.capacity() * sizeof(T);
}
template <class T>
std::size_t VectorBytes(const detail::CompactList<T>& list) {
  return list.memory_bytes();
}
template <class T>
bool SameRecords(const RecordList<T>& a, const RecordList<T>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end());
}
}  // namespace

std::size_t TraceDocument::memory_bytes() const noexcept {
  const detail::DocumentData& d = *data_;
  std::size_t shard_bytes = 0;
  for (const auto& shard : d.shards) shard_bytes += sizeof(*shard) + shard->memory_bytes();
  return sizeof(d) + d.pool.memory_bytes() + d.directory->memory_bytes() + shard_bytes +
         VectorBytes(d.spans) + VectorBytes(d.ops) + VectorBytes(d.tensors) + VectorBytes(d.tensor_stats) +
         VectorBytes(d.memory) + VectorBytes(d.device_memory) + VectorBytes(d.device_intervals) +
         VectorBytes(d.gradients) + VectorBytes(d.edges) + d.span_index.memory_bytes() +
         d.converted_facts.memory_bytes();
}

bool operator==(const TraceDocument& a, const TraceDocument& b) {
  if (a.data_ == b.data_) return true;
  return a.schema() == b.schema() && a.run() == b.run() && a.terminal() == b.terminal() &&
         SameRecords(a.spans(), b.spans()) && SameRecords(a.ops(), b.ops()) &&
         SameRecords(a.tensors(), b.tensors()) && SameRecords(a.tensor_stats(), b.tensor_stats()) &&
         SameRecords(a.memory(), b.memory()) && SameRecords(a.device_memory(), b.device_memory()) &&
         SameRecords(a.device_intervals(), b.device_intervals()) &&
         SameRecords(a.gradients(), b.gradients()) && SameRecords(a.edges(), b.edges());
}

}  // namespace tracedoc
