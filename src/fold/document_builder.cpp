// The fold: the loop rules of docs/trace-format.md §2.2 applied record by record, and the
// end-of-stream checks in the reference's order. Messages are the reference's, word for word.
#include "tracedoc/document_builder.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <variant>

#include "document/document_data.hpp"
#include "fold/builder_access.hpp"
#include "format/dense_bytes.hpp"
#include "format/object_codec.hpp"
#include "format/record_traits.hpp"
#include "text/debug_string.hpp"
#include "text/utf8.hpp"
#include "util/overloaded.hpp"
#include "util/saturating.hpp"

namespace tracedoc {
namespace {

std::string IndexText(const RecordPosition& position) { return std::to_string(position.index); }

Error FoldError(ErrorCode code, const RecordPosition& position, std::string message) {
  return Error{code, position.line, position.index, std::nullopt, {}, std::move(message)};
}

// An error about the stream as a whole, tied to no record.
Error StreamError(ErrorCode code, std::string message) {
  return Error{code, 0, std::nullopt, std::nullopt, {}, std::move(message)};
}

bool IsValidTensorStats(const TensorStatsRecord& stats) {
  if (text::IsBlank(stats.label)) return false;
  const std::optional<std::uint64_t> elements = format::CheckedElementCount(stats.shape);
  if (elements != stats.elements) return false;
  if (stats.non_finite > stats.elements) return false;
  // -0.0 passes: -0.0 < 0 is false.
  if (!std::isfinite(stats.rms) || stats.rms < 0) return false;
  if (!std::isfinite(stats.abs_max) || stats.abs_max < 0) return false;
  return std::isfinite(stats.mean);
}

}  // namespace

struct DocumentBuilder::State {
  BuildOptions options;
  std::shared_ptr<detail::DocumentData> data = std::make_shared<detail::DocumentData>();
  std::optional<Error> failed;
  std::uint64_t records = 0;
  bool have_meta = false;
  bool previous_schema = false;
  // candle-graph/trace/6 (docs/legacy-trace6.md §9.2): no terminal and none of its rules.
  bool trace6 = false;
  // The document's own span id table, filled as spans arrive; sealing reindexes it.
  detail::SpanIdTable& span_ids = data->span_index.ids;
  std::optional<RecordPosition> terminal_position;
  // The latest host evidence so far (§2.2 h), kept as records arrive.
  std::uint64_t latest_ns = 0;
  // Whether the record being folded already lives in a shard the document adopts (AddOwned,
  // only ever with retain_records).
  bool record_owned = false;

  Result<void> Fold(const Event& event, const RecordPosition& position);
  Result<void> FoldMeta(const MetaRecord& meta, const RecordPosition& position);
  Result<void> FoldSpanStart(const SpanStartRecord& start, const RecordPosition& position);
  Result<void> FoldSpanEnd(const SpanEndRecord& end, const RecordPosition& position);
  Result<void> FoldTensorStats(const TensorStatsRecord& stats, const RecordPosition& position);
  Result<void> EndChecks();

  /// Keeps `record` in `list` when records are retained; a record kept cannot fail the fold.
  template <class Record>
  Result<void> Keep(util::RecordBuffer<Record>& list, const Record& record) {
    if (options.retain_records) {
      Record& kept = list.push_back(record);
      if (!record_owned) format::OwnRecord(data->pool, kept);
    }
    return boost::outcome_v2::success();
  }
  void Evidence(std::uint64_t end_ns) { latest_ns = std::max(latest_ns, end_ns); }
  /// §2.3's dense bytes under trace/10 and trace/9; trace/6's storage bytes are always a number,
  /// 0 where the dtype is unknown (docs/legacy-trace6.md §9.2).
  std::optional<std::uint64_t> StorageBytes(std::optional<std::uint64_t> given,
                                            ArrayView<std::uint64_t> shape,
                                            std::string_view dtype) const {
    const std::optional<std::uint64_t> bytes = format::ResolveDenseBytes(given, shape, dtype);
    return trace6 ? bytes.value_or(0) : bytes;
  }
};

DocumentBuilder::DocumentBuilder(BuildOptions options) : state_(std::make_unique<State>()) {
  state_->options = options;
}
DocumentBuilder::~DocumentBuilder() = default;
DocumentBuilder::DocumentBuilder(DocumentBuilder&&) noexcept = default;
DocumentBuilder& DocumentBuilder::operator=(DocumentBuilder&&) noexcept = default;

Result<void> DocumentBuilder::Add(const Event& event, RecordPosition position) {
  State& s = *state_;
  if (s.failed) return *s.failed;
  Result<void> result = s.Fold(event, position);
  if (!result) {
    // Every rule is checked before the fold changes anything, so a rejected record leaves the
    // state as it was.
    if (!s.options.continue_after_errors) s.failed = result.error();
    return result;
  }
  ++s.records;
  return result;
}

Result<void> DocumentBuilder::State::Fold(const Event& event, const RecordPosition& position) {
  detail::DocumentData& d = *data;
  // Rule 1 looks at nothing but the terminal, so a second terminal fails here too.
  if (terminal_position) {
    return FoldError(ErrorCode::kEventAfterTerminal, position,
                     "terminal event must be the final trace record; found another event at "
                     "index " +
                         IndexText(position));
  }
  if (records == 0 && !std::holds_alternative<MetaRecord>(event)) {
    // tracedoc names the missing meta at the first record (docs/tracedoc.md §2).
    return FoldError(ErrorCode::kMissingMeta, position,
                     "trace stream is missing a meta event with run metadata");
  }
  if (trace6 && (std::holds_alternative<TerminalRecord>(event) ||
                 std::holds_alternative<TensorStatsRecord>(event) ||
                 std::holds_alternative<DeviceIntervalRecord>(event))) {
    // The decoder never makes these under trace/6; a caller building by hand might.
    return FoldError(ErrorCode::kUnknownKind, position,
                     "candle-graph/trace/6 has no " + std::string(EventKindName(event)) +
                         " record (index " + IndexText(position) + ")");
  }
  return std::visit(
      util::Overloaded{
          [&](const MetaRecord& meta) { return FoldMeta(meta, position); },
          [&](const SpanStartRecord& start) { return FoldSpanStart(start, position); },
          [&](const SpanEndRecord& end) { return FoldSpanEnd(end, position); },
          [&](const OpRecord& record) {
            OpRecord op = record;
            op.output_dense_bytes = StorageBytes(op.output_dense_bytes, op.shape, op.dtype);
            Evidence(util::SaturatingAdd(op.timestamp_ns, op.duration_ns));
            return Keep(d.ops, op);
          },
          [&](const TensorRecord& record) {
            TensorRecord tensor = record;
            tensor.dense_bytes = StorageBytes(tensor.dense_bytes, tensor.shape, tensor.dtype);
            return Keep(d.tensors, tensor);
          },
          [&](const TensorStatsRecord& stats) { return FoldTensorStats(stats, position); },
          [&](const MemoryRecord& memory) {
            Evidence(memory.timestamp_ns);
            return Keep(d.memory, memory);
          },
          [&](const DeviceMemoryRecord& sample) {
            Evidence(sample.timestamp_ns);
            return Keep(d.device_memory, sample);
          },
          [&](const DeviceIntervalRecord& interval) { return Keep(d.device_intervals, interval); },
          [&](const GradientRecord& gradient) { return Keep(d.gradients, gradient); },
          [&](const EdgeRecord& edge) { return Keep(d.edges, edge); },
          [&](const TerminalRecord& terminal) {
            d.terminal = terminal;
            format::OwnRecord(d.pool, d.terminal);
            terminal_position = position;
            return Result<void>(boost::outcome_v2::success());
          },
      },
      event);
}

Result<void> DocumentBuilder::State::FoldMeta(const MetaRecord& meta,
                                              const RecordPosition& position) {
  if (records != 0) {
    return FoldError(ErrorCode::kMetaNotFirst, position,
                     "meta event must be the first non-empty trace record, found at index " +
                         IndexText(position));
  }
  // tracedoc checks the schema as soon as it is known (docs/tracedoc.md §1).
  if (meta.schema != kSchema && meta.schema != kPreviousSchema && meta.schema != kLegacySchema) {
    return FoldError(ErrorCode::kUnsupportedSchema, position,
                     "unsupported trace schema " + text::DebugQuoted(meta.schema) +
                         "; expected \"candle-graph/trace/10\" or \"candle-graph/trace/9\"");
  }
  detail::DocumentData& d = *data;
  d.schema = meta.schema == kSchema           ? kSchema
             : meta.schema == kPreviousSchema ? kPreviousSchema
                                              : kLegacySchema;
  previous_schema = meta.schema == kPreviousSchema;
  trace6 = meta.schema == kLegacySchema;
  d.run = meta.run;
  format::OwnFields(d.pool, format::RecordTraits<MetaRecord>::Fields(meta), d.run);
  have_meta = true;
  return boost::outcome_v2::success();
}

Result<void> DocumentBuilder::State::FoldSpanStart(const SpanStartRecord& start,
                                                   const RecordPosition& position) {
  detail::DocumentData& d = *data;
  const std::uint64_t id_hash = detail::SpanIdTable::HashOf(start.id);
  if (span_ids.Find(start.id, id_hash)) {
    return FoldError(
        ErrorCode::kDuplicateSpanStart, position,
        "duplicate span_start id `" + std::string(start.id) + "` at index " + IndexText(position));
  }
  SpanRecord span;
  span.start_ns = start.start_ns;
  if (options.retain_records) {
    // OwnRecord interns the id with the rest: once per string.
    SpanStartRecord owned = start;
    if (!record_owned) format::OwnRecord(d.pool, owned);
    span.id = owned.id;
    span.parent_id = owned.parent_id;
    span.name = owned.name;
    span.kind = owned.span_kind;
    span.measured = owned.measured;
    span.step = owned.step;
    span.start_unknown = owned.unknown;
  } else {
    span.id = d.pool.Intern(start.id);
  }
  d.spans.push_back(span);
  span_ids.Add(static_cast<std::uint32_t>(d.spans.size() - 1), id_hash);
  Evidence(span.start_ns);
  return boost::outcome_v2::success();
}

Result<void> DocumentBuilder::State::FoldSpanEnd(const SpanEndRecord& end,
                                                 const RecordPosition& position) {
  detail::DocumentData& d = *data;
  const std::optional<std::uint32_t> slot = span_ids.Find(end.id);
  if (!slot) {
    return FoldError(
        ErrorCode::kUnknownSpanEnd, position,
        "span_end for unknown span `" + std::string(end.id) + "` at index " + IndexText(position));
  }
  SpanRecord& span = d.spans[*slot];
  if (span.closed) {
    return FoldError(
        ErrorCode::kDuplicateSpanEnd, position,
        "duplicate span_end for `" + std::string(end.id) + "` at index " + IndexText(position));
  }
  span.closed = true;
  span.duration_ns = end.duration_ns;
  if (options.retain_records) {
    SpanEndRecord owned = end;
    if (!record_owned) format::OwnRecord(d.pool, owned);
    span.end_unknown = owned.unknown;
  }
  Evidence(util::SaturatingAdd(span.start_ns, span.duration_ns));
  return boost::outcome_v2::success();
}

Result<void> DocumentBuilder::State::FoldTensorStats(const TensorStatsRecord& stats,
                                                     const RecordPosition& position) {
  // The schema is known from the meta on, so tracedoc names this at the record.
  if (previous_schema) {
    return FoldError(ErrorCode::kSchemaLacksTensorStats, position,
                     "trace schema \"candle-graph/trace/9\" does not define tensor_stats "
                     "events; producers emitting tensor statistics must declare "
                     "\"candle-graph/trace/10\"");
  }
  if (!IsValidTensorStats(stats)) {
    return FoldError(ErrorCode::kInvalidTensorStats, position,
                     "invalid tensor_stats event at index " + IndexText(position));
  }
  return Keep(data->tensor_stats, stats);
}

Result<void> DocumentBuilder::State::EndChecks() {
  if (failed) return *failed;
  if (!have_meta) {
    return StreamError(ErrorCode::kMissingMeta,
                       "trace stream is missing a meta event with run metadata");
  }
  if (trace6) return boost::outcome_v2::success();  // no terminal, no terminal rules
  if (!terminal_position) {
    return StreamError(ErrorCode::kMissingTerminal, "trace stream is missing its terminal event");
  }
  const TerminalRecord& terminal = data->terminal;
  if (terminal.outcome == RunOutcome::kComplete && terminal.reason.has_value()) {
    return FoldError(ErrorCode::kCompleteWithReason, *terminal_position,
                     "complete terminal event cannot contain a failure reason");
  }
  if (terminal.outcome == RunOutcome::kFailed &&
      (!terminal.reason.has_value() || text::IsBlank(*terminal.reason))) {
    return FoldError(ErrorCode::kFailedWithoutReason, *terminal_position,
                     "failed terminal event requires a non-empty reason");
  }
  if (terminal.timestamp_ns < latest_ns) {
    return FoldError(ErrorCode::kTerminalBeforeEvidence, *terminal_position,
                     "terminal timestamp " + std::to_string(terminal.timestamp_ns) +
                         " precedes host evidence ending at " + std::to_string(latest_ns));
  }
  return boost::outcome_v2::success();
}

Result<TraceDocument> DocumentBuilder::Finish() && {
  State& s = *state_;
  BOOST_OUTCOME_TRY(s.EndChecks());
  // Sorts the spans and builds the span index; a finished document never interns again.
  s.data->Seal();
  return TraceDocument(std::move(s.data));
}

Result<void> DocumentBuilder::Verify() && { return state_->EndChecks(); }

util::StringPool& detail::BuilderAccess::Pool(DocumentBuilder& builder) {
  return builder.state_->data->pool;
}

bool detail::BuilderAccess::RetainsRecords(const DocumentBuilder& builder) {
  return builder.state_->options.retain_records;
}

Result<void> detail::BuilderAccess::AddOwned(DocumentBuilder& builder, const Event& event,
                                             RecordPosition position) {
  builder.state_->record_owned = true;
  Result<void> added = builder.Add(event, position);
  builder.state_->record_owned = false;
  return added;
}

void detail::BuilderAccess::AdoptShard(DocumentBuilder& builder,
                                       std::unique_ptr<util::StringPool> shard) {
  shard->ReleaseIndex();
  builder.state_->data->shards.push_back(std::move(shard));
}

}  // namespace tracedoc
