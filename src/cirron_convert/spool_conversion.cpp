// The conversion as a sink of the spool reader (docs/cirron-conversion.md, field by field).
#include "cirron_convert/spool_conversion.hpp"

#include <algorithm>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include "cirron/record_tables.hpp"
#include "cirron/scope_shape.hpp"
#include "cirron/session_router.hpp"
#include "cirron/spool_sessions.hpp"
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
    if (batches_ == 0) {
      first_batch_id_ = std::string(batch.batch_id.text);
      first_created_ns_ = batch.created_ns;
      meta_.Open("cirron_batches");
    }
    // The meta's cirron_batches, built in place as the batches come.
    meta_.json().push_back(batches_ == 0 ? '[' : ',');
    meta_.json().append(RecordJson(cirron::BatchFields(), batch, batch.unknown));
    ++batches_;
    non_finite_ += source.non_finite_numbers;
    sdk_versions_.Add(batch.sdk_version);
  }

  /// A run of a spool of several sessions is named by its session root, whatever other span
  /// named `cirron.session` it holds.
  void SetRunId(std::string id) { run_id_ = std::move(id); }

  /// The session's id, else the first batch's.
  std::string_view run_id() const {
    return run_id_ ? std::string_view(*run_id_) : std::string_view(first_batch_id_);
  }

  /// Settles what the whole spool decides and adds the terminal; `files` names every batch of
  /// the spool (the findings' files).
  Result<void> Finish(const cirron::SpoolTotals& totals, std::span<const std::string> files,
                      DiagnosticLog* diagnostics) {
    if (failed_) return *failed_;
    if (batches_ == 0) {
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
    BOOST_OUTCOME_TRY(Attach(meta_marks, meta_snapshots));

    const std::string batch_count = std::to_string(batches_);
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
    run.run_id = run_id();
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
    if (findings_ && diagnostics != nullptr) shape_.Finish(files, *diagnostics);
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
  Result<void> Attach(std::vector<const std::string*>& meta_marks,
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
      BOOST_OUTCOME_TRY(
          detail::BuilderAccess::ReplaceSpanStartUnknown(builder_, id, rebuilt.View()));
    }
    return boost::outcome_v2::success();
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
  std::uint32_t batches_ = 0;
  std::string first_batch_id_;
  std::uint64_t first_created_ns_ = 0;
  std::uint64_t non_finite_ = 0;
  DistinctList sdk_versions_;
};

// A converter with the builder it fills (a converter refers to its builder, so both stay put).
struct RunConverter {
  RunConverter(const SpoolConversionOptions& options, bool retain_records)
      : builder(BuildOptions{.retain_records = retain_records, .threads = options.threads}),
        converter(builder, retain_records, options.diagnostics != nullptr) {}
  DocumentBuilder builder;
  SpoolConverter converter;
};

// The first pass of a spool whose sessions are not yet known: converted whole as today, its
// session roots counted and the first one kept. Enough on its own for a spool of at most one
// session, which then pays nothing for sessions; a spool of several is classified by a read of
// its own (SpoolSessions), since a span's session is known only once its ancestors are read.
class ConvertAndCountSessions final : public cirron::SpoolSink {
 public:
  explicit ConvertAndCountSessions(SpoolConverter& converter) : converter_(converter) {}
  void OnSpan(const cirron::SpanView& span, const cirron::RecordSource& source) override {
    ++spans_;
    if (cirron::SpoolSessions::IsSessionRoot(span) && ++roots_ == 1) {
      first_root_ = cirron::SessionRoot{cirron::ParseId(span.id.text), span.start_ns,
                                        span.end_ns, 0};
    }
    converter_.OnSpan(span, source);
  }
  void OnMark(const cirron::MarkView& mark, const cirron::RecordSource& source) override {
    converter_.OnMark(mark, source);
  }
  void OnSnapshot(const cirron::SnapshotView& snapshot,
                  const cirron::RecordSource& source) override {
    converter_.OnSnapshot(snapshot, source);
  }
  void OnBatch(const cirron::BatchView& batch, const cirron::BatchSource& source) override {
    paths_.emplace_back(source.path);
    converter_.OnBatch(batch, source);
  }
  const std::vector<std::string>& paths() const { return paths_; }
  std::uint64_t roots() const { return roots_; }
  /// The only session of a spool of one: every span is its (the time rule gives it those its
  /// ancestry does not reach).
  cirron::SessionRoot only_root() const {
    cirron::SessionRoot root = first_root_;
    root.spans = spans_;
    return root;
  }

 private:
  SpoolConverter& converter_;
  std::vector<std::string> paths_;
  std::uint64_t spans_ = 0;
  std::uint64_t roots_ = 0;
  cirron::SessionRoot first_root_{};
};

CirronSession PublicSession(const cirron::SessionRoot& root, std::uint32_t index) {
  return CirronSession{cirron::IdText(root.id), index + 1, root.start_ns, root.end_ns, root.spans};
}

Error SessionChoiceError(std::string message) {
  return Error{ErrorCode::kInvalidValue, 0, std::nullopt, std::nullopt, "session",
               std::move(message)};
}

// The session `choice` names: its position (1 = oldest) or its id. A spool without a session
// is one run, position 1.
Result<std::optional<std::uint32_t>> FindSession(const std::vector<cirron::SessionRoot>& sessions,
                                                 std::string_view choice) {
  const bool position = !choice.empty() && choice.size() <= 9 &&
                        std::all_of(choice.begin(), choice.end(),
                                    [](char c) { return c >= '0' && c <= '9'; });
  const std::size_t count = std::max<std::size_t>(sessions.size(), 1);
  if (position) {
    const std::size_t at = std::stoul(std::string(choice));
    if (at >= 1 && at <= count) {
      if (sessions.empty()) return std::optional<std::uint32_t>();
      return std::optional<std::uint32_t>(static_cast<std::uint32_t>(at - 1));
    }
  } else {
    for (std::uint32_t i = 0; i < sessions.size(); ++i) {
      if (cirron::IdText(sessions[i].id) == choice) return std::optional<std::uint32_t>(i);
    }
  }
  return SessionChoiceError("the spool holds no session " + QuoteName(choice) + ": it holds " +
                            std::to_string(sessions.size()) +
                            " session(s), chosen by id or by position 1 to " +
                            std::to_string(count));
}

Result<cirron::SpoolTotals> ReadInto(const cirron::SpoolLocation& path, const SpoolConversionOptions& options,
                                     cirron::SpoolSink& sink, DiagnosticLog& log) {
  return cirron::ReadSpool(path, cirron::BatchReadOptions{options.read, true}, sink, log);
}

// Finishes `run` into `out`; its fold error is kept with it, not returned.
void FinishRun(RunConverter& run, const cirron::SpoolTotals& totals,
               std::span<const std::string> files, std::optional<CirronSession> session,
               DiagnosticLog* findings, ConvertedRun& out) {
  Result<void> finished = run.converter.Finish(totals, files, findings);
  if (!finished) out.error = finished.error();
  out.session = std::move(session);
  out.run_id = std::string(run.converter.run_id());
}

// The second pass for a spool of several sessions: each record to its session's converter
// (`wanted`: the sessions converted, all when none).
Result<std::vector<ConvertedRun>> ConvertRouted(const cirron::SpoolLocation& path,
                                                const SpoolConversionOptions& options,
                                                const cirron::SpoolSessions& sessions,
                                                std::optional<std::uint32_t> wanted,
                                                bool retain_records, bool shared_findings) {
  std::vector<std::unique_ptr<RunConverter>> runs(sessions.sessions().size());
  std::vector<cirron::SpoolSink*> sinks(runs.size(), nullptr);
  for (std::uint32_t i = 0; i < runs.size(); ++i) {
    if (wanted && *wanted != i) continue;
    runs[i] = std::make_unique<RunConverter>(options, retain_records);
    runs[i]->converter.SetRunId(cirron::IdText(sessions.sessions()[i].id));
    sinks[i] = &runs[i]->converter;
  }
  cirron::SessionRouter router(sessions, std::move(sinks));
  // The reader's warnings were given by the first pass.
  DiagnosticLog repeated;
  repeated.max_kept = 0;
  BOOST_OUTCOME_TRY(const cirron::SpoolTotals totals, ReadInto(path, options, router, repeated));
  if (options.diagnostics != nullptr) router.Warn(*options.diagnostics);
  std::vector<ConvertedRun> converted;
  for (std::uint32_t i = 0; i < runs.size(); ++i) {
    if (!runs[i]) continue;
    ConvertedRun& out = converted.emplace_back();
    if (options.diagnostics != nullptr) out.findings.max_kept = options.diagnostics->max_kept;
    FinishRun(*runs[i], totals, router.paths(), PublicSession(sessions.sessions()[i], i),
              shared_findings ? options.diagnostics : &out.findings, out);
    out.builder = std::move(runs[i]->builder);
    runs[i].reset();  // its converter's kept records go before the next run is finished
  }
  return converted;
}

}  // namespace

Result<std::vector<ConvertedRun>> ConvertRuns(const cirron::SpoolLocation& path,
                                              const SpoolConversionOptions& options,
                                              SessionScope scope, std::string_view choice,
                                              bool retain_records) {
  DiagnosticLog ignored;
  const bool shared_findings = scope != SessionScope::kEvery;
  cirron::SpoolSessions sessions;
  auto whole = std::make_unique<RunConverter>(options, retain_records);
  std::vector<std::string> paths;
  Result<cirron::SpoolTotals> totals = cirron::SpoolTotals{};
  std::optional<std::uint32_t> wanted;
  std::optional<cirron::SessionRoot> only_root;
  if (scope == SessionScope::kChosen) {
    // The sessions first (the reader's warnings with them): the chosen one is then
    // converted alone.
    BOOST_OUTCOME_TRY(ReadInto(path, options, sessions, options.LogOr(ignored)));
    sessions.Settle();
    BOOST_OUTCOME_TRY(wanted, FindSession(sessions.sessions(), choice));
    if (sessions.sessions().size() <= 1) {
      if (!sessions.sessions().empty()) only_root = sessions.sessions()[0];
      DiagnosticLog repeated;
      repeated.max_kept = 0;
      ConvertAndCountSessions second(whole->converter);
      totals = ReadInto(path, options, second, repeated);
      paths = second.paths();
    }
  } else {
    ConvertAndCountSessions first(whole->converter);
    totals = ReadInto(path, options, first, options.LogOr(ignored));
    paths = first.paths();
    if (totals && first.roots() > 1) {
      // Several sessions: which span is whose takes a read of its own.
      DiagnosticLog repeated;
      repeated.max_kept = 0;
      BOOST_OUTCOME_TRY(ReadInto(path, options, sessions, repeated));
      sessions.Settle();
    } else if (first.roots() == 1) {
      only_root = first.only_root();
    }
  }
  if (!totals) return totals.error();
  const std::size_t count = sessions.sessions().size();
  if (count > 1 && scope == SessionScope::kOnly) {
    return SessionChoiceError("the spool holds " + std::to_string(count) +
                              " sessions (runs): choose one by its id or its position "
                              "(1 = the oldest)");
  }
  if (count > 1) {
    whole.reset();  // the first pass's document goes before the runs are built
    return ConvertRouted(path, options, sessions, wanted, retain_records, shared_findings);
  }
  // At most one session: the spool converted whole, as it always was.
  std::vector<ConvertedRun> converted;
  ConvertedRun& out = converted.emplace_back();
  if (options.diagnostics != nullptr) out.findings.max_kept = options.diagnostics->max_kept;
  std::optional<CirronSession> session;
  if (only_root) session = PublicSession(*only_root, 0);
  FinishRun(*whole, totals.value(), paths, std::move(session),
            shared_findings ? options.diagnostics : &out.findings, out);
  out.builder = std::move(whole->builder);
  return converted;
}

Result<std::vector<CirronSession>> ListSpoolSessions(const cirron::SpoolLocation& path,
                                                     const SpoolConversionOptions& options) {
  cirron::SpoolSessions sessions;
  DiagnosticLog ignored;
  BOOST_OUTCOME_TRY(ReadInto(path, options, sessions, options.LogOr(ignored)));
  sessions.Settle();
  std::vector<CirronSession> listed;
  for (std::uint32_t i = 0; i < sessions.sessions().size(); ++i) {
    listed.push_back(PublicSession(sessions.sessions()[i], i));
  }
  return listed;
}

namespace {

// The one run ReadDocument and ValidateInput read: the only session, or the chosen one.
Result<ConvertedRun> ConvertOne(const cirron::SpoolLocation& path, const SpoolConversionOptions& options,
                                std::optional<std::string_view> session, bool retain_records) {
  BOOST_OUTCOME_TRY(std::vector<ConvertedRun> runs,
                    ConvertRuns(path, options, session ? SessionScope::kChosen : SessionScope::kOnly,
                                session.value_or(""), retain_records));
  ConvertedRun& run = runs.front();
  if (run.error) return *run.error;
  return std::move(run);
}

}  // namespace

Result<TraceDocument> ConvertSpool(const cirron::SpoolLocation& path, const SpoolConversionOptions& options,
                                   std::optional<std::string_view> session) {
  BOOST_OUTCOME_TRY(ConvertedRun run, ConvertOne(path, options, session, true));
  return std::move(run.builder).Finish();
}

Result<void> CheckSpool(const cirron::SpoolLocation& path, const SpoolConversionOptions& options,
                        std::optional<std::string_view> session) {
  BOOST_OUTCOME_TRY(ConvertedRun run, ConvertOne(path, options, session, false));
  return std::move(run.builder).Verify();
}

}  // namespace tracedoc::cirron_convert
