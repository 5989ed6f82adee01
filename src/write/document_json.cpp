// The folded document as one JSON object (docs/trace-format.md §1.14): the records as the JSONL
// lines write them but without `kind`, grouped in arrays, after `schema` and the nested `run`.
#include <ostream>
#include <string>
#include <string_view>

#include "tracedoc/writer.hpp"
#include "emit/json_emitter.hpp"
#include "emit/output_reserve.hpp"
#include "format/revision_rules.hpp"
#include "write/record_json.hpp"

namespace tracedoc {
namespace {

// An average record inside the document JSON (198 bytes in the generated 10^6-event trace, where
// 176 fell short and the last regrowth copied the whole output); reserving this much per record
// avoids regrowth. Room reserved and never written costs no memory.
constexpr std::size_t kEstimatedRecordBytes = 208;

// The keys a SpanRecord object defines (§1.14).
constexpr std::string_view kSpanRecordKeys[] = {
    "id", "parent_id", "name", "kind", "measured", "start_ns", "closed", "duration_ns", "step"};

bool IsSpanRecordKey(std::string_view key) {
  for (std::string_view known : kSpanRecordKeys) {
    if (known == key) return true;
  }
  return false;
}

// Where a span's unknown members go: a SpanRecord merges a span_start line and a span_end line,
// so it carries the start line's unknown members after its known keys, then the end line's. A
// member whose key a SpanRecord defines (say `closed` on a span_start line, `name` on a span_end
// line) is left out here, since it would shadow the fold's value; the JSONL keeps it.
void EmitSpanUnknown(emit::JsonEmitter& json, const UnknownFields& unknown) {
  for (const UnknownField& field : unknown) {
    if (IsSpanRecordKey(field.key)) continue;
    json.Key(field.key).Raw(field.json);
  }
}

void EmitSpanRecord(emit::JsonEmitter& json, const SpanRecord& span, bool drop_unknown) {
  json.BeginObject();
  json.Key("id").String(span.id);
  if (span.parent_id.has_value()) json.Key("parent_id").String(*span.parent_id);
  json.Key("name").String(span.name);
  json.Key("kind").String(EnumName(span.kind));
  json.Key("measured").Bool(span.measured);
  json.Key("start_ns").U64(span.start_ns);
  json.Key("closed").Bool(span.closed);
  json.Key("duration_ns").U64(span.duration_ns);
  if (span.step.has_value()) json.Key("step").String(EnumName(*span.step));
  if (!drop_unknown) {
    EmitSpanUnknown(json, span.start_unknown);
    EmitSpanUnknown(json, span.end_unknown);
  }
  json.EndObject();
}

std::size_t RecordCount(const TraceDocument& document) {
  return document.spans().size() + document.ops().size() + document.tensors().size() +
         document.tensor_stats().size() + document.memory().size() +
         document.device_memory().size() + document.device_intervals().size() +
         document.gradients().size() + document.edges().size() + 2;
}

// The records of one array, each written as its JSONL line is but without `kind`.
template <class Records>
void EmitRecords(emit::JsonEmitter& json, std::string_view name, const Records& records,
                 write::RecordStyle style) {
  json.Key(name).BeginArray();
  for (const auto& record : records) {
    write::EmitRecord(json, record, style);
  }
  json.EndArray();
}

void EmitDocument(emit::JsonEmitter& json, const TraceDocument& document, bool drop_unknown) {
  const format::RevisionRules& rules = format::RulesOf(document.revision());
  const write::RecordStyle style{
      .with_kind = false, .drop_unknown = drop_unknown, .rules = &rules};
  json.BeginObject();
  json.Key("schema").String(document.schema());
  json.Key("run").BeginObject();
  write::EmitRunMetaMembers(json, document.run(), drop_unknown, rules);
  json.EndObject();
  json.Key("spans").BeginArray();
  for (const SpanRecord& span : document.spans()) EmitSpanRecord(json, span, drop_unknown);
  json.EndArray();
  // Only the kinds the revision defines (trace/6 has no tensor_stats, device_intervals or
  // terminal: §9.2).
  EmitRecords(json, "ops", document.ops(), style);
  EmitRecords(json, "tensors", document.tensors(), style);
  if (rules.tensor_stats) EmitRecords(json, "tensor_stats", document.tensor_stats(), style);
  EmitRecords(json, "memory", document.memory(), style);
  EmitRecords(json, "device_memory", document.device_memory(), style);
  if (rules.device_intervals) EmitRecords(json, "device_intervals", document.device_intervals(), style);
  EmitRecords(json, "gradients", document.gradients(), style);
  EmitRecords(json, "edges", document.edges(), style);
  if (rules.terminal) {
    json.Key("terminal");
    write::EmitRecord(json, document.terminal(), style);
  }
  json.EndObject();
}

}  // namespace

std::string WriteDocumentJson(const TraceDocument& document, const WriteOptions& options) {
  std::string out;
  emit::ReserveOutput(out, RecordCount(document) * kEstimatedRecordBytes);
  emit::EmitJson(out, options.pretty, EmitDocument, document, options.drop_unknown);
  return out;
}

void WriteDocumentJson(const TraceDocument& document, std::ostream& out,
                       const WriteOptions& options) {
  emit::EmitJson(out, options.pretty, EmitDocument, document, options.drop_unknown);
}

}  // namespace tracedoc
