// The run summary's JSON (docs/traceml-analysis.md, "JSON"): every key always present, in the
// order of the document; a value the run did not give is `null`, not omitted.
#include <array>
#include <cstdint>
#include <optional>
#include <ostream>

#include "emit/json_emitter.hpp"
#include "tracedoc/traceml_summary.hpp"

namespace tracedoc {
namespace {

void DoubleOrNull(emit::JsonEmitter& json, const std::optional<double>& value) {
  if (value) {
    json.Double(*value);
  } else {
    json.Null();
  }
}

void PerStream(emit::JsonEmitter& json, std::string_view key,
               const std::array<std::uint64_t, kTraceMLStreamCount>& counts) {
  json.Key(key).BeginObject();
  for (int i = 0; i < kTraceMLStreamCount; ++i) {
    json.Key(TraceMLStreamName(static_cast<TraceMLStream>(i)))
        .U64(counts[static_cast<std::size_t>(i)]);
  }
  json.EndObject();
}

void Percentiles(emit::JsonEmitter& json, std::string_view key,
                 const std::optional<TraceMLPercentiles>& percentiles) {
  json.Key(key);
  if (!percentiles) {
    json.Null();
    return;
  }
  json.BeginObject();
  json.Key("p50").Double(percentiles->p50);
  json.Key("p90").Double(percentiles->p90);
  json.Key("p99").Double(percentiles->p99);
  json.Key("max").Double(percentiles->max);
  json.EndObject();
}

void Rank(emit::JsonEmitter& json, const TraceMLRankSummary& rank) {
  json.BeginObject();
  json.Key("rank").U64(rank.rank);
  json.Key("step_count").U64(rank.step_count);
  json.Key("first_step").U64OrNull(rank.first_step);
  json.Key("last_step").U64OrNull(rank.last_step);
  json.Key("timed_step_count").U64(rank.timed_step_count);
  Percentiles(json, "step_time_ms", rank.step_time_ms);
  json.Key("total_step_time_ms").Double(rank.total_step_time_ms);
  json.Key("phases").BeginArray();
  for (const TraceMLPhaseShare& phase : rank.phases) {
    json.BeginObject();
    json.Key("name").String(phase.name);
    json.Key("total_ms").Double(phase.total_ms);
    json.Key("share");
    DoubleOrNull(json, phase.share);
    json.EndObject();
  }
  json.EndArray();
  json.Key("missing_step_count").U64(rank.missing_step_count);
  json.Key("missing_steps").BeginArray();
  for (const TraceMLStepRange& range : rank.missing_steps) {
    json.BeginArray();
    json.U64(range.first);
    json.U64(range.last);
    json.EndArray();
  }
  json.EndArray();
  json.Key("memory").BeginArray();
  for (const TraceMLDevicePeaks& device : rank.memory) {
    json.BeginObject();
    json.Key("device").String(device.device);
    json.Key("peak_alloc_bytes");
    DoubleOrNull(json, device.peak_alloc_bytes);
    json.Key("peak_alloc_step").U64OrNull(device.peak_alloc_step);
    json.Key("peak_reserved_bytes");
    DoubleOrNull(json, device.peak_reserved_bytes);
    json.Key("peak_reserved_step").U64OrNull(device.peak_reserved_step);
    json.EndObject();
  }
  json.EndArray();
  json.EndObject();
}

void Straggler(emit::JsonEmitter& json, const std::optional<TraceMLStraggler>& straggler) {
  json.Key("straggler");
  if (!straggler) {
    json.Null();
    return;
  }
  json.BeginObject();
  json.Key("rank").U64(straggler->rank);
  json.Key("median_step_ms").Double(straggler->median_step_ms);
  json.Key("median_of_rank_medians_ms").Double(straggler->median_of_rank_medians_ms);
  json.Key("lag_ms").Double(straggler->lag_ms);
  json.EndObject();
}

void Gpu(emit::JsonEmitter& json, const TraceMLGpuSummary& gpu) {
  json.BeginObject();
  json.Key("rank").U64(gpu.rank);
  json.Key("node_rank").U64OrNull(gpu.node_rank);
  json.Key("gpu_idx").U64(gpu.gpu_idx);
  json.Key("sample_count").U64(gpu.sample_count);
  Percentiles(json, "util_percent", gpu.util_percent);
  Percentiles(json, "mem_used_bytes", gpu.mem_used_bytes);
  json.Key("mem_total_bytes");
  DoubleOrNull(json, gpu.mem_total_bytes);
  json.EndObject();
}

void EmitRunSummary(emit::JsonEmitter& json, const TraceMLRunSummary& summary) {
  json.BeginObject();
  json.Key("record_count").U64(summary.record_count);
  PerStream(json, "records_by_stream", summary.records_by_stream);
  PerStream(json, "duplicates_ignored", summary.duplicates_ignored);
  PerStream(json, "unplaced_records", summary.unplaced_records);
  json.Key("ranks").BeginArray();
  for (const TraceMLRankSummary& rank : summary.ranks) Rank(json, rank);
  json.EndArray();
  Straggler(json, summary.straggler);
  json.Key("gpus").BeginArray();
  for (const TraceMLGpuSummary& gpu : summary.gpus) Gpu(json, gpu);
  json.EndArray();
  json.EndObject();
}

}  // namespace

void WriteTraceMLRunSummaryJson(const TraceMLRunSummary& summary, std::ostream& out,
                                const WriteOptions& options) {
  emit::EmitJson(out, options.pretty, EmitRunSummary, summary);
}

}  // namespace tracedoc
