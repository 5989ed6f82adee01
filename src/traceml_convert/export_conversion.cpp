// The conversion as a sink of the export reader (docs/traceml-conversion.md, rule by rule): each
// placed record becomes trace records as soon as its line is read, folded by the
// DocumentBuilder's rules; what only the whole export tells (time 0, the rank spans, the meta,
// the samples' order in time) is settled once the last line is read.
#include "traceml_convert/export_conversion.hpp"

#include <algorithm>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "emit/iso_timestamp.hpp"
#include "emit/json_emitter.hpp"
#include "emit/json_format.hpp"
#include "emit/json_sink.hpp"
#include "fold/builder_access.hpp"
#include "format/record_traits.hpp"
#include "format/unknown_members.hpp"
#include "traceml/export_reader.hpp"
#include "traceml/stream_tables.hpp"
#include "traceml_convert/step_layout.hpp"
#include "tracedoc/document_builder.hpp"
#include "tracedoc/converted_facts.hpp"
#include "util/stable_order.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::traceml_convert {
namespace {

using traceml::RecordSource;

constexpr std::string_view kRootId = "traceml";
constexpr double kTwoTo64 = 18446744073709551616.0;
constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();
/// The most of a phase's name a device span repeats (docs/traceml-conversion.md, "Spans").
constexpr std::size_t kDeviceSpanNameBytes = 64;

// The four streams whose records become trace records; their kept lists go to the meta in
// this order (each in file order), as the conversion has always listed them.
enum class Placed : std::uint8_t { kStepTime, kStepMemory, kProcess, kSystemGpu };
constexpr std::size_t kPlacedStreams = 4;

using format::UnknownMembers;

// Writes JSON with the one emitter, appended to `out`.
template <class Write>
void AppendJson(std::string& out, Write write) {
  emit::JsonSink sink(out, /*pretty=*/false);
  emit::JsonEmitter json(sink);
  write(json);
}

template <class View>
void AppendRecord(std::string& out, const View& view, const RecordSource& at, bool events = true) {
  AppendJson(out, [&](emit::JsonEmitter& json) {
    traceml::WriteRecord(json, view, {.has_hostname = at.has_hostname, .events = events});
  });
}

// `{"name":…,"device":…,"is_gpu":…,…, its unknown members}`; a device span's leaves `name` to
// its phase's span.
void AppendPhaseSample(std::string& out, const traceml::PhaseSampleView& sample, bool with_name) {
  AppendJson(out, [&](emit::JsonEmitter& json) {
    json.BeginObject();
    if (with_name) json.PlainKey("name").String(sample.name);
    json.PlainKey("device").String(sample.device);
    format::WriteFields(json, traceml::PhaseSampleFields(), sample, sample.unknown);
    json.EndObject();
  });
}

// A JSON array of kept records, `{"line":N,"reason":R,"record":{…}}` each, built as they come.
class KeptList {
 public:
  template <class View>
  void Add(const View& view, const RecordSource& at, std::string_view reason = {}) {
    json_.append(json_.empty() ? "[" : ",");
    json_.append("{\"line\":");
    emit::AppendJsonU64(json_, at.line);
    if (!reason.empty()) {
      json_.append(",\"reason\":");
      emit::AppendJsonString(json_, reason);
    }
    json_.append(",\"record\":");
    AppendRecord(json_, view, at);
    json_.push_back('}');
  }
  bool empty() const { return json_.empty(); }
  /// Appends the list's items (without its brackets) to `items`.
  void AppendItems(std::string& items) const {
    if (json_.empty()) return;
    items.append(items.empty() ? "[" : ",");
    items.append(std::string_view(json_).substr(1));
  }
  /// Adds the list as `key` when it holds a record.
  void MoveTo(UnknownMembers& unknown, std::string_view key) {
    if (json_.empty()) return;
    json_.push_back(']');
    unknown.Add(key, json_);
  }

 private:
  std::string json_;
};

std::optional<std::uint64_t> Bytes(const std::optional<double>& value) {
  if (!value) return std::nullopt;
  if (!(*value > 0)) return 0;
  return *value >= kTwoTo64 ? ~std::uint64_t{0} : static_cast<std::uint64_t>(*value);
}

// `name` cut to `max_bytes` at a character boundary, with `…` when cut.
std::string_view CutName(std::string_view name, std::size_t max_bytes, bool& cut) {
  cut = name.size() > max_bytes;
  if (!cut) return name;
  std::size_t end = max_bytes;
  while (end > 0 && (static_cast<unsigned char>(name[end]) & 0xC0) == 0x80) --end;
  return name.substr(0, end);
}

// The reason a record cannot be placed, when it lacks a rank or a time.
std::string_view Unplaceable(const traceml::RecordHead& head) {
  if (!head.global_rank) return "no_global_rank";
  if (!head.timestamp_unix_ns) return "no_timestamp";
  return {};
}

class ExportConverter final : public traceml::ExportSink {
 public:
  explicit ExportConverter(DocumentBuilder& builder) : builder_(builder) {
    MetaRecord placeholder;
    placeholder.schema = kSchema;
    Add(placeholder);
  }

  void OnStepTime(const traceml::StepTimeView& record, const RecordSource& at) override {
    Observed(record.head);
    std::string_view reason = Unplaceable(record.head);
    if (reason.empty() && !record.step) reason = "no_step";
    if (Kept(Placed::kStepTime, record, at, reason)) return;
    const std::uint64_t rank = *record.head.global_rank;
    LayOutStep(record.events.samples, *record.head.timestamp_unix_ns, layout_);
    auto [rank_at, added] = ranks_.try_emplace(rank, RankSpan{kNone, 0});
    rank_at->second.start_ns = std::min(rank_at->second.start_ns, layout_.interval.start_ns);
    rank_at->second.end_ns = std::max(rank_at->second.end_ns, layout_.interval.end_ns);

    parent_id_ = "r" + std::to_string(rank);
    step_id_ = parent_id_ + ".s" + std::to_string(*record.step);
    name_ = "step " + std::to_string(*record.step);
    unknown_.Clear();
    unknown_.AddCount("traceml_line", at.line);
    json_.clear();
    AppendRecord(json_, record, at, /*events=*/false);
    unknown_.Add("traceml_record", json_);
    if (!layout_.unplaced.empty()) {
      json_ = "[";
      for (const traceml::PhaseSampleView* sample : layout_.unplaced) {
        if (json_.size() > 1) json_.push_back(',');
        AppendPhaseSample(json_, *sample, /*with_name=*/true);
      }
      json_.push_back(']');
      unknown_.Add("traceml_unplaced_events", json_);
    }
    AddSpan(step_id_, parent_id_, name_, layout_.interval, false);

    for (std::size_t i = 0; i < layout_.phases.size(); ++i) {
      const PhaseLayout& phase = layout_.phases[i];
      phase_id_ = step_id_ + ".p" + std::to_string(i);
      unknown_.Clear();
      if (phase.sample != nullptr) PhaseUnknown(*phase.sample, /*with_name=*/true);
      AddSpan(phase_id_, step_id_, phase.name, phase.interval, false);
      if (phase.device_count == 0) continue;
      // The device spans say which phase they belong to by their parent: their names and their
      // samples repeat a bounded part of its name only (docs/traceml-conversion.md).
      bool cut = false;
      const std::string_view shown = CutName(phase.name, kDeviceSpanNameBytes, cut);
      for (std::size_t j = 0; j < phase.device_count; ++j) {
        const DeviceLayout& device = layout_.devices[phase.first_device + j];
        name_.assign(shown);
        if (cut) name_ += "…";
        name_ += " [";
        name_ += device.sample->device;
        name_ += ']';
        unknown_.Clear();
        PhaseUnknown(*device.sample, /*with_name=*/false);
        AddSpan(phase_id_ + ".d" + std::to_string(j), phase_id_, name_, device.interval, false);
      }
    }
  }

  void OnStepMemory(const traceml::StepMemoryView& record, const RecordSource& at) override {
    Observed(record.head);
    std::string_view reason = Unplaceable(record.head);
    if (reason.empty() && !record.device) reason = "no_device";
    if (reason.empty() && !record.peak_alloc_bytes && !record.peak_reserved_bytes) {
      reason = "no_memory";
    }
    if (Kept(Placed::kStepMemory, record, at, reason)) return;
    DeviceMemoryRecord sample;
    sample.used_bytes = Bytes(record.peak_alloc_bytes);
    sample.reserved_bytes = Bytes(record.peak_reserved_bytes);
    unknown_.Clear();
    AddSample(record, at, Placed::kStepMemory, *record.device, sample);
  }

  void OnProcess(const traceml::ProcessView& record, const RecordSource& at) override {
    Observed(record.head);
    std::string_view reason = Unplaceable(record.head);
    if (reason.empty() && !record.gpu_mem_used_bytes && !record.gpu_mem_reserved_bytes &&
        !record.gpu_mem_total_bytes) {
      reason = "no_memory";
    }
    if (Kept(Placed::kProcess, record, at, reason)) return;
    DeviceMemoryRecord sample;
    sample.used_bytes = Bytes(record.gpu_mem_used_bytes);
    sample.reserved_bytes = Bytes(record.gpu_mem_reserved_bytes);
    sample.capacity_bytes = Bytes(record.gpu_mem_total_bytes);
    const std::string device = record.gpu_device_index
                                   ? "cuda:" + std::to_string(*record.gpu_device_index)
                                   : std::string("cuda");
    unknown_.Clear();
    AddSample(record, at, Placed::kProcess, device, sample);
  }

  void OnSystemGpu(const traceml::SystemGpuView& record, const RecordSource& at) override {
    Observed(record.head);
    std::string_view reason = Unplaceable(record.head);
    if (reason.empty() && !record.mem_used_bytes && !record.mem_total_bytes) reason = "no_memory";
    if (Kept(Placed::kSystemGpu, record, at, reason)) return;
    DeviceMemoryRecord sample;
    sample.used_bytes = Bytes(record.mem_used_bytes);
    sample.capacity_bytes = Bytes(record.mem_total_bytes);
    unknown_.Clear();
    if (record.util) {
      json_.clear();
      emit::AppendJsonDouble(json_, *record.util);
      unknown_.Add(kTraceMLGpuUtilKey, json_);
    }
    AddSample(record, at, Placed::kSystemGpu, "gpu" + std::to_string(record.gpu_idx), sample);
  }

  void OnSystem(const traceml::SystemView& record, const RecordSource& at) override {
    Observed(record.head);
    system_.Add(record, at);
  }
  void OnRuntimeEnvironment(const traceml::RuntimeEnvironmentView& record,
                            const RecordSource& at) override {
    Observed(record.head);
    environment_.Add(record, at);
  }
  void OnOutputLine(const traceml::OutputLineView& record, const RecordSource& at) override {
    Observed(record.head);
    output_.Add(record, at);
  }

  void OnClosingLine(const traceml::ClosingLineView& closing, const RecordSource& at) override {
    closing_.clear();
    AppendJson(closing_, [&](emit::JsonEmitter& json) {
      json.BeginObject();
      json.PlainMember("written_records", closing.written_records);
      json.PlainMember("dropped_batches", closing.dropped_batches);
      format::WriteUnknown(json, closing.unknown);
      json.PlainMember("line", at.line);
      json.EndObject();
    });
  }

  /// Settles what the whole export decides and adds the terminal.
  Result<void> Finish(const traceml::ExportTotals& totals) {
    if (failed_) return *failed_;
    // Time 0: the earliest step start or sample; with neither, the earliest observed timestamp.
    std::uint64_t origin = kNone;
    std::uint64_t latest = 0;
    for (const auto& [rank, span] : ranks_) {
      origin = std::min(origin, span.start_ns);
      latest = std::max(latest, span.end_ns);
    }
    for (const SampleOrder& sample : sample_order_) {
      origin = std::min(origin, sample.unix_ns);
      latest = std::max(latest, sample.unix_ns);
    }
    if (origin == kNone) {
      origin = totals.record_count() == 0 ? 0 : earliest_observed_;
      latest = origin;
    }
    uses_gpu_ = uses_gpu_ || !sample_order_.empty();

    // The root and the rank spans, known once every step is.
    unknown_.Clear();
    AddSpan(kRootId, std::nullopt, "traceml run", {origin, latest}, true);
    for (const auto& [rank, span] : ranks_) {
      unknown_.Clear();
      unknown_.AddCount(kTraceMLRankKey, rank);
      AddSpan("r" + std::to_string(rank), kRootId, "rank " + std::to_string(rank),
              {span.start_ns, span.end_ns}, false);
    }
    detail::BuilderAccess::AdoptShard(builder_, std::move(strings_));
    detail::BuilderAccess::ShiftTimes(builder_, origin);
    ReorderSamples();
    SetMeta(totals, origin);

    TerminalRecord terminal;
    terminal.outcome = RunOutcome::kComplete;
    terminal.timestamp_ns = latest - origin;
    Add(terminal);
    if (failed_) return *failed_;
    return boost::outcome_v2::success();
  }

 private:
  struct RankSpan {
    std::uint64_t start_ns = 0;
    std::uint64_t end_ns = 0;
  };
  // What orders the samples: their time, then their stream (step_memory, process, system_gpu),
  // then the order they came in.
  struct SampleOrder {
    std::uint64_t unix_ns = 0;
    Placed stream = Placed::kStepMemory;
  };

  // Adds a record, its strings copied into the converter's own pool, which the document adopts
  // at the end: the document's pool would index every string it is given, and nearly all of
  // a conversion's are distinct (ids, records kept whole). This pool forgets which strings it
  // holds every so often, so its index stays small; repeated ones (devices, phase names) are
  // still stored about once.
  template <class Record>
  void Add(Record record) {
    if (failed_) return;
    if constexpr (std::is_same_v<Record, MetaRecord> || std::is_same_v<Record, TerminalRecord>) {
      // The fold keeps these itself.
      Result<void> added = builder_.Add(Event(record), RecordPosition{0, records_++});
      if (!added) failed_ = added.error();
    } else {
      // Every record the document keeps (spans too) is a row, interned into this pool by the
      // builder, once.
      Result<void> added = detail::BuilderAccess::AddOwned(
          builder_, Event(record), RecordPosition{0, records_++}, strings_.get());
      if (!added) failed_ = added.error();
      if (++interned_ % kForgetEvery == 0) strings_->ForgetIndex();
    }
  }

  void Observed(const traceml::RecordHead& head) {
    earliest_observed_ = std::min(earliest_observed_, head.observed_timestamp_unix_ns);
  }

  // A record that is not converted: a later one of its key (kept whole in traceml_duplicates),
  // or one that cannot be placed (`reason`, kept in traceml_unplaced). False when the record is
  // to be converted. The first record of a key decides, in file order.
  template <class View>
  bool Kept(Placed stream, const View& record, const RecordSource& at, std::string_view reason) {
    const auto s = static_cast<std::size_t>(stream);
    if (at.first_of_key) {
      duplicates_[s].Add(record, at);
      ++duplicate_records_;
      return true;
    }
    if (reason.empty()) return false;
    unplaced_[s].Add(record, at, reason);
    ++unplaced_records_;
    return true;
  }

  // traceml_phase: the sample as written; a device span's without the name its parent has.
  void PhaseUnknown(const traceml::PhaseSampleView& sample, bool with_name) {
    uses_gpu_ = uses_gpu_ || sample.is_gpu.value_or(false);
    json_.clear();
    AppendPhaseSample(json_, sample, with_name);
    unknown_.Add("traceml_phase", json_);
  }

  // A span_start with the members in unknown_, and its span_end; times in Unix nanoseconds
  // until ShiftTimes.
  void AddSpan(std::string_view id, std::optional<std::string_view> parent, std::string_view name,
               UnixInterval interval, bool measured) {
    SpanStartRecord start;
    start.id = id;
    start.parent_id = parent;
    start.name = name;
    start.start_ns = interval.start_ns;
    start.span_kind = SpanKind::kFunction;
    start.measured = measured;
    start.unknown = unknown_.View();
    Add(start);
    SpanEndRecord end;
    end.id = id;
    end.duration_ns = interval.end_ns - interval.start_ns;
    Add(end);
  }

  // A device_memory sample on `rankR/DEVICE`, after the members already in unknown_ the
  // record's line and the record whole.
  template <class View>
  void AddSample(const View& record, const RecordSource& at, Placed stream,
                 std::string_view device, DeviceMemoryRecord& sample) {
    const std::uint64_t unix_ns = *record.head.timestamp_unix_ns;
    device_ = "rank" + std::to_string(*record.head.global_rank) + "/";
    device_ += device;
    unknown_.AddCount("traceml_line", at.line);
    json_.clear();
    AppendRecord(json_, record, at);
    unknown_.Add("traceml_record", json_);
    sample.timestamp_ns = unix_ns;
    sample.device = device_;
    sample.unknown = unknown_.View();
    Add(sample);
    sample_order_.push_back({unix_ns, stream});
  }

  void ReorderSamples() {
    const std::vector<std::uint32_t> order = util::StableOrder<std::uint32_t>(
        sample_order_.size(), [&](std::uint32_t a, std::uint32_t b) {
          const SampleOrder& x = sample_order_[a];
          const SampleOrder& y = sample_order_[b];
          return x.unix_ns != y.unix_ns ? x.unix_ns < y.unix_ns : x.stream < y.stream;
        });
    detail::BuilderAccess::Reorder(builder_, format::kVariantIndex<DeviceMemoryRecord>, order);
    sample_order_ = {};
  }

  void SetMeta(const traceml::ExportTotals& totals, std::uint64_t origin) {
    const std::string duplicates = std::to_string(duplicate_records_);
    const std::string ranks = std::to_string(ranks_.size());
    const std::string records = std::to_string(totals.record_count());
    const std::string session_start = std::to_string(origin);
    const std::string unplaced = std::to_string(unplaced_records_);
    const std::string warnings = std::to_string(totals.warnings);
    // Sorted by key, as a document keeps its tags.
    const Tag tags[] = {
        {kTraceMLSourceTag, kTraceMLSourceValue},
        {"traceml.duplicate_records", duplicates},
        {"traceml.has_hostname", totals.has_hostname ? "true" : "false"},
        {"traceml.ranks", ranks},
        {"traceml.records", records},
        {"traceml.session_start_unix_ns", session_start},
        {"traceml.unplaced_records", unplaced},
        {"traceml.warnings", warnings},
    };
    UnknownMembers meta;
    std::string list;
    for (const KeptList& kept : unplaced_) kept.AppendItems(list);
    if (!list.empty()) meta.Add("traceml_unplaced", list.append("]"));
    list.clear();
    for (const KeptList& kept : duplicates_) kept.AppendItems(list);
    if (!list.empty()) meta.Add("traceml_duplicates", list.append("]"));
    list = std::string();
    system_.MoveTo(meta, "traceml_system");
    environment_.MoveTo(meta, "traceml_runtime_environment");
    output_.MoveTo(meta, "traceml_stdout_stderr");
    if (!closing_.empty()) meta.Add("traceml_closing", closing_);

    const std::string run_id = "traceml-" + session_start;
    const std::string timestamp = emit::IsoTimestamp(origin);
    TraceRunMeta run;
    run.run_id = run_id;
    run.correlation_id = run_id;
    run.entrypoint = "traceml";
    run.phase = ExecutionPhase::kTrain;
    run.timestamp = timestamp;
    run.capture_step = 1;
    run.warmup_steps = 0;
    run.device = uses_gpu_ ? "cuda" : "cpu";
    run.timing_mode = TimingMode::kHost;
    run.tags = ArrayView<Tag>(tags, std::size(tags));
    run.unknown = meta.View();
    detail::BuilderAccess::ReplaceRun(builder_, run);
  }

  // Records between two clearings of the pool's index.
  static constexpr std::uint64_t kForgetEvery = 4096;

  DocumentBuilder& builder_;
  // Of the document's directory: the rows the builder interns here keep their refs when the
  // document adopts the pool.
  std::unique_ptr<util::StringPool> strings_ = std::make_unique<util::StringPool>(
      util::PoolMode::kIntern, detail::BuilderAccess::Directory(builder_));
  std::uint64_t interned_ = 0;
  std::uint64_t records_ = 0;
  std::optional<Error> failed_;
  // Reused from record to record.
  StepLayout layout_;
  UnknownMembers unknown_;
  std::string json_;
  std::string name_;
  std::string parent_id_;
  std::string step_id_;
  std::string phase_id_;
  std::string device_;
  // By rank, ascending: the interval its steps cover.
  std::map<std::uint64_t, RankSpan> ranks_;
  std::vector<SampleOrder> sample_order_;
  std::uint64_t earliest_observed_ = kNone;
  bool uses_gpu_ = false;
  std::uint64_t duplicate_records_ = 0;
  std::uint64_t unplaced_records_ = 0;
  std::array<KeptList, kPlacedStreams> unplaced_;
  std::array<KeptList, kPlacedStreams> duplicates_;
  KeptList system_;
  KeptList environment_;
  KeptList output_;
  std::string closing_;
};

}  // namespace

Result<TraceDocument> ConvertExport(const TraceInput& input,
                                    const ExportConversionOptions& options) {
  BuildOptions build;
  build.threads = options.threads;
  DocumentBuilder builder(build);
  ExportConverter converter(builder);
  DiagnosticLog ignored;
  BOOST_OUTCOME_TRY(const traceml::ExportTotals totals,
                    traceml::ReadExport(input, options.read, converter, options.LogOr(ignored)));
  BOOST_OUTCOME_TRY(converter.Finish(totals));
  return std::move(builder).Finish();
}

Result<void> CheckExport(const TraceInput& input, const ExportConversionOptions& options) {
  // Every export that reads converts: the reader's rules are the checks, and its memory is the
  // keys it has seen.
  traceml::ExportSink nothing;
  DiagnosticLog ignored;
  BOOST_OUTCOME_TRY(traceml::ReadExport(input, options.read, nothing, options.LogOr(ignored)));
  return boost::outcome_v2::success();
}

}  // namespace tracedoc::traceml_convert
