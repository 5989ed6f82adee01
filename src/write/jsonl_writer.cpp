// to_events and write_jsonl (docs/trace-format.md §3.1–§3.2): every output walks the document in
// ForEachEvent's order and writes one line per event through the one JSON emitter.

#include <cerrno>
#include <cstdio>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <system_error>
#include <variant>

#include "emit/json_emitter.hpp"
#include "emit/output_reserve.hpp"
#include "tracedoc/event_order.hpp"
#include "tracedoc/writer.hpp"
#include "write/record_json.hpp"
#include "write/temporary_path.hpp"

namespace tracedoc {
namespace {

// A typical line is 100–250 bytes; reserving this much per record avoids most regrowth.
constexpr std::size_t kEstimatedLineBytes = 192;

write::RecordStyle LineStyle(const WriteOptions& options) {
  return write::RecordStyle{
      .with_kind = true, .drop_unknown = options.drop_unknown, .trace6 = options.trace6};
}

// Every event as one line. Streams and files get the text in chunks (the emitter's sink), so
// memory stays bounded.
void EmitLines(emit::JsonEmitter& json, const TraceDocument& document,
               const WriteOptions& options) {
  write::RecordStyle style = LineStyle(options);
  style.trace6 = document.revision() == SchemaRevision::kTrace6;
  ForEachEvent(document, [&](const auto& record) {
    write::EmitRecord(json, record, style);
    json.EndLine();
  });
}

Error IoError(std::string message) {
  return Error{ErrorCode::kIoError, 0, std::nullopt, std::nullopt, {}, std::move(message)};
}

std::string ErrnoText(int error) {
  return std::error_code(error, std::generic_category()).message();
}

struct FileCloser {
  void operator()(std::FILE* file) const { std::fclose(file); }
};

// Writes the whole JSONL to `temp`. Messages use the reference's contexts (§3.2).
Result<void> WriteTempFile(const TraceDocument& document, const std::filesystem::path& temp,
                           const std::filesystem::path& target, const WriteOptions& options) {
  std::unique_ptr<std::FILE, FileCloser> file(std::fopen(temp.c_str(), "wb"));
  if (!file) return IoError("create trace file " + target.string() + ": " + ErrnoText(errno));
  int write_errno = 0;
  auto write_chunk = [&](std::string_view chunk) {
    if (write_errno != 0) return;
    if (std::fwrite(chunk.data(), 1, chunk.size(), file.get()) != chunk.size()) {
      write_errno = errno != 0 ? errno : EIO;
    }
  };
  emit::EmitJson(write_chunk, /*pretty=*/false, EmitLines, document, options);
  if (write_errno != 0) {
    return IoError("write trace JSONL to " + target.string() + ": " + ErrnoText(write_errno));
  }
  // fclose flushes; its failure is the flush failing.
  std::FILE* raw = file.release();
  if (std::fflush(raw) != 0 || std::ferror(raw) != 0) {
    const int flush_errno = errno != 0 ? errno : EIO;
    std::fclose(raw);
    return IoError("flush trace JSONL to " + target.string() + ": " + ErrnoText(flush_errno));
  }
  if (std::fclose(raw) != 0) {
    return IoError("flush trace JSONL to " + target.string() + ": " + ErrnoText(errno));
  }
  return boost::outcome_v2::success();
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
  // Same directory as the target, so the rename stays on one file system and is atomic for
  // readers. (No fsync: this guards against half-read files, not against power loss.)
  const std::filesystem::path temp = write::TemporaryPathBeside(path);
  Result<void> written = WriteTempFile(document, temp, path, options);
  if (written) {
    std::filesystem::rename(temp, path, ec);
    if (!ec) return written;
    written = IoError("rename " + temp.string() + " to " + path.string() + ": " + ec.message());
  }
  std::filesystem::remove(temp, ec);
  return written;
}

}  // namespace tracedoc
