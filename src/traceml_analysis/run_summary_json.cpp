// The run summary's JSON (docs/traceml-analysis.md, "JSON"): every key always present, in the
// order of the document; a value the run did not give is `null`, not omitted.
#include <boost/describe/class.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <ostream>

#include "emit/described_json.hpp"
#include "emit/json_emitter.hpp"
#include "tracedoc/traceml_summary.hpp"

namespace tracedoc {

// The objects written member for member (emit/described_json.hpp), in their JSON's order; a
// value the run did not give is `null`.
BOOST_DESCRIBE_STRUCT(TraceMLPercentiles, (), (p50, p90, p99, max))
BOOST_DESCRIBE_STRUCT(TraceMLPhaseShare, (), (name, total_ms, share))
BOOST_DESCRIBE_STRUCT(TraceMLDevicePeaks, (),
                      (device, peak_alloc_bytes, peak_alloc_step, peak_reserved_bytes,
                       peak_reserved_step))
BOOST_DESCRIBE_STRUCT(TraceMLRankSummary, (),
                      (rank, step_count, first_step, last_step, timed_step_count, step_time_ms,
                       total_step_time_ms, phases, missing_step_count, missing_steps, memory))
BOOST_DESCRIBE_STRUCT(TraceMLStraggler, (),
                      (rank, median_step_ms, median_of_rank_medians_ms, lag_ms))
BOOST_DESCRIBE_STRUCT(TraceMLGpuSummary, (),
                      (rank, node_rank, gpu_idx, sample_count, util_percent, mem_used_bytes,
                       mem_total_bytes))

/// A range of missing steps as the pair `[first, last]`.
void EmitJsonValue(emit::JsonEmitter& json, const TraceMLStepRange& range) {
  json.BeginArray();
  json.U64(range.first);
  json.U64(range.last);
  json.EndArray();
}

namespace {

void PerStream(emit::JsonEmitter& json, std::string_view key,
               const std::array<std::uint64_t, kTraceMLStreamCount>& counts) {
  json.Key(key).BeginObject();
  for (int i = 0; i < kTraceMLStreamCount; ++i) {
    json.Key(TraceMLStreamName(static_cast<TraceMLStream>(i)))
        .U64(counts[static_cast<std::size_t>(i)]);
  }
  json.EndObject();
}

void EmitRunSummary(emit::JsonEmitter& json, const TraceMLRunSummary& summary) {
  json.BeginObject();
  json.Key("record_count").U64(summary.record_count);
  PerStream(json, "records_by_stream", summary.records_by_stream);
  PerStream(json, "duplicates_ignored", summary.duplicates_ignored);
  PerStream(json, "unplaced_records", summary.unplaced_records);
  emit::EmitDescribedValue(json.Key("ranks"), summary.ranks);
  emit::EmitDescribedValue(json.Key("straggler"), summary.straggler);
  emit::EmitDescribedValue(json.Key("gpus"), summary.gpus);
  json.EndObject();
}

}  // namespace

void WriteTraceMLRunSummaryJson(const TraceMLRunSummary& summary, std::ostream& out,
                                const WriteOptions& options) {
  emit::EmitJson(out, options.pretty, EmitRunSummary, summary);
}

}  // namespace tracedoc
