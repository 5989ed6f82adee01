// The fold: the loop rules of docs/trace-format.md §2.2 applied record by record, and the
// end-of-stream checks in the reference's order. Messages are the reference's, word for word.
#include "tracedoc/document_builder.hpp"

#include <algorithm>
#include <string>
#include <variant>

#include "document/document_data.hpp"
#include "fold/block_records.hpp"
#include "fold/builder_access.hpp"
#include "format/object_codec.hpp"
#include "format/record_traits.hpp"
#include "format/revision_rules.hpp"
#include "format/trace6_fields.hpp"
#include "format/unsupported_schema.hpp"
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

Error StorageFull(const RecordPosition& position) {
  return FoldError(ErrorCode::kLimitExceeded, position,
                   "the document's strings and arrays pass 4 GiB at index " +
                       IndexText(position));
}

}  // namespace

struct DocumentBuilder::State {
  BuildOptions options;
  std::shared_ptr<detail::DocumentData> data = std::make_shared<detail::DocumentData>();
  std::optional<Error> failed;
  std::uint64_t records = 0;
  bool have_meta = false;
  // The rules of the meta's schema (trace/10's until the meta is folded).
  const format::RevisionRules* rules = &format::kTrace10Rules;
  // The document's own span id table, filled as spans arrive; sealing reindexes it.
  detail::SpanIdTable& span_ids = data->span_index.ids;
  std::optional<RecordPosition> terminal_position;
  // The latest host evidence so far (§2.2 h), kept as records arrive.
  std::uint64_t latest_ns = 0;
  // Where a record kept as a row is interned when not into the document's pool (AddOwned).
  util::StringPool* rows_pool = nullptr;
  // The row of the span_start being folded, when its decoding thread encoded it (AddOwned).
  const detail::SpanRow* prepared_span = nullptr;

  /// The outcome of folding one record: counted when it passed; remembered when it failed.
  Result<void> Counted(Result<void> result);
  Result<void> Fold(const Event& event, const RecordPosition& position);
  /// The rules about where a record of the kind at `kind_index` may stand (after the meta,
  /// before the terminal, a kind the schema has), checked first for every record.
  Result<void> CheckPlace(std::size_t kind_index, const RecordPosition& position) const;
  Result<void> CheckTensorStats(bool valid, const RecordPosition& position) const;
  Result<void> FoldMeta(const MetaRecord& meta, const RecordPosition& position);
  Result<void> FoldSpanStart(const SpanStartRecord& start, const RecordPosition& position);
  Result<void> FoldSpanEnd(const SpanEndRecord& end, const RecordPosition& position);
  Result<void> FoldTensorStats(const TensorStatsRecord& stats, const RecordPosition& position);
  Result<void> EndChecks();

  /// Keeps `record` as a compact row when records are retained (interned into the document's
  /// pool, wherever its strings were); fails (limit_exceeded) only when the document's storage
  /// can hold no more (docs/tracedoc.md §5: 4 GiB of strings and arrays).
  template <class Record>
  Result<void> Keep(detail::CompactList<Record>& list, const Record& record,
                    const RecordPosition& position) {
    if (!options.retain_records || list.Push(record, rows_pool ? *rows_pool : data->pool)) {
      return boost::outcome_v2::success();
    }
    return StorageFull(position);
  }
  void Evidence(std::uint64_t end_ns) { latest_ns = std::max(latest_ns, end_ns); }
};


DocumentBuilder::DocumentBuilder(BuildOptions options) : state_(std::make_unique<State>()) {
  state_->options = options;
}
DocumentBuilder::~DocumentBuilder() = default;
DocumentBuilder::DocumentBuilder(DocumentBuilder&&) noexcept = default;
DocumentBuilder& DocumentBuilder::operator=(DocumentBuilder&&) noexcept = default;

Result<void> DocumentBuilder::Add(const Event& event, RecordPosition position) {
  return state_->Counted(state_->Fold(event, position));
}

Result<void> DocumentBuilder::State::Counted(Result<void> result) {
  if (!result) {
    // Every rule is checked before the fold changes anything, so a rejected record leaves the
    // state as it was.
    if (!options.continue_after_errors) failed = result.error();
    return result;
  }
  ++records;
  return result;
}

Result<void> DocumentBuilder::State::CheckPlace(std::size_t kind_index,
                                               const RecordPosition& position) const {
  // Rule 1 looks at nothing but the terminal, so a second terminal fails here too.
  if (terminal_position) {
    return FoldError(ErrorCode::kEventAfterTerminal, position,
                     "terminal event must be the final trace record; found another event at "
                     "index " +
                         IndexText(position));
  }
  if (records == 0 && kind_index != format::kVariantIndex<MetaRecord>) {
    // tracedoc names the missing meta at the first record (docs/tracedoc.md §2).
    return FoldError(ErrorCode::kMissingMeta, position,
                     "trace stream is missing a meta event with run metadata");
  }
  if (!rules->Defines(kind_index)) {
    // The decoder never makes these under trace/6; a caller building by hand might.
    return FoldError(ErrorCode::kUnknownKind, position,
                     std::string(rules->schema) + " has no " +
                         std::string(format::kKindNames[kind_index]) +
                         " record (index " + IndexText(position) + ")");
  }
  return boost::outcome_v2::success();
}

Result<void> DocumentBuilder::State::Fold(const Event& event, const RecordPosition& position) {
  if (failed) return *failed;
  detail::DocumentData& d = *data;
  BOOST_OUTCOME_TRY(CheckPlace(event.index(), position));
  return std::visit(
      util::Overloaded{
          [&](const MetaRecord& meta) { return FoldMeta(meta, position); },
          [&](const SpanStartRecord& start) { return FoldSpanStart(start, position); },
          [&](const SpanEndRecord& end) { return FoldSpanEnd(end, position); },
          [&](const OpRecord& op) -> Result<void> {
            BOOST_OUTCOME_TRY(Keep(d.ops, detail::KeptOp(op, *rules), position));
            Evidence(util::SaturatingAdd(op.timestamp_ns, op.duration_ns));
            return boost::outcome_v2::success();
          },
          [&](const TensorRecord& tensor) {
            return Keep(d.tensors, detail::KeptTensor(tensor, *rules), position);
          },
          [&](const TensorStatsRecord& stats) { return FoldTensorStats(stats, position); },
          [&](const MemoryRecord& memory) -> Result<void> {
            BOOST_OUTCOME_TRY(Keep(d.memory, memory, position));
            Evidence(memory.timestamp_ns);
            return boost::outcome_v2::success();
          },
          [&](const DeviceMemoryRecord& sample) -> Result<void> {
            BOOST_OUTCOME_TRY(Keep(d.device_memory, sample, position));
            Evidence(sample.timestamp_ns);
            return boost::outcome_v2::success();
          },
          [&](const DeviceIntervalRecord& interval) {
            return Keep(d.device_intervals, interval, position);
          },
          [&](const GradientRecord& gradient) { return Keep(d.gradients, gradient, position); },
          [&](const EdgeRecord& edge) { return Keep(d.edges, edge, position); },
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
  const format::RevisionRules* schema_rules = format::RulesOfSchema(meta.schema);
  if (!schema_rules) {
    return FoldError(ErrorCode::kUnsupportedSchema, position,
                     format::UnsupportedSchemaMessage(meta.schema));
  }
  detail::DocumentData& d = *data;
  rules = schema_rules;
  d.schema = rules->schema;  // a constant: the document does not keep the meta's line
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
  if (prepared_span != nullptr) {
    // Encoded by the thread that decoded it, where its strings were interned.
    d.spans.PushRow(*prepared_span, *d.directory);
  } else if (!d.spans.Push(detail::KeptSpan(start, options.retain_records),
                           rows_pool ? *rows_pool : d.pool)) {
    return StorageFull(position);
  }
  span_ids.Add(static_cast<std::uint32_t>(d.spans.size() - 1), id_hash);
  Evidence(start.start_ns);
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
  if (d.spans.Get<&SpanRecord::closed>(*slot)) {
    return FoldError(
        ErrorCode::kDuplicateSpanEnd, position,
        "duplicate span_end for `" + std::string(end.id) + "` at index " + IndexText(position));
  }
  d.spans.Write<&SpanRecord::closed>(*slot, true);
  d.spans.Write<&SpanRecord::duration_ns>(*slot, end.duration_ns);
  if (options.retain_records && !end.unknown.empty()) {
    SpanRecord ended;
    ended.end_unknown = end.unknown;
    if (!d.spans.Set<&SpanRecord::end_unknown>(*slot, ended, rows_pool ? *rows_pool : d.pool)) {
      return StorageFull(position);
    }
  }
  Evidence(util::SaturatingAdd(d.spans.Get<&SpanRecord::start_ns>(*slot), end.duration_ns));
  return boost::outcome_v2::success();
}

Result<void> DocumentBuilder::State::FoldTensorStats(const TensorStatsRecord& stats,
                                                     const RecordPosition& position) {
  BOOST_OUTCOME_TRY(CheckTensorStats(detail::IsValidTensorStats(stats), position));
  return Keep(data->tensor_stats, stats, position);
}

Result<void> DocumentBuilder::State::CheckTensorStats(bool valid,
                                                     const RecordPosition& position) const {
  // The schema is known from the meta on, so tracedoc names this at the record.
  if (rules->refuses_tensor_stats) {
    return FoldError(ErrorCode::kSchemaLacksTensorStats, position,
                     "trace schema \"candle-graph/trace/9\" does not define tensor_stats "
                     "events; producers emitting tensor statistics must declare "
                     "\"candle-graph/trace/10\"");
  }
  if (!valid) {
    return FoldError(ErrorCode::kInvalidTensorStats, position,
                     "invalid tensor_stats event at index " + IndexText(position));
  }
  return boost::outcome_v2::success();
}

Result<void> DocumentBuilder::State::EndChecks() {
  if (failed) return *failed;
  if (!have_meta) {
    return StreamError(ErrorCode::kMissingMeta,
                       "trace stream is missing a meta event with run metadata");
  }
  if (!rules->terminal) return boost::outcome_v2::success();  // no terminal rules either
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
  s.data->Seal(s.options.threads);
  return TraceDocument(std::move(s.data));
}

Result<void> DocumentBuilder::Verify() && { return state_->EndChecks(); }

util::StringPool& detail::BuilderAccess::Pool(DocumentBuilder& builder) {
  return builder.state_->data->pool;
}

const std::shared_ptr<util::ChunkDirectory>& detail::BuilderAccess::Directory(
    DocumentBuilder& builder) {
  return builder.state_->data->directory;
}

bool detail::BuilderAccess::RetainsRecords(const DocumentBuilder& builder) {
  return builder.state_->options.retain_records;
}

Result<void> detail::BuilderAccess::AddOwned(DocumentBuilder& builder, const Event& event,
                                             RecordPosition position,
                                             util::StringPool* rows_pool,
                                             const SpanRow* span_row) {
  builder.state_->rows_pool = rows_pool;
  builder.state_->prepared_span = span_row;
  Result<void> added = builder.Add(event, position);
  builder.state_->rows_pool = nullptr;
  builder.state_->prepared_span = nullptr;
  return added;
}

Result<void> detail::BuilderAccess::AddGathered(DocumentBuilder& builder,
                                                std::size_t kind_index, GatherVerdict verdict,
                                                RecordPosition position) {
  DocumentBuilder::State& s = *builder.state_;
  auto check = [&]() -> Result<void> {
    if (s.failed) return *s.failed;
    BOOST_OUTCOME_TRY(s.CheckPlace(kind_index, position));
    if (kind_index == format::kVariantIndex<TensorStatsRecord>) {
      return s.CheckTensorStats(verdict != GatherVerdict::kInvalidStats, position);
    }
    if (verdict == GatherVerdict::kStorageFull) return StorageFull(position);
    return boost::outcome_v2::success();
  };
  return s.Counted(check());
}

void detail::BuilderAccess::AppendGathered(DocumentBuilder& builder, const BlockRecords& records) {
  DocumentBuilder::State& s = *builder.state_;
  s.data->Append(records);
  s.Evidence(records.latest_ns);
}

void detail::BuilderAccess::AdoptShard(DocumentBuilder& builder,
                                       std::unique_ptr<util::StringPool> shard) {
  shard->ReleaseIndex();
  builder.state_->data->shards.push_back(std::move(shard));
}

namespace {

std::uint64_t Shifted(std::uint64_t time, std::uint64_t origin) {
  return time > origin ? time - origin : 0;
}

// Shifts the time `Member` of every row of `list`, in place.
template <auto Member, class Record>
void ShiftMember(detail::CompactList<Record>& list, std::uint64_t origin) {
  using Codec = detail::RowCodec<Record>;
  for (auto& row : list.rows()) {
    Codec::template Write<Member>(row, Shifted(Codec::template Read<Member>(row), origin));
  }
}

// Applies a gather permutation in place: list[i] = old list[order[i]], following each cycle once.
template <class Record>
void Permute(util::RecordBuffer<Record>& list, std::span<const std::uint32_t> order) {
  if (list.size() != order.size()) return;
  std::vector<bool> placed(order.size(), false);
  for (std::size_t start = 0; start < order.size(); ++start) {
    if (placed[start]) continue;
    const Record first = list[start];
    std::size_t at = start;
    for (;;) {
      placed[at] = true;
      const std::size_t from = order[at];
      if (from == start) {
        list[at] = first;
        break;
      }
      list[at] = list[from];
      at = from;
    }
  }
}

}  // namespace

void detail::BuilderAccess::ShiftTimes(DocumentBuilder& builder, std::uint64_t origin) {
  DocumentBuilder::State& s = *builder.state_;
  detail::DocumentData& d = *s.data;
  ShiftMember<&SpanRecord::start_ns>(d.spans, origin);
  ShiftMember<&OpRecord::timestamp_ns>(d.ops, origin);
  ShiftMember<&MemoryRecord::timestamp_ns>(d.memory, origin);
  ShiftMember<&DeviceMemoryRecord::timestamp_ns>(d.device_memory, origin);
  ShiftMember<&DeviceIntervalRecord::start_ns>(d.device_intervals, origin);
  s.latest_ns = Shifted(s.latest_ns, origin);
}

void detail::BuilderAccess::AdoptBlocks(DocumentBuilder& builder,
                                        std::vector<std::string>&& blocks) {
  builder.state_->data->pool.arena().Adopt(std::move(blocks));
}

void detail::BuilderAccess::ReplaceRun(DocumentBuilder& builder, const TraceRunMeta& run) {
  detail::DocumentData& d = *builder.state_->data;
  const MetaRecord meta{d.schema, run};
  d.run = run;
  format::OwnFields(d.pool, format::RecordTraits<MetaRecord>::Fields(meta), d.run);
}

bool detail::BuilderAccess::HasSpan(const DocumentBuilder& builder, std::string_view id) {
  return builder.state_->span_ids.Find(id).has_value();
}

UnknownFields detail::BuilderAccess::SpanStartUnknown(const DocumentBuilder& builder,
                                                      std::string_view id) {
  const DocumentBuilder::State& s = *builder.state_;
  const std::optional<std::uint32_t> slot = s.span_ids.Find(id);
  return slot ? s.data->spans.Get<&SpanRecord::start_unknown>(*slot) : UnknownFields();
}

Result<void> detail::BuilderAccess::ReplaceSpanStartUnknown(DocumentBuilder& builder,
                                                            std::string_view id,
                                                            const UnknownFields& unknown) {
  DocumentBuilder::State& s = *builder.state_;
  if (!s.options.retain_records) return boost::outcome_v2::success();
  const std::optional<std::uint32_t> slot = s.span_ids.Find(id);
  if (!slot) return boost::outcome_v2::success();
  SpanRecord replaced;
  replaced.start_unknown = unknown;
  if (!s.data->spans.Set<&SpanRecord::start_unknown>(*slot, replaced, s.data->pool)) {
    return StorageFull(RecordPosition{0, s.records});
  }
  return boost::outcome_v2::success();
}

void detail::BuilderAccess::Reorder(DocumentBuilder& builder, std::size_t kind_index,
                                    std::span<const std::uint32_t> order) {
  DocumentBuilder::State& s = *builder.state_;
  if (!s.options.retain_records) return;
  detail::DocumentData& d = *s.data;
  if (kind_index == format::kVariantIndex<DeviceIntervalRecord>) {
    Permute(d.device_intervals.rows(), order);
  } else if (kind_index == format::kVariantIndex<TensorStatsRecord>) {
    Permute(d.tensor_stats.rows(), order);
  } else if (kind_index == format::kVariantIndex<DeviceMemoryRecord>) {
    Permute(d.device_memory.rows(), order);
  }
}

}  // namespace tracedoc
