#include "traceml/record_line.hpp"

#include <array>
#include <string>
#include <vector>

#include "traceml/column_object.hpp"
#include "traceml/shown_input.hpp"
#include "traceml/stream_columns.hpp"
#include "traceml/value_checks.hpp"

namespace tracedoc::traceml {
namespace {

constexpr std::uint64_t kSchemaVersion = 1;

std::string Shown(const std::optional<std::uint64_t>& value) {
  return value ? std::to_string(*value) : "null";
}

// The stream named at `stream_node`: a string spelling one of the seven.
Result<TraceMLStream> ReadStream(LineContext& ctx, std::uint32_t stream_node) {
  if (ctx.node(stream_node).type != json::NodeType::kString) {
    return ctx.FailType(stream_node, "stream", "a stream name");
  }
  const std::string_view name = ctx.text(stream_node);
  if (const std::optional<TraceMLStream> stream = TraceMLStreamFromName(name)) return *stream;
  return ctx.Fail(ErrorCode::kTraceMLUnknownStream, "stream",
                  "unknown stream `" + ShownInput(name) +
                      "`, expected one of `step_time`, `step_memory`, `system`, `system_gpu`, "
                      "`process`, `runtime_environment`, `stdout_stderr`");
}

// schema_version: present and the integer 1, before any column is read, so that a record of a
// later schema fails for its version and not for a column it renamed.
Result<void> CheckSchemaVersion(LineContext& ctx, std::uint32_t node) {
  const std::uint32_t version_node = FindMember(ctx, node, "schema_version");
  if (version_node == 0) {
    return ctx.Fail(ErrorCode::kMissingField, "schema_version", "missing field `schema_version`");
  }
  BOOST_OUTCOME_TRY(const std::uint64_t version, ReadCount(ctx, version_node, "schema_version"));
  if (version == kSchemaVersion) return boost::outcome_v2::success();
  return ctx.Fail(ErrorCode::kTraceMLUnsupportedSchema, "schema_version",
                  "unsupported schema_version " + std::to_string(version) + ", expected 1");
}

// The record's identity as far as the rank rule goes: streams without one have no rule.
const std::optional<std::uint64_t>* GlobalRank(const TraceMLOutputLine&) { return nullptr; }
template <class Record>
const std::optional<std::uint64_t>* GlobalRank(const Record& record) {
  return &record.identity.global_rank;
}

bool HasRankColumn(std::span<const Column> columns) {
  for (const Column& column : columns) {
    if (column.rule == ColumnRule::kRank) return true;
  }
  return false;
}

bool HasHostnameColumn(std::span<const Column> columns) {
  for (const Column& column : columns) {
    if (column.rule == ColumnRule::kHostname) return true;
  }
  return false;
}

}  // namespace

Result<void> RecordLines::CheckHostname(LineContext& ctx, bool present) {
  if (!hostname_line_) {
    hostname_line_ = ctx.line();
    out_.has_hostname = present;
    return boost::outcome_v2::success();
  }
  if (present == out_.has_hostname) return boost::outcome_v2::success();
  const std::string first = std::to_string(*hostname_line_);
  return ctx.Fail(ErrorCode::kTraceMLHostnameInconsistent, "hostname",
                  present ? "`hostname` present, but absent from the record of line " + first
                          : "`hostname` absent, but present on the record of line " + first);
}

template <class Record>
Result<void> RecordLines::ReadAs(LineContext& ctx, std::uint32_t node, TraceMLStream stream,
                                 std::vector<Record>& records) {
  Record record;
  record.base.line = ctx.line();
  std::optional<std::uint64_t> rank;
  std::array<ColumnTarget, kMaxColumns> targets;
  BindColumns(record, rank, targets.data());
  const std::span<const Column> columns = StreamColumns(stream);
  BOOST_OUTCOME_TRY(const bool has_hostname,
                    ReadColumnObject(ctx, node, columns, targets.data(), ObjectReadOptions{},
                                     record.base.unknown));
  if (const std::optional<std::uint64_t>* global_rank = GlobalRank(record);
      global_rank != nullptr && HasRankColumn(columns) && rank != *global_rank) {
    return ctx.Fail(ErrorCode::kTraceMLRankMismatch, "rank",
                    "`rank` is " + Shown(rank) + " but `global_rank` is " + Shown(*global_rank) +
                        "; rank is global_rank's alias");
  }
  if (HasHostnameColumn(columns)) {
    BOOST_OUTCOME_TRY(CheckHostname(ctx, has_hostname));
  }
  if (const std::optional<std::uint64_t> first = keys_.Insert(record)) {
    ++out_.duplicates[static_cast<std::size_t>(stream)];
    ctx.Warn(TraceMLWarningCode::kDuplicateKey, {}, [&] {
      return std::string(TraceMLStreamName(stream)) + " record repeats the key " +
             StreamKeys::Shown(record) + " of line " + std::to_string(*first) + "; kept";
    });
  }
  records.push_back(std::move(record));
  return boost::outcome_v2::success();
}

Result<void> RecordLines::Read(LineContext& ctx, std::uint32_t node, std::uint32_t stream_node) {
  BOOST_OUTCOME_TRY(const TraceMLStream stream, ReadStream(ctx, stream_node));
  BOOST_OUTCOME_TRY(CheckSchemaVersion(ctx, node));
  switch (stream) {
    case TraceMLStream::kStepTime:
      return ReadAs(ctx, node, stream, out_.step_time);
    case TraceMLStream::kStepMemory:
      return ReadAs(ctx, node, stream, out_.step_memory);
    case TraceMLStream::kSystem:
      return ReadAs(ctx, node, stream, out_.system);
    case TraceMLStream::kSystemGpu:
      return ReadAs(ctx, node, stream, out_.system_gpu);
    case TraceMLStream::kProcess:
      return ReadAs(ctx, node, stream, out_.process);
    case TraceMLStream::kRuntimeEnvironment:
      return ReadAs(ctx, node, stream, out_.runtime_environment);
    case TraceMLStream::kStdoutStderr:
      break;
  }
  return ReadAs(ctx, node, stream, out_.stdout_stderr);
}

}  // namespace tracedoc::traceml
