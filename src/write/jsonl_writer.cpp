// to_events and write_jsonl (docs/trace-format.md §3.1–§3.2): every output walks the document in
// ForEachEvent's order and writes one line per event through the one JSON emitter.

#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <system_error>
#include <variant>

#include "emit/json_emitter.hpp"
#include "emit/output_reserve.hpp"
#include "tracedoc/event_order.hpp"
#include "tracedoc/output_file.hpp"
#include "tracedoc/writer.hpp"
#include "format/revision_rules.hpp"
#include "write/record_json.hpp"

namespace tracedoc {
namespace {

// A typical line is 100–250 bytes; reserving this much per record avoids most regrowth.
constexpr std::size_t kEstimatedLineBytes = 192;

write::RecordStyle LineStyle(const WriteOptions& options) {
  return write::RecordStyle{
      .with_kind = true,
      .drop_unknown = options.drop_unknown,
      .rules = &format::DecodingRules(options.trace6)};
}

// Every event as one line. Streams and files get the text in chunks (the emitter's sink), so
// memory stays bounded.
void EmitLines(emit::JsonEmitter& json, const TraceDocument& document,
               const WriteOptions& options) {
  write::RecordStyle style = LineStyle(options);
  style.rules = &format::RulesOf(document.revision());
  ForEachEvent(document, [&](const auto& record) {
    write::EmitRecord(json, record, style);
    json.EndLine();
  });
}

Error IoError(std::string message) {
  return Error{ErrorCode::kIoError, 0, std::nullopt, std::nullopt, {}, std::move(message)};
}

}  // namespace

std::vector<Event> ToEvents(const TraceDocument& document) {
  std::vector<Event> events;
  events.reserve(EventCount(document));
  ForEachEvent(document, [&events](const auto& record) { events.emplace_back(record); });
  return events;
}

void AppendEventJson(std::string& out, const Event& event, const WriteOptions& options) {
  const write::RecordStyle style = LineStyle(options);
  emit::EmitJson(out, /*pretty=*/false, [&](emit::JsonEmitter& json) {
    std::visit([&](const auto& record) { write::EmitRecord(json, record, style); }, event);
  });
}

std::string WriteJsonl(const TraceDocument& document, const WriteOptions& options) {
  std::string out;
  emit::ReserveOutput(out, EventCount(document) * kEstimatedLineBytes);
  emit::EmitJson(out, /*pretty=*/false, EmitLines, document, options);
  return out;
}

void WriteJsonl(const TraceDocument& document, std::ostream& out, const WriteOptions& options) {
  emit::EmitJson(out, /*pretty=*/false, EmitLines, document, options);
}

Result<void> WriteJsonlFile(const TraceDocument& document, const std::filesystem::path& path,
                            const WriteOptions& options) {
  std::error_code ec;
  const std::filesystem::path parent = path.parent_path();
  if (!parent.empty()) {
    std::filesystem::create_directories(parent, ec);
    if (ec) return IoError("create trace dir " + parent.string() + ": " + ec.message());
  }
  // Written as every output is (tracedoc/output_file.hpp): a temporary created exclusively
  // beside a regular file and renamed over it, a device or a FIFO written in place. (No fsync:
  // this guards against half-read files, not against power loss.)
  BOOST_OUTCOME_TRY(OutputFile out, OutputFile::Open(path));
  WriteJsonl(document, out.stream(), options);
  return std::move(out).Commit();
}

}  // namespace tracedoc
