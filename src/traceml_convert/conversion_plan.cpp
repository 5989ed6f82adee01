// docs/traceml-conversion.md: keys and duplicates, what can be placed, the spans of a step, the
// samples, the records kept on the meta, and the run's clock.
#include "traceml_convert/conversion_plan.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <string_view>

#include <boost/unordered/unordered_flat_set.hpp>

#include "emit/json_format.hpp"
#include "traceml_convert/record_json.hpp"
#include "traceml_convert/step_layout.hpp"
#include "tracedoc/event.hpp"
#include "tracedoc/traceml_convert.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::traceml_convert {

void UnknownMembers::Add(std::string_view key, std::string_view json) {
  AppendUnknownField(encoded, key, json);
  ++count;
}

void UnknownMembers::AddCount(std::string_view key, std::uint64_t value) {
  std::string json;
  emit::AppendJsonU64(json, value);
  Add(key, json);
}

namespace {

constexpr double kTwoTo64 = 18446744073709551616.0;
constexpr std::string_view kRootId = "traceml";

// A stream key as bytes: each part a presence byte, then the value (8 bytes, or the text and
// its length), so null is a value of its own and no two keys share bytes.
class KeyBytes {
 public:
  KeyBytes& Add(const std::optional<std::uint64_t>& part) {
    bytes_.push_back(part ? '\1' : '\0');
    if (part) PutU64(*part);
    return *this;
  }
  KeyBytes& Add(const std::optional<std::string>& part) {
    bytes_.push_back(part ? '\1' : '\0');
    if (!part) return *this;
    PutU64(part->size());
    bytes_.append(*part);
    return *this;
  }
  std::string Take() { return std::move(bytes_); }

 private:
  void PutU64(std::uint64_t value) {
    for (int i = 0; i < 8; ++i) bytes_.push_back(static_cast<char>((value >> (8 * i)) & 0xFF));
  }
  std::string bytes_;
};

// The keys seen in one stream: the first record of a key is converted, later ones are kept.
class SeenKeys {
 public:
  bool FirstTime(std::string key) { return keys_.insert(std::move(key)).second; }

 private:
  boost::unordered_flat_set<std::string, util::SeededHash, std::equal_to<>> keys_;
};

// A JSON array of kept records: {"line":N,"reason":R,"record":{…}}, reason only when given.
class KeptList {
 public:
  template <class Record>
  void Add(const Record& record, bool has_hostname, std::string_view reason = {}) {
    json_.append(json_.empty() ? "[" : ",");
    json_.append("{\"line\":");
    emit::AppendJsonU64(json_, record.base.line);
    if (!reason.empty()) {
      json_.append(",\"reason\":");
      emit::AppendJsonString(json_, reason);
    }
    json_.append(",\"record\":");
    AppendKept(record, has_hostname);
    json_.push_back('}');
  }
  // Adds the list as `key` when it holds a record.
  void MoveTo(UnknownMembers& unknown, std::string_view key) {
    if (json_.empty()) return;
    json_.push_back(']');
    unknown.Add(key, json_);
  }

 private:
  void AppendKept(const TraceMLStepTime& record, bool has_hostname) {
    AppendRecordJson(json_, record, has_hostname, /*with_events=*/true);
  }
  template <class Record>
  void AppendKept(const Record& record, bool has_hostname) {
    AppendRecordJson(json_, record, has_hostname);
  }
  std::string json_;
};

std::optional<std::uint64_t> Bytes(const std::optional<double>& value) {
  if (!value) return std::nullopt;
  if (!(*value > 0)) return 0;
  return *value >= kTwoTo64 ? ~std::uint64_t{0} : static_cast<std::uint64_t>(*value);
}

std::string RankDevice(std::uint64_t rank, std::string_view device) {
  return "rank" + std::to_string(rank) + "/" + std::string(device);
}

// A rank's steps, and the interval they cover.
struct RankSpans {
  std::vector<PlannedSpan> spans;
  std::uint64_t start_unix_ns = ~std::uint64_t{0};
  std::uint64_t end_unix_ns = 0;
};

class Planner {
 public:
  explicit Planner(const TraceMLExport& source)
      : source_(source), hostname_(source.has_hostname) {}

  ConversionPlan Run() {
    for (const TraceMLStepTime& record : source_.step_time) Step(record);
    for (const TraceMLStepMemory& record : source_.step_memory) StepMemory(record);
    for (const TraceMLProcess& record : source_.process) Process(record);
    for (const TraceMLSystemGpu& record : source_.system_gpu) SystemGpu(record);
    KeptList system, environment, output;
    for (const TraceMLSystem& record : source_.system) system.Add(record, hostname_);
    for (const auto& record : source_.runtime_environment) environment.Add(record, hostname_);
    for (const TraceMLOutputLine& record : source_.stdout_stderr) output.Add(record, hostname_);

    UnknownMembers& meta = plan_.meta_unknown;
    unplaced_.MoveTo(meta, "traceml_unplaced");
    duplicates_.MoveTo(meta, "traceml_duplicates");
    system.MoveTo(meta, "traceml_system");
    environment.MoveTo(meta, "traceml_runtime_environment");
    output.MoveTo(meta, "traceml_stdout_stderr");
    if (source_.closing) {
      std::string closing;
      AppendClosingJson(closing, *source_.closing);
      meta.Add("traceml_closing", closing);
    }
    std::stable_sort(plan_.samples.begin(), plan_.samples.end(),
                     [](const PlannedSample& a, const PlannedSample& b) {
                       return a.timestamp_unix_ns < b.timestamp_unix_ns;
                     });
    SetClock();
    AddSpans();
    return std::move(plan_);
  }

 private:
  // Counts a record that is not converted: a duplicate of its key, or one that cannot be placed
  // (reason given). False when the record is to be converted.
  template <class Record>
  bool Kept(const Record& record, std::string key, std::string_view unplaced_reason,
            SeenKeys& seen) {
    if (!seen.FirstTime(std::move(key))) {
      duplicates_.Add(record, hostname_);
      ++plan_.duplicate_records;
      return true;
    }
    if (unplaced_reason.empty()) return false;
    unplaced_.Add(record, hostname_, unplaced_reason);
    ++plan_.unplaced_records;
    return true;
  }

  static std::string_view Unplaceable(const TraceMLRecordBase& base,
                                      const TraceMLRankIdentity& identity) {
    if (!identity.global_rank) return "no_global_rank";
    if (!base.timestamp_unix_ns) return "no_timestamp";
    return {};
  }

  void Step(const TraceMLStepTime& record) {
    std::string_view reason = Unplaceable(record.base, record.identity);
    if (reason.empty() && !record.step) reason = "no_step";
    if (Kept(record, KeyBytes().Add(record.identity.global_rank).Add(record.step).Take(), reason,
             step_keys_)) {
      return;
    }
    const std::uint64_t rank = *record.identity.global_rank;
    const StepLayout layout = LayOutStep(record, *record.base.timestamp_unix_ns);
    RankSpans& spans = ranks_[rank];
    spans.start_unix_ns = std::min(spans.start_unix_ns, layout.interval.start_ns);
    spans.end_unix_ns = std::max(spans.end_unix_ns, layout.interval.end_ns);

    const std::string step_id = "r" + std::to_string(rank) + ".s" + std::to_string(*record.step);
    PlannedSpan& step = spans.spans.emplace_back();
    step.id = step_id;
    step.parent_id = "r" + std::to_string(rank);
    step.name = "step " + std::to_string(*record.step);
    step.start_unix_ns = layout.interval.start_ns;
    step.end_unix_ns = layout.interval.end_ns;
    step.unknown.AddCount("traceml_line", record.base.line);
    std::string json;
    AppendRecordJson(json, record, hostname_, /*with_events=*/false);
    step.unknown.Add("traceml_record", json);
    if (!layout.unplaced.empty()) {
      json = "[";
      for (const TraceMLPhaseSample* sample : layout.unplaced) {
        if (json.size() > 1) json.push_back(',');
        AppendPhaseSampleJson(json, *sample);
      }
      json.push_back(']');
      step.unknown.Add("traceml_unplaced_events", json);
    }
    for (std::size_t i = 0; i < layout.phases.size(); ++i) {
      const PhaseLayout& phase = layout.phases[i];
      const std::string phase_id = step_id + ".p" + std::to_string(i);
      AddPhaseSpan(spans, phase_id, step_id, std::string(phase.name), phase.interval,
                   phase.sample);
      for (std::size_t j = 0; j < phase.devices.size(); ++j) {
        const DeviceLayout& device = phase.devices[j];
        AddPhaseSpan(spans, phase_id + ".d" + std::to_string(j), phase_id,
                     std::string(phase.name) + " [" + device.sample->device + "]",
                     device.interval, device.sample);
      }
    }
  }

  void AddPhaseSpan(RankSpans& spans, std::string id, const std::string& parent, std::string name,
                    UnixInterval interval, const TraceMLPhaseSample* sample) {
    PlannedSpan& span = spans.spans.emplace_back();
    span.id = std::move(id);
    span.parent_id = parent;
    span.name = std::move(name);
    span.start_unix_ns = interval.start_ns;
    span.end_unix_ns = interval.end_ns;
    if (sample == nullptr) return;
    plan_.uses_gpu = plan_.uses_gpu || sample->is_gpu.value_or(false);
    std::string json;
    AppendPhaseSampleJson(json, *sample);
    span.unknown.Add("traceml_phase", json);
  }

  template <class Record>
  PlannedSample& AddSample(const Record& record, std::string device) {
    PlannedSample& sample = plan_.samples.emplace_back();
    sample.timestamp_unix_ns = *record.base.timestamp_unix_ns;
    sample.device = std::move(device);
    return sample;
  }

  template <class Record>
  void KeepWhole(PlannedSample& sample, const Record& record) {
    sample.unknown.AddCount("traceml_line", record.base.line);
    std::string json;
    AppendRecordJson(json, record, hostname_);
    sample.unknown.Add("traceml_record", json);
  }

  void StepMemory(const TraceMLStepMemory& record) {
    std::string_view reason = Unplaceable(record.base, record.identity);
    if (reason.empty() && !record.device) reason = "no_device";
    if (reason.empty() && !record.peak_alloc_bytes && !record.peak_reserved_bytes) {
      reason = "no_memory";
    }
    const std::string key = KeyBytes()
                                .Add(record.identity.global_rank)
                                .Add(record.device)
                                .Add(record.step)
                                .Take();
    if (Kept(record, key, reason, step_memory_keys_)) return;
    PlannedSample& sample =
        AddSample(record, RankDevice(*record.identity.global_rank, *record.device));
    sample.used_bytes = Bytes(record.peak_alloc_bytes);
    sample.reserved_bytes = Bytes(record.peak_reserved_bytes);
    KeepWhole(sample, record);
  }

  void Process(const TraceMLProcess& record) {
    std::string_view reason = Unplaceable(record.base, record.identity);
    if (reason.empty() && !record.gpu_mem_used_bytes && !record.gpu_mem_reserved_bytes &&
        !record.gpu_mem_total_bytes) {
      reason = "no_memory";
    }
    if (Kept(record, KeyBytes().Add(record.identity.global_rank).Add(record.identity.seq).Take(),
             reason, process_keys_)) {
      return;
    }
    const std::string device = record.gpu_device_index
                                   ? "cuda:" + std::to_string(*record.gpu_device_index)
                                   : std::string("cuda");
    PlannedSample& sample = AddSample(record, RankDevice(*record.identity.global_rank, device));
    sample.used_bytes = Bytes(record.gpu_mem_used_bytes);
    sample.reserved_bytes = Bytes(record.gpu_mem_reserved_bytes);
    sample.capacity_bytes = Bytes(record.gpu_mem_total_bytes);
    KeepWhole(sample, record);
  }

  void SystemGpu(const TraceMLSystemGpu& record) {
    std::string_view reason = Unplaceable(record.base, record.identity);
    if (reason.empty() && !record.mem_used_bytes && !record.mem_total_bytes) reason = "no_memory";
    const std::string key = KeyBytes()
                                .Add(record.identity.global_rank)
                                .Add(record.identity.seq)
                                .Add(std::optional<std::uint64_t>(record.gpu_idx))
                                .Take();
    if (Kept(record, key, reason, system_gpu_keys_)) return;
    PlannedSample& sample = AddSample(
        record, RankDevice(*record.identity.global_rank, "gpu" + std::to_string(record.gpu_idx)));
    sample.used_bytes = Bytes(record.mem_used_bytes);
    sample.capacity_bytes = Bytes(record.mem_total_bytes);
    if (record.util) {
      std::string json;
      emit::AppendJsonDouble(json, *record.util);
      sample.unknown.Add(kTraceMLGpuUtilKey, json);
    }
    KeepWhole(sample, record);
  }

  // Time 0: the earliest step start or sample; with neither, the earliest observed timestamp.
  void SetClock() {
    constexpr std::uint64_t kNone = ~std::uint64_t{0};
    std::uint64_t start = kNone;
    std::uint64_t latest = 0;
    for (const auto& [rank, spans] : ranks_) {
      start = std::min(start, spans.start_unix_ns);
      latest = std::max(latest, spans.end_unix_ns);
    }
    for (const PlannedSample& sample : plan_.samples) {
      start = std::min(start, sample.timestamp_unix_ns);
      latest = std::max(latest, sample.timestamp_unix_ns);
    }
    if (start == kNone) {
      start = EarliestObserved();
      latest = start;
    }
    plan_.uses_gpu = plan_.uses_gpu || !plan_.samples.empty();
    plan_.session_start_unix_ns = start;
    plan_.latest_unix_ns = latest;
  }

  std::uint64_t EarliestObserved() const {
    std::uint64_t earliest = ~std::uint64_t{0};
    const auto visit = [&](const auto& records) {
      for (const auto& record : records) {
        earliest = std::min(earliest, record.base.observed_timestamp_unix_ns);
      }
    };
    visit(source_.step_time);
    visit(source_.step_memory);
    visit(source_.system);
    visit(source_.system_gpu);
    visit(source_.process);
    visit(source_.runtime_environment);
    visit(source_.stdout_stderr);
    return source_.record_count() == 0 ? 0 : earliest;
  }

  void AddSpans() {
    PlannedSpan& root = plan_.spans.emplace_back();
    root.id = std::string(kRootId);
    root.name = "traceml run";
    root.start_unix_ns = plan_.session_start_unix_ns;
    root.end_unix_ns = plan_.latest_unix_ns;
    root.measured = true;
    for (auto& [rank, spans] : ranks_) {
      PlannedSpan& span = plan_.spans.emplace_back();
      span.id = "r" + std::to_string(rank);
      span.parent_id = std::string(kRootId);
      span.name = "rank " + std::to_string(rank);
      span.start_unix_ns = spans.start_unix_ns;
      span.end_unix_ns = spans.end_unix_ns;
      span.unknown.AddCount(kTraceMLRankKey, rank);
      std::move(spans.spans.begin(), spans.spans.end(), std::back_inserter(plan_.spans));
    }
    plan_.ranks = ranks_.size();
  }

  const TraceMLExport& source_;
  const bool hostname_;
  ConversionPlan plan_;
  std::map<std::uint64_t, RankSpans> ranks_;
  SeenKeys step_keys_, step_memory_keys_, process_keys_, system_gpu_keys_;
  KeptList unplaced_, duplicates_;
};

}  // namespace

ConversionPlan PlanConversion(const TraceMLExport& source) { return Planner(source).Run(); }

}  // namespace tracedoc::traceml_convert
