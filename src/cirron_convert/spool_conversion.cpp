// The conversion as a sink of the spool reader (docs/cirron-conversion.md, field by field).
#include "cirron_convert/spool_conversion.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include "cirron/record_tables.hpp"
#include "cirron/scope_shape.hpp"
#include "cirron/spool_reader.hpp"
#include "cirron_convert/tensor_stats_rule.hpp"
#include "emit/iso_timestamp.hpp"
#include "emit/json_emitter.hpp"
#include "emit/json_format.hpp"
#include "fold/builder_access.hpp"
#include "format/record_traits.hpp"
#include "format/unknown_members.hpp"
#include "tracedoc/converted_facts.hpp"
#include "tracedoc/document_builder.hpp"
#include "util/arena.hpp"
#include "util/seeded_hash.hpp"
#include "util/stable_order.hpp"

namespace tracedoc::cirron_convert {
namespace {

constexpr std::string_view kSessionName = "cirron.session";
constexpr std::string_view kGpuDevice = "cuda";
constexpr std::string_view kUnknownKey = "cirron_unknown";

using format::UnknownMembers;

// attrs are written only when they hold something.
void AddAttrs(UnknownMembers& members, const cirron::JsonObjectText& attrs) {
  if (attrs.json != "{}") members.Add("cirron_attrs", attrs.json);
}

// The record's own unknown keys, as one object, so that no spool key can collide with a trace
// field. `scratch` is reused from record to record.
void AddUnknown(UnknownMembers& members, const UnknownFields& unknown, std::string& scratch) {
  if (unknown.empty()) return;
  scratch = "{";
  for (const UnknownField& field : unknown) {
    if (scratch.size() > 1) scratch.push_back(',');
    emit::AppendJsonString(scratch, field.key);
    scratch.push_back(':');
    scratch.append(field.json);
  }
  scratch.push_back('}');
  members.Add(kUnknownKey, scratch);
}

// A spool record kept whole, as its table writes it: the spool's keys in the format's order,
// then its unknown keys.
template <class View>
std::string RecordJson(std::span<const format::FieldSpec<View>> fields, const View& view,
                       const UnknownFields& unknown) {
  std::string out;
  {
    emit::JsonSink sink(out, false);
    emit::JsonEmitter json(sink);
    json.BeginObject();
    format::WriteFields(json, fields, view, unknown);
    json.EndObject();
  }
  return out;
}

std::optional<ExecutionStep> StepOf(std::string_view name) {
  if (name == "forward") return ExecutionStep::kForward;
  if (name == "backward") return ExecutionStep::kBackward;
  if (name == "optimizer_step") return ExecutionStep::kOptimizer;
  return std::nullopt;
}

// `[a,b,…]` of JSON texts.
std::string JsonArray(const std::vector<const std::string*>& items) {
  std::string out = "[";
  for (const std::string* item : items) {
    if (out.size() > 1) out.push_back(',');
    out.append(*item);
  }
  out.push_back(']');
  return out;
}

// Texts joined by commas, each once, in the order first given: the set refers to the joined
// text rather than holding copies, so many long distinct texts cost their bytes once.
class DistinctList {
 public:
  void Add(std::string_view text) {
    const auto hash = util::HashBytes(text);
    if (seen_.find(Probe{text, hash, this}) != seen_.end()) return;
    if (!joined_.empty()) joined_.push_back(',');
    const auto offset = static_cast<std::uint32_t>(joined_.size());
    joined_.append(text);
    seen_.insert(Entry{offset, static_cast<std::uint32_t>(text.size()), hash});
  }
  std::string Take() { return std::exchange(joined_, std::string()); }

 private:
  struct Entry {
    std::uint32_t offset;
    std::uint32_t size;
    std::uint64_t hash;
  };
  struct Probe {
    std::string_view text;
    std::uint64_t hash;
    const DistinctList* list;
  };
  std::string_view TextOf(const Entry& entry) const {
    return std::string_view(joined_).substr(entry.offset, entry.size);
  }
  struct Hash {
    using is_transparent = void;
    using is_avalanching = void;
    std::size_t operator()(const Entry& entry) const noexcept { return entry.hash; }
    std::size_t operator()(const Probe& probe) const noexcept { return probe.hash; }
  };
  struct Equal {
    using is_transparent = void;
    bool operator()(const Entry& a, const Entry& b) const noexcept {
      return a.offset == b.offset && a.size == b.size;
    }
    bool operator()(const Probe& p, const Entry& e) const noexcept {
      return p.text == p.list->TextOf(e);
    }
    bool operator()(const Entry& e, const Probe& p) const noexcept { return (*this)(p, e); }
  };
  std::string joined_;
  boost::unordered_flat_set<Entry, Hash, Equal> seen_;
};

// A mark or a snapshot that is kept whole on its span's start (or on the meta).
struct KeptRecord {
  std::optional<cirron::Id128> span;  // none: a mark's "root"
  std::string json;
};

class SpoolConverter final : public cirron::SpoolSink {
 public:
  SpoolConverter(DocumentBuilder& builder, bool retain_records, bool findings)
      : builder_(builder), retain_records_(retain_records), findings_(findings) {
    MetaRecord placeholder;
    placeholder.schema = kSchema;
    Add(placeholder);
  }

  void OnSpan(const cirron::SpanView& span, const cirron::RecordSource& source) override {
    has_gpu_time_ = has_gpu_time_ || span.gpu_ns.has_value();
    training_ = training_ || span.name == "epoch" || span.name == "step";
    requests_ = requests_ || span.name == "request";
    if (!run_id_ && span.name == kSessionName) run_id_ = std::string(span.id.text);
    first_span_ns_ = std::min(first_span_ns_, span.start_ns);
    latest_ns_ = std::max(latest_ns_, span.end_ns);
    if (findings_) {
      std::optional<std::string_view> parent;
      if (span.parent_id) parent = span.parent_id->text;
      shape_.Add(span.id.text, span.name, parent, span.index.has_value(), source.place,
                 source.position);
    }

    const bool interval = span.gpu_ns.value_or(0) > 0;
    unknown_.Clear();
    if (span.index) unknown_.AddCount("cirron_index", *span.index);
    if (span.cpu_ns) unknown_.AddCount("cirron_cpu_ns", *span.cpu_ns);
    if (span.gpu_ns && !interval) unknown_.AddCount("cirron_gpu_ns", *span.gpu_ns);
    if (span.memory_peak_bytes) {
      unknown_.AddCount("cirron_memory_peak_bytes", *span.memory_peak_bytes);
    }
    unknown_.AddCount("cirron_thread_id", span.thread_id);
    unknown_.AddCount("cirron_pid", span.pid);
    unknown_.AddCount("cirron_rank", span.rank);
    AddAttrs(unknown_, span.attrs);
    if (!span.mark_ids.empty()) {
      std::string ids = "[";
      for (const cirron::HexId& id : span.mark_ids) {
        if (ids.size() > 1) ids.push_back(',');
        emit::AppendJsonString(ids, id.text);
      }
      ids.push_back(']');
      unknown_.Add("cirron_mark_ids", ids);
    }
    AddUnknown(unknown_, span.unknown, unknown_json_);

    name_.assign(span.name);
    if (span.index) name_ += "[" + std::to_string(*span.index) + "]";
    SpanStartRecord start;
    start.id = span.id.text;
    if (span.parent_id) start.parent_id = span.parent_id->text;
    start.name = name_;
    start.start_ns = span.start_ns;  // absolute until ShiftTimes
    start.span_kind = SpanKind::kFunction;
    start.measured = span.name == kSessionName;
    start.step = StepOf(span.name);
    start.unknown = unknown_.View();
    Add(start);
    if (interval) {
      DeviceIntervalRecord record;
      record.span_id = span.id.text;
      record.device = kGpuDevice;
      record.stream_id = "default";
      record.clock_id = "host";
      record.backend = "cuda";
      record.start_ns = span.start_ns;
      record.duration_ns = *span.gpu_ns;
      Add(record);
      interval_starts_.push_back(span.start_ns);
    }
    SpanEndRecord end;
    end.id = span.id.text;
    end.duration_ns = span.end_ns - span.start_ns;
    Add(end);
  }

  void OnMark(const cirron::MarkView& mark, const cirron::RecordSource&) override {
    Evidence(mark.ts_ns);
    if (!retain_records_) return;  // kept whole only in a document
    KeptRecord& kept = kept_marks_.emplace_back();
    if (!mark.span_id.root()) kept.span = cirron::ParseId(mark.span_id.text);
    kept.json = RecordJson(cirron::MarkFields(), mark, mark.unknown);
  }

  void OnSnapshot(const cirron::SnapshotView& snapshot, const cirron::RecordSource&) override {
    Evidence(snapshot.ts_ns);
    const std::optional<DerivedTensorStats> derived = DeriveTensorStats(snapshot);
    if (!derived) {
      if (!retain_records_) return;
      kept_snapshots_.push_back(
          KeptRecord{cirron::ParseId(snapshot.span_id.text),
                     RecordJson(cirron::SnapshotFields(), snapshot, snapshot.unknown)});
      return;
    }
    unknown_.Clear();
    unknown_.AddString("cirron_id", snapshot.id.text);
    unknown_.AddString("cirron_mode", EnumName(snapshot.mode));
    {
      std::string stats;
      {
        emit::JsonSink sink(stats, false);
        emit::JsonEmitter json(sink);
        cirron::WriteValue(json, *snapshot.stats);
      }
      unknown_.Add("cirron_stats", stats);
    }
    if (snapshot.blob_uri) unknown_.AddString("cirron_blob_uri", *snapshot.blob_uri);
    unknown_.AddCount("cirron_ts_ns", snapshot.ts_ns);
    AddAttrs(unknown_, snapshot.attrs);
    AddUnknown(unknown_, snapshot.unknown, unknown_json_);
    TensorStatsRecord record;
    record.span_id = snapshot.span_id.text;
    record.label = snapshot.tensor_name;
    record.shape = snapshot.shape;
    record.dtype = snapshot.dtype;
    record.elements = derived->elements;
    record.non_finite = 0;
    record.rms = derived->rms;
    record.abs_max = derived->abs_max;
    record.mean = derived->mean;
    record.unknown = unknown_.View();
    Add(record);
    stats_times_.push_back(snapshot.ts_ns);
  }

  void OnBatch(const cirron::BatchView& batch, const cirron::BatchSource& source) override {
    if (paths_.empty()) {
      first_batch_id_ = std::string(batch.batch_id.text);
      first_created_ns_ = batch.created_ns;
      meta_.Open("cirron_batches");
    }
    // The meta's cirron_batches, built in place as the batches come.
    meta_.json().push_back(paths_.empty() ? '[' : ',');
    meta_.json().append(RecordJson(cirron::BatchFields(), batch, batch.unknown));
    paths_.emplace_back(source.path);
    non_finite_ += source.non_finite_numbers;
    sdk_versions_.Add(batch.sdk_version);
  }

  /// Settles what the whole spool decides and adds the terminal.
  Result<void> Finish(const cirron::SpoolTotals& totals, DiagnosticLog* diagnostics) {
    if (failed_) return *failed_;
    if (paths_.empty()) {
      return Error{ErrorCode::kCirronEmptySpool, 0, std::nullopt, std::nullopt, {},
                   "the spool holds no batch: there is nothing to convert"};
    }
    constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();
    // Time 0: the earliest span start; without spans the earliest mark or snapshot, without
    // those the first batch's seal.
    const std::uint64_t origin = first_span_ns_ != kNone    ? first_span_ns_
                                 : first_record_ns_ != kNone ? first_record_ns_
                                                             : first_created_ns_;
    detail::BuilderAccess::ShiftTimes(builder_, origin);
    const auto relative = [origin](std::uint64_t t) { return t > origin ? t - origin : 0; };
    ReorderByTime(format::kVariantIndex<DeviceIntervalRecord>, interval_starts_, relative);
    ReorderByTime(format::kVariantIndex<TensorStatsRecord>, stats_times_, relative);

    std::vector<const std::string*> meta_marks;
    std::vector<const std::string*> meta_snapshots;
    Attach(meta_marks, meta_snapshots);

    const std::string batch_count = std::to_string(paths_.size());
    const std::string non_finite = std::to_string(non_finite_);
    const std::string session_start = std::to_string(origin);
    const std::string unresolved = std::to_string(totals.unresolved_references);
    meta_.json().push_back(']');
    meta_.Close();
    if (!meta_marks.empty()) meta_.Add(kCirronMarksKey, JsonArray(meta_marks));
    if (!meta_snapshots.empty()) meta_.Add("cirron_snapshots", JsonArray(meta_snapshots));
    // The meta's large values become the document's as they are, not copied once more (a
    // string moved keeps its buffer when it has one: these are not short).
    const std::size_t meta_members = meta_.count();
    std::string meta_block = meta_.Take();
    std::string versions = sdk_versions_.Take();
    const UnknownFields meta_unknown(meta_block, meta_members);
    const std::string_view versions_view(versions);
    std::vector<std::string> blocks;
    blocks.push_back(std::move(meta_block));
    if (versions.size() >= util::Arena::kLargeBytes) blocks.push_back(std::move(versions));
    detail::BuilderAccess::AdoptBlocks(builder_, std::move(blocks));
    // Sorted by key, as a document keeps its tags.
    const Tag tags[] = {
        {"cirron.batches", batch_count},
        {"cirron.non_finite_numbers", non_finite},
        {"cirron.sdk_versions", versions_view},
        {"cirron.session_start_ns", session_start},
        {"cirron.unresolved_references", unresolved},
    };
    const std::string timestamp = emit::IsoTimestamp(origin);
    TraceRunMeta run;
    run.run_id = run_id_ ? std::string_view(*run_id_) : std::string_view(first_batch_id_);
    run.correlation_id = first_batch_id_;
    run.entrypoint = "cirron";
    run.phase = requests_ && !training_ ? ExecutionPhase::kInfer : ExecutionPhase::kTrain;
    run.timestamp = timestamp;
    run.capture_step = 1;
    run.warmup_steps = 0;
    run.device = has_gpu_time_ ? kGpuDevice : "cpu";
    run.timing_mode = TimingMode::kHost;
    run.tags = ArrayView<Tag>(tags, std::size(tags));
    run.unknown = meta_unknown;
    detail::BuilderAccess::ReplaceRun(builder_, run);

    TerminalRecord terminal;
    terminal.outcome = RunOutcome::kComplete;
    terminal.timestamp_ns = relative(latest_ns_);
    Add(terminal);
    if (failed_) return *failed_;
    if (findings_ && diagnostics != nullptr) shape_.Finish(paths_, *diagnostics);
    return boost::outcome_v2::success();
  }

 private:
  template <class Record>
  void Add(const Record& record) {
    if (failed_) return;
    Result<void> added = builder_.Add(Event(record), RecordPosition{0, records_++});
    if (!added) failed_ = added.error();
  }

  void Evidence(std::uint64_t ts_ns) {
    first_record_ns_ = std::min(first_record_ns_, ts_ns);
    latest_ns_ = std::max(latest_ns_, ts_ns);
  }

  // The records of one kind in time order, records of one time in the order they came.
  template <class Relative>
  void ReorderByTime(std::size_t kind_index, const std::vector<std::uint64_t>& times,
                     const Relative& relative) {
    const std::vector<std::uint32_t> order = util::StableOrder<std::uint32_t>(
        times.size(),
        [&](std::uint32_t a, std::uint32_t b) { return relative(times[a]) < relative(times[b]); });
    detail::BuilderAccess::Reorder(builder_, kind_index, order);
  }

  // Puts each kept mark and snapshot on its span's start, or on the meta when its span is not
  // in the spool (or a mark's is "root"), in the order they were read.
  void Attach(std::vector<const std::string*>& meta_marks,
              std::vector<const std::string*>& meta_snapshots) {
    struct Attached {
      std::vector<const std::string*> marks;
      std::vector<const std::string*> snapshots;
    };
    boost::unordered_flat_map<cirron::Id128, Attached, cirron::Id128Hash> by_span;
    std::vector<cirron::Id128> spans_in_order;
    auto home = [&](const KeptRecord& kept) -> Attached* {
      if (!kept.span) return nullptr;
      const std::string id = cirron::IdText(*kept.span);
      if (!detail::BuilderAccess::HasSpan(builder_, id)) return nullptr;
      const auto [at, inserted] = by_span.try_emplace(*kept.span);
      if (inserted) spans_in_order.push_back(*kept.span);
      return &at->second;
    };
    for (const KeptRecord& mark : kept_marks_) {
      Attached* attached = home(mark);
      (attached != nullptr ? attached->marks : meta_marks).push_back(&mark.json);
    }
    for (const KeptRecord& snapshot : kept_snapshots_) {
      Attached* attached = home(snapshot);
      (attached != nullptr ? attached->snapshots : meta_snapshots).push_back(&snapshot.json);
    }
    // Each span's members again, the kept records before its own unknown keys.
    for (const cirron::Id128& span : spans_in_order) {
      const std::string id = cirron::IdText(span);
      const Attached& attached = by_span.at(span);
      UnknownMembers rebuilt;
      bool placed = false;
      auto place = [&] {
        if (placed) return;
        placed = true;
        if (!attached.marks.empty()) rebuilt.Add(kCirronMarksKey, JsonArray(attached.marks));
        if (!attached.snapshots.empty()) {
          rebuilt.Add("cirron_snapshots", JsonArray(attached.snapshots));
        }
      };
      for (const UnknownField& field : detail::BuilderAccess::SpanStartUnknown(builder_, id)) {
        if (field.key == kUnknownKey) place();
        rebuilt.Add(field.key, field.json);
      }
      place();
      detail::BuilderAccess::ReplaceSpanStartUnknown(builder_, id, rebuilt.View());
    }
  }

  DocumentBuilder& builder_;
  bool retain_records_;
  bool findings_;
  std::uint64_t records_ = 0;
  std::optional<Error> failed_;
  UnknownMembers unknown_;
  std::string unknown_json_;
  std::string name_;
  cirron::ScopeShape shape_;
  bool has_gpu_time_ = false;
  bool training_ = false;
  bool requests_ = false;
  std::optional<std::string> run_id_;
  std::uint64_t first_span_ns_ = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t first_record_ns_ = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t latest_ns_ = 0;
  std::vector<std::uint64_t> interval_starts_;
  std::vector<std::uint64_t> stats_times_;
  std::vector<KeptRecord> kept_marks_;
  std::vector<KeptRecord> kept_snapshots_;
  UnknownMembers meta_;
  std::vector<std::string> paths_;
  std::string first_batch_id_;
  std::uint64_t first_created_ns_ = 0;
  std::uint64_t non_finite_ = 0;
  DistinctList sdk_versions_;
};

Result<DocumentBuilder> Convert(const cirron::SpoolLocation& spool, const SpoolConversionOptions& options,
                                bool retain_records) {
  BuildOptions build;
  build.retain_records = retain_records;
  build.threads = options.threads;
  DocumentBuilder builder(build);
  SpoolConverter converter(builder, retain_records, options.diagnostics != nullptr);
  DiagnosticLog ignored;
  cirron::BatchReadOptions read{options.read, true};
  BOOST_OUTCOME_TRY(const cirron::SpoolTotals totals,
                    cirron::ReadSpool(spool, read, converter, options.LogOr(ignored)));
  BOOST_OUTCOME_TRY(converter.Finish(totals, options.diagnostics));
  return builder;
}

}  // namespace

Result<TraceDocument> ConvertSpool(const cirron::SpoolLocation& spool,
                                   const SpoolConversionOptions& options) {
  BOOST_OUTCOME_TRY(DocumentBuilder builder, Convert(spool, options, true));
  return std::move(builder).Finish();
}

Result<void> CheckSpool(const cirron::SpoolLocation& spool, const SpoolConversionOptions& options) {
  BOOST_OUTCOME_TRY(DocumentBuilder builder, Convert(spool, options, false));
  return std::move(builder).Verify();
}

}  // namespace tracedoc::cirron_convert
