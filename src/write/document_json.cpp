// The folded document as one JSON object (docs/trace-format.md §1.14): the records as the JSONL
// lines write them but without `kind`, grouped in arrays, after `schema` and the nested `run`.
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "tracedoc/writer.hpp"
#include "emit/pretty_json.hpp"
#include "write/record_json.hpp"
#include "format/value_writers.hpp"

namespace tracedoc {
namespace {

// An average record inside the document JSON; reserving this much per record avoids regrowth.
constexpr std::size_t kEstimatedRecordBytes = 176;

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
void AppendSpanUnknown(std::string& out, const UnknownFields& unknown) {
  for (const UnknownField& field : unknown) {
    if (IsSpanRecordKey(field.key)) continue;
    format::WriteKey(out, field.key);
    out += field.json;
  }
}

void AppendSpanRecord(std::string& out, const SpanRecord& span, bool drop_unknown) {
  using format::WriteKey;
  using format::WriteValue;
  out += '{';
  WriteKey(out, "id");
  WriteValue(out, span.id);
  if (span.parent_id.has_value()) {
    WriteKey(out, "parent_id");
    WriteValue(out, *span.parent_id);
  }
  WriteKey(out, "name");
  WriteValue(out, span.name);
  WriteKey(out, "kind");
  WriteValue(out, span.kind);
  WriteKey(out, "measured");
  WriteValue(out, span.measured);
  WriteKey(out, "start_ns");
  WriteValue(out, span.start_ns);
  WriteKey(out, "closed");
  WriteValue(out, span.closed);
  WriteKey(out, "duration_ns");
  WriteValue(out, span.duration_ns);
  if (span.step.has_value()) {
    WriteKey(out, "step");
    WriteValue(out, *span.step);
  }
  if (!drop_unknown) {
    AppendSpanUnknown(out, span.start_unknown);
    AppendSpanUnknown(out, span.end_unknown);
  }
  out += '}';
}

std::size_t RecordCount(const TraceDocument& document) {
  return document.spans().size() + document.ops().size() + document.tensors().size() +
         document.tensor_stats().size() + document.memory().size() +
         document.device_memory().size() + document.device_intervals().size() +
         document.gradients().size() + document.edges().size() + 2;
}

}  // namespace

namespace {

// Writes the document's JSON in pieces: `flush` is offered what has accumulated whenever a
// record ends and the buffer holds more than kFlushBytes, and once at the end; it returns
// whether it took the text (which is then cleared) or leaves it to accumulate.
template <class Flush>
void StreamDocumentJson(const TraceDocument& document, bool drop_unknown, std::string& out,
                        Flush flush) {
  constexpr std::size_t kFlushBytes = std::size_t{1} << 20;
  auto record_done = [&] {
    if (out.size() >= kFlushBytes && flush(out)) out.clear();
  };
  const write::RecordStyle style{.with_kind = false, .drop_unknown = drop_unknown};
  auto records = [&](std::string_view name, auto list) {
    format::WriteKey(out, name);
    out += '[';
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (i != 0) out += ',';
      write::AppendRecordJson(out, list[i], style);
      record_done();
    }
    out += ']';
  };
  out += '{';
  format::WriteKey(out, "schema");
  format::WriteValue(out, document.schema());
  format::WriteKey(out, "run");
  out += '{';
  write::AppendRunMetaMembers(out, document.run(), drop_unknown);
  out += '}';
  format::WriteKey(out, "spans");
  out += '[';
  const std::span<const SpanRecord> spans = document.spans();
  for (std::size_t i = 0; i < spans.size(); ++i) {
    if (i != 0) out += ',';
    AppendSpanRecord(out, spans[i], drop_unknown);
    record_done();
  }
  out += ']';
  records("ops", document.ops());
  records("tensors", document.tensors());
  records("tensor_stats", document.tensor_stats());
  records("memory", document.memory());
  records("device_memory", document.device_memory());
  records("device_intervals", document.device_intervals());
  records("gradients", document.gradients());
  records("edges", document.edges());
  format::WriteKey(out, "terminal");
  write::AppendRecordJson(out, document.terminal(), style);
  out += '}';
  if (flush(out)) out.clear();
}

}  // namespace

std::string WriteDocumentJson(const TraceDocument& document, const DocumentJsonOptions& options) {
  std::string out;
  out.reserve(RecordCount(document) * kEstimatedRecordBytes);
  StreamDocumentJson(document, options.drop_unknown, out, [](const std::string&) { return false; });
  if (options.pretty) return emit::PrettyJson(out);
  return out;
}

void WriteDocumentJson(const TraceDocument& document, std::ostream& stream,
                       const DocumentJsonOptions& options) {
  if (options.pretty) {
    stream << WriteDocumentJson(document, options);
    return;
  }
  std::string buffer;
  StreamDocumentJson(document, options.drop_unknown, buffer, [&stream](const std::string& piece) {
    stream << piece;
    return true;
  });
}

}  // namespace tracedoc
