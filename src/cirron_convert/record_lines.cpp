// docs/cirron-conversion.md: the meta, span, device_interval, tensor_stats and terminal records
// of a converted spool.
#include "cirron_convert/record_lines.hpp"

#include <algorithm>
#include <string_view>
#include <vector>

#include "cirron_convert/spool_json.hpp"
#include "emit/iso_timestamp.hpp"
#include "emit/json_format.hpp"
#include "tracedoc/cirron_convert.hpp"
#include "tracedoc/event.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc::cirron_convert {
namespace {

constexpr std::string_view kSessionName = "cirron.session";
constexpr std::string_view kGpuDevice = "cuda";

// A record's unknown members, in UnknownFields' encoding.
class UnknownMembers {
 public:
  void Add(std::string_view key, std::string_view json) {
    AppendUnknownField(encoded_, key, json);
    ++count_;
  }
  void AddCount(std::string_view key, std::uint64_t value) {
    std::string json;
    emit::AppendJsonU64(json, value);
    Add(key, json);
  }
  void AddString(std::string_view key, std::string_view value) {
    std::string json;
    emit::AppendJsonString(json, value);
    Add(key, json);
  }
  // attrs are written only when they hold something.
  void AddAttrs(std::string_view attrs_json) {
    if (attrs_json == "{}") return;
    std::string json;
    AppendPortableJson(json, attrs_json);
    Add("cirron_attrs", json);
  }
  void AddUnknown(const std::vector<CirronUnknownKey>& unknown) {
    if (unknown.empty()) return;
    std::string json;
    AppendUnknownObject(json, unknown);
    Add("cirron_unknown", json);
  }
  template <class Record>
  void AddArray(std::string_view key, const std::vector<const Record*>& records,
                void (*append)(std::string&, const Record&)) {
    if (records.empty()) return;
    std::string json = "[";
    for (const Record* record : records) {
      if (json.size() > 1) json.push_back(',');
      append(json, *record);
    }
    json.push_back(']');
    Add(key, json);
  }
  void AddAttached(const AttachedRecords& attached) {
    AddArray(kCirronMarksKey, attached.marks, &AppendMarkJson);
    AddArray("cirron_snapshots", attached.snapshots, &AppendSnapshotJson);
  }
  UnknownFields View() const { return UnknownFields(encoded_, count_); }

 private:
  std::string encoded_;
  std::size_t count_ = 0;
};

void AppendLine(std::string& text, const Event& event) {
  AppendEventJson(text, event);
  text.push_back('\n');
}

// The run's id: the first cirron.session span's, else the first batch's.
std::string_view RunId(const CirronSpool& spool, const SpoolIndex& index) {
  for (const CirronSpan* span : index.spans) {
    if (span->name == kSessionName) return span->id;
  }
  return spool.batches.front().batch_id;
}

// infer when the spool has request spans and no epoch or step, else train.
ExecutionPhase Phase(const SpoolIndex& index) {
  bool requests = false;
  for (const CirronSpan* span : index.spans) {
    if (span->name == "epoch" || span->name == "step") return ExecutionPhase::kTrain;
    requests = requests || span->name == "request";
  }
  return requests ? ExecutionPhase::kInfer : ExecutionPhase::kTrain;
}

// The SDK versions of the batches, each once, in batch order, joined by commas.
std::string SdkVersions(const CirronSpool& spool) {
  std::vector<std::string_view> versions;
  for (const CirronBatch& batch : spool.batches) {
    if (std::find(versions.begin(), versions.end(), batch.sdk_version) == versions.end()) {
      versions.push_back(batch.sdk_version);
    }
  }
  std::string joined;
  for (const std::string_view version : versions) {
    if (!joined.empty()) joined.push_back(',');
    joined.append(version);
  }
  return joined;
}

std::optional<ExecutionStep> StepOf(std::string_view name) {
  if (name == "forward") return ExecutionStep::kForward;
  if (name == "backward") return ExecutionStep::kBackward;
  if (name == "optimizer_step") return ExecutionStep::kOptimizer;
  return std::nullopt;
}

}  // namespace

bool HasDeviceInterval(const CirronSpan& span) { return span.gpu_ns.value_or(0) > 0; }

void AppendMetaLine(std::string& text, const CirronSpool& spool, const SpoolIndex& index) {
  const std::string batches = std::to_string(spool.batches.size());
  const std::string non_finite = std::to_string(spool.non_finite_numbers);
  const std::string sdk_versions = SdkVersions(spool);
  const std::string session_start = std::to_string(index.session_start_ns);
  const std::string warnings = std::to_string(spool.warnings.size());
  // Sorted by key, as a document keeps its tags.
  const Tag tags[] = {
      {"cirron.batches", batches},
      {"cirron.non_finite_numbers", non_finite},
      {"cirron.sdk_versions", sdk_versions},
      {"cirron.session_start_ns", session_start},
      {"cirron.unresolved_references", warnings},
  };
  UnknownMembers unknown;
  std::string batch_list = "[";
  for (const CirronBatch& batch : spool.batches) {
    if (batch_list.size() > 1) batch_list.push_back(',');
    AppendBatchJson(batch_list, batch);
  }
  batch_list.push_back(']');
  unknown.Add("cirron_batches", batch_list);
  unknown.AddAttached(index.unattached);

  const std::string timestamp = emit::IsoTimestamp(index.session_start_ns);
  const std::string_view run_id = RunId(spool, index);
  MetaRecord meta;
  meta.schema = "candle-graph/trace/10";
  meta.run.run_id = run_id;
  meta.run.correlation_id = spool.batches.front().batch_id;
  meta.run.entrypoint = "cirron";
  meta.run.phase = Phase(index);
  meta.run.timestamp = timestamp;
  meta.run.capture_step = 1;
  meta.run.warmup_steps = 0;
  meta.run.device = index.has_gpu_time ? kGpuDevice : "cpu";
  meta.run.timing_mode = TimingMode::kHost;
  meta.run.tags = ArrayView<Tag>(tags, std::size(tags));
  meta.run.unknown = unknown.View();
  AppendLine(text, meta);
}

void AppendSpanStartLine(std::string& text, const CirronSpan& span,
                         const AttachedRecords& attached, const SpoolIndex& index) {
  const std::string name =
      span.index ? span.name + "[" + std::to_string(*span.index) + "]" : span.name;
  UnknownMembers unknown;
  if (span.index) unknown.AddCount("cirron_index", *span.index);
  if (span.cpu_ns) unknown.AddCount("cirron_cpu_ns", *span.cpu_ns);
  if (span.gpu_ns && !HasDeviceInterval(span)) unknown.AddCount("cirron_gpu_ns", *span.gpu_ns);
  if (span.memory_peak_bytes) {
    unknown.AddCount("cirron_memory_peak_bytes", *span.memory_peak_bytes);
  }
  unknown.AddCount("cirron_thread_id", span.thread_id);
  unknown.AddCount("cirron_pid", span.pid);
  unknown.AddCount("cirron_rank", span.rank);
  unknown.AddAttrs(span.attrs_json);
  if (!span.mark_ids.empty()) {
    std::string ids = "[";
    for (const std::string& id : span.mark_ids) {
      if (ids.size() > 1) ids.push_back(',');
      emit::AppendJsonString(ids, id);
    }
    ids.push_back(']');
    unknown.Add("cirron_mark_ids", ids);
  }
  unknown.AddAttached(attached);
  unknown.AddUnknown(span.unknown);

  SpanStartRecord start;
  start.id = span.id;
  if (span.parent_id) start.parent_id = *span.parent_id;
  start.name = name;
  start.start_ns = index.Relative(span.start_ns);
  start.span_kind = SpanKind::kFunction;
  start.measured = span.name == kSessionName;
  start.step = StepOf(span.name);
  start.unknown = unknown.View();
  AppendLine(text, start);
}

void AppendSpanEndLine(std::string& text, const CirronSpan& span) {
  SpanEndRecord end;
  end.id = span.id;
  end.duration_ns = span.end_ns - span.start_ns;
  AppendLine(text, end);
}

void AppendDeviceIntervalLine(std::string& text, const CirronSpan& span, const SpoolIndex& index) {
  DeviceIntervalRecord interval;
  interval.span_id = span.id;
  interval.device = kGpuDevice;
  interval.stream_id = "default";
  interval.clock_id = "host";
  interval.backend = "cuda";
  interval.start_ns = index.Relative(span.start_ns);
  interval.duration_ns = span.gpu_ns.value_or(0);
  AppendLine(text, interval);
}

void AppendTensorStatsLine(std::string& text, const ConvertedSnapshot& converted) {
  const CirronSnapshot& snapshot = *converted.snapshot;
  std::string mode;
  std::string stats;
  AppendStatsJson(stats, snapshot.stats);
  UnknownMembers unknown;
  unknown.AddString("cirron_id", snapshot.id);
  emit::AppendJsonString(mode, SnapshotModeName(snapshot.mode));
  unknown.Add("cirron_mode", mode);
  unknown.Add("cirron_stats", stats);
  if (snapshot.blob_uri) unknown.AddString("cirron_blob_uri", *snapshot.blob_uri);
  unknown.AddCount("cirron_ts_ns", snapshot.ts_ns);
  unknown.AddAttrs(snapshot.attrs_json);
  unknown.AddUnknown(snapshot.unknown);

  TensorStatsRecord record;
  record.span_id = snapshot.span_id;
  record.label = snapshot.tensor_name;
  record.shape = ArrayView<std::uint64_t>(snapshot.shape.data(), snapshot.shape.size());
  record.dtype = snapshot.dtype;
  record.elements = converted.stats->elements;
  record.non_finite = 0;
  record.rms = converted.stats->rms;
  record.abs_max = converted.stats->abs_max;
  record.mean = converted.stats->mean;
  record.unknown = unknown.View();
  AppendLine(text, record);
}

void AppendTerminalLine(std::string& text, const SpoolIndex& index) {
  TerminalRecord terminal;
  terminal.outcome = RunOutcome::kComplete;
  terminal.timestamp_ns = index.latest_evidence_ns;
  AppendLine(text, terminal);
}

}  // namespace tracedoc::cirron_convert
