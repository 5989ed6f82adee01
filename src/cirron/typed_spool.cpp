// Views of a batch's records copied into the typed public records.
#include "cirron/typed_spool.hpp"

#include <algorithm>
#include <utility>

#include "util/overloaded.hpp"

namespace tracedoc::cirron {
namespace {

std::vector<CirronUnknownKey> Unknown(const UnknownFields& fields) {
  std::vector<CirronUnknownKey> unknown;
  unknown.reserve(fields.size());
  for (const UnknownField& field : fields) {
    unknown.push_back(CirronUnknownKey{std::string(field.key), std::string(field.json)});
  }
  return unknown;
}

std::optional<std::string> OptionalId(const std::optional<HexId>& id) {
  if (!id) return std::nullopt;
  return std::string(id->text);
}

}  // namespace

void TypedSpool::OnSpan(const SpanView& span, const RecordSource&) {
  CirronSpan& out = batch_.spans.emplace_back();
  out.id = std::string(span.id.text);
  out.name = std::string(span.name);
  out.parent_id = OptionalId(span.parent_id);
  out.index = span.index;
  out.start_ns = span.start_ns;
  out.end_ns = span.end_ns;
  out.cpu_ns = span.cpu_ns;
  out.gpu_ns = span.gpu_ns;
  out.memory_peak_bytes = span.memory_peak_bytes;
  out.thread_id = span.thread_id;
  out.pid = span.pid;
  out.rank = span.rank;
  out.attrs_json = std::string(span.attrs.json);
  out.mark_ids.reserve(span.mark_ids.size());
  for (const HexId& id : span.mark_ids) out.mark_ids.emplace_back(id.text);
  out.unknown = Unknown(span.unknown);
}

void TypedSpool::OnMark(const MarkView& mark, const RecordSource&) {
  CirronMark& out = batch_.marks.emplace_back();
  out.id = std::string(mark.id.text);
  out.span_id = std::string(mark.span_id.text);
  out.name = std::string(mark.name);
  out.value = std::visit(
      util::Overloaded{
          [](double v) { return CirronMarkValue(v); },
          [](std::int64_t v) { return CirronMarkValue(v); },
          [](std::string_view v) { return CirronMarkValue(std::string(v)); },
          [](bool v) { return CirronMarkValue(v); },
      },
      mark.value.typed);
  out.attrs_json = std::string(mark.attrs.json);
  out.ts_ns = mark.ts_ns;
  out.kind = mark.kind;
  out.unknown = Unknown(mark.unknown);
}

void TypedSpool::OnSnapshot(const SnapshotView& snapshot, const RecordSource&) {
  CirronSnapshot& out = batch_.snapshots.emplace_back();
  out.id = std::string(snapshot.id.text);
  out.span_id = std::string(snapshot.span_id.text);
  out.tensor_name = std::string(snapshot.tensor_name);
  out.shape.assign(snapshot.shape.begin(), snapshot.shape.end());
  out.dtype = std::string(snapshot.dtype);
  out.mode = snapshot.mode;
  if (snapshot.stats) {
    CirronTensorStats stats;
    stats.mean = snapshot.stats->mean.value;
    stats.std = snapshot.stats->std.value;
    stats.min = snapshot.stats->min.value;
    stats.max = snapshot.stats->max.value;
    stats.norm = snapshot.stats->norm.value;
    stats.histogram.bins = snapshot.stats->histogram.bins.edges;
    stats.histogram.counts = snapshot.stats->histogram.counts.counts;
    out.stats = stats;
  }
  if (snapshot.blob_uri) out.blob_uri = std::string(*snapshot.blob_uri);
  out.ts_ns = snapshot.ts_ns;
  out.attrs_json = std::string(snapshot.attrs.json);
  out.unknown = Unknown(snapshot.unknown);
}

void TypedSpool::OnBatch(const BatchView& batch, const BatchSource& source) {
  batch_.file_name = std::string(source.file_name);
  batch_.schema_version = 1;
  batch_.sdk_version = std::string(batch.sdk_version);
  batch_.batch_id = std::string(batch.batch_id.text);
  batch_.created_ns = batch.created_ns;
  batch_.unknown = Unknown(batch.unknown);
  spool_.non_finite_numbers += source.non_finite_numbers;
  spool_.batches.push_back(std::exchange(batch_, CirronBatch()));
}

}  // namespace tracedoc::cirron
