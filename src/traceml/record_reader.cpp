#include "traceml/record_reader.hpp"

#include <string>

#include "traceml/stream_tables.hpp"
#include "traceml/value_rules.hpp"

namespace tracedoc::traceml {
namespace {

constexpr std::uint64_t kSchemaVersion = 1;

std::string Shown(const std::optional<std::uint64_t>& value) {
  return value ? std::to_string(*value) : "null";
}

// Where a table has its identity columns; none for a column it lacks.
struct IdentityPlaces {
  std::optional<std::size_t> rank;
  std::optional<std::size_t> global_rank;
  std::optional<std::size_t> hostname;
};

template <class View>
IdentityPlaces PlacesOf(std::span<const format::FieldSpec<View>> fields) {
  IdentityPlaces places;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].name == "rank") places.rank = i;
    if (fields[i].name == "global_rank") places.global_rank = i;
    if (fields[i].name == "hostname") places.hostname = i;
  }
  return places;
}

// Runs `read` with `key` as the path's last step.
template <class Read>
bool AtField(format::DecodeContext& ctx, std::string_view key, Read read) {
  const format::PathStep step{ctx.path, key};
  const format::PathStep* saved = ctx.path;
  ctx.path = &step;
  const bool ok = read();
  ctx.path = saved;
  return ok;
}

// The stream named at `stream_node`: a string spelling one of the seven.
bool ReadStream(format::DecodeContext& ctx, std::uint32_t stream_node, TraceMLStream& stream) {
  return AtField(ctx, "stream", [&] {
    if (ctx.node(stream_node).type != json::NodeType::kString) {
      return format::FailType(ctx, stream_node, "a stream name");
    }
    const std::string_view name = ctx.text(stream_node);
    if (const std::optional<TraceMLStream> known = TraceMLStreamFromName(name)) {
      stream = *known;
      return true;
    }
    return ctx.FailAt(stream_node, ErrorCode::kTraceMLUnknownStream,
                      "unknown stream " + QuoteName(name) +
                          ", expected one of `step_time`, `step_memory`, `system`, `system_gpu`, "
                          "`process`, `runtime_environment`, `stdout_stderr`");
  });
}

// schema_version: present and the integer 1, before any column is read, so that a record of a
// later schema fails for its version and not for a column it renamed.
bool CheckSchemaVersion(format::DecodeContext& ctx) {
  const std::uint32_t version_node = RecordReader::FindMember(ctx, "schema_version");
  if (version_node == 0) {
    return ctx.FailAt(0, ErrorCode::kMissingField, "missing field `schema_version`",
                      "schema_version");
  }
  return AtField(ctx, "schema_version", [&] {
    std::uint64_t version = 0;
    if (!ReadCount(ctx, version_node, version)) return false;
    if (version == kSchemaVersion) return true;
    return ctx.FailAt(version_node, ErrorCode::kTraceMLUnsupportedSchema,
                      "unsupported schema_version " + std::to_string(version) + ", expected 1");
  });
}

}  // namespace

std::uint32_t RecordReader::FindMember(const format::DecodeContext& ctx, std::string_view key) {
  const json::Node& object = ctx.node(0);
  std::uint32_t key_node = 1;
  for (std::uint32_t m = 0; m < object.count; ++m) {
    if (ctx.text(key_node) == key) return key_node + 1;
    key_node = ctx.node(key_node + 1).end;
  }
  return 0;
}

bool RecordReader::CheckHostname(format::DecodeContext& ctx, bool present, std::uint32_t node,
                                 std::uint64_t line) {
  if (!hostname_line_) {
    hostname_line_ = line;
    totals_.has_hostname = present;
    return true;
  }
  if (present == totals_.has_hostname) return true;
  const std::string first = std::to_string(*hostname_line_);
  return ctx.FailAt(node, ErrorCode::kTraceMLHostnameInconsistent,
                    present ? "`hostname` present, but absent from the record of line " + first
                            : "`hostname` absent, but present on the record of line " + first,
                    "hostname");
}

template <class View>
bool RecordReader::ReadAs(format::DecodeContext& ctx, TraceMLStream stream, const RecordSource& at,
                          void (ExportSink::*deliver)(const View&, const RecordSource&)) {
  View view;
  view.head.stream.stream = stream;
  format::ObjectMembers members;
  if (!format::ReadObject(ctx, 0, FieldsOf(view), view, view.unknown, {}, kRecordPolicy,
                          &members)) {
    return false;
  }
  static const IdentityPlaces places = PlacesOf(FieldsOf(view));
  // `rank` is global_rank's alias where a stream has both; stdout_stderr's is its only one.
  if (places.rank && places.global_rank && view.head.rank != view.head.global_rank) {
    return ctx.FailAt(members.nodes[*places.rank], ErrorCode::kTraceMLRankMismatch,
                      "`rank` is " + Shown(view.head.rank) + " but `global_rank` is " +
                          Shown(view.head.global_rank) + "; rank is global_rank's alias",
                      "rank");
  }
  if (places.hostname) {
    const bool present = (members.seen >> *places.hostname) & 1u;
    if (!CheckHostname(ctx, present, present ? members.nodes[*places.hostname] : 0, at.line)) {
      return false;
    }
  }
  RecordSource source = at;
  source.has_hostname = totals_.has_hostname;
  source.first_of_key = keys_.Insert(view, at.line);
  const auto s = static_cast<std::size_t>(stream);
  if (source.first_of_key) {
    ++totals_.duplicates[s];
    warnings_.Add(DiagnosticCode::kTraceMLDuplicateKey, [] { return std::string(); },
                  warnings_.Column(ctx.tape, 0), [&] {
      return std::string(TraceMLStreamName(stream)) + " record repeats the key " +
             StreamKeys::Shown(view) + " of line " + std::to_string(*source.first_of_key) +
             "; kept";
    });
  }
  ++totals_.records[s];
  (sink_.*deliver)(view, source);
  return true;
}

bool RecordReader::ReadRecord(format::DecodeContext& ctx, std::uint32_t stream_node,
                              const RecordSource& at) {
  TraceMLStream stream = TraceMLStream::kStepTime;
  if (!ReadStream(ctx, stream_node, stream) || !CheckSchemaVersion(ctx)) return false;
  switch (stream) {
    case TraceMLStream::kStepTime:
      return ReadAs(ctx, stream, at, &ExportSink::OnStepTime);
    case TraceMLStream::kStepMemory:
      return ReadAs(ctx, stream, at, &ExportSink::OnStepMemory);
    case TraceMLStream::kSystem:
      return ReadAs(ctx, stream, at, &ExportSink::OnSystem);
    case TraceMLStream::kSystemGpu:
      return ReadAs(ctx, stream, at, &ExportSink::OnSystemGpu);
    case TraceMLStream::kProcess:
      return ReadAs(ctx, stream, at, &ExportSink::OnProcess);
    case TraceMLStream::kRuntimeEnvironment:
      return ReadAs(ctx, stream, at, &ExportSink::OnRuntimeEnvironment);
    case TraceMLStream::kStdoutStderr:
      break;
  }
  return ReadAs(ctx, stream, at, &ExportSink::OnOutputLine);
}

bool RecordReader::IsClosingLine(const format::DecodeContext& ctx) {
  return FindMember(ctx, "written_records") != 0 && FindMember(ctx, "dropped_batches") != 0;
}

bool RecordReader::ReadClosingLine(format::DecodeContext& ctx, const RecordSource& at,
                                   ClosingPlace& place) {
  ClosingLineView view;
  format::ObjectMembers members;
  if (!format::ReadObject(ctx, 0, ClosingLineFields(), view, view.unknown, {}, kClosingPolicy,
                          &members)) {
    return false;
  }
  if (view.dropped_batches != 0) {
    warnings_.Add(DiagnosticCode::kTraceMLDroppedBatches,
                  [] { return std::string("dropped_batches"); },
                  warnings_.Column(ctx.tape, members.nodes[1]), [&] {
                    return "the exporter dropped " + std::to_string(view.dropped_batches) +
                           " payload batches: records are missing from this export";
                  });
  }
  place.line = at.line;
  place.index = at.index;
  place.column = warnings_.Column(ctx.tape, 0);
  place.written_records_column = warnings_.Column(ctx.tape, members.nodes[0]);
  place.written_records = view.written_records;
  totals_.has_closing_line = true;
  RecordSource source = at;
  source.has_hostname = totals_.has_hostname;
  sink_.OnClosingLine(view, source);
  return true;
}

}  // namespace tracedoc::traceml
