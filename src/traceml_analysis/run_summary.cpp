// The run summary (docs/traceml-analysis.md): one walk over each stream's kept keys, which are
// sorted by rank, so every rank's steps, devices and GPUs come in ascending order.
#include "tracedoc/traceml_summary.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <span>
#include <string_view>
#include <utility>

#include "traceml_analysis/kept_records.hpp"
#include "traceml_analysis/nearest_rank.hpp"

namespace tracedoc {
namespace {

using traceml_analysis::GpuSampleKey;
using traceml_analysis::StepMemoryKey;
using traceml_analysis::StepTimeKey;

// Runs `visit(group)` for each run of `keys` whose `same(a, b)` holds between neighbours.
template <class Key, class Same, class Visit>
void ForEachGroup(const std::vector<Key>& keys, Same same, Visit visit) {
  for (std::size_t begin = 0; begin < keys.size();) {
    std::size_t end = begin + 1;
    while (end < keys.size() && same(keys[begin], keys[end])) ++end;
    visit(std::span<const Key>(keys.data() + begin, end - begin));
    begin = end;
  }
}

TraceMLRankSummary& RankOf(std::vector<TraceMLRankSummary>& ranks, std::uint64_t rank) {
  return *std::lower_bound(
      ranks.begin(), ranks.end(), rank,
      [](const TraceMLRankSummary& r, std::uint64_t value) { return r.rank < value; });
}

// A duration the rules can use; the reader admits only finite, non-negative ones.
std::optional<double> Usable(const std::optional<double>& value) {
  if (!value || !std::isfinite(*value) || *value < 0) return std::nullopt;
  return value;
}

// The gaps between consecutive distinct steps, as ranges: one range per gap, whatever its size.
void AddMissingSteps(TraceMLRankSummary& rank, std::span<const StepTimeKey> steps) {
  for (std::size_t i = 1; i < steps.size(); ++i) {
    const std::uint64_t before = steps[i - 1].step;
    const std::uint64_t after = steps[i].step;
    if (after - before < 2) continue;
    rank.missing_steps.push_back({before + 1, after - 1});
    rank.missing_step_count += after - before - 1;
  }
}

// One rank's step times and phase totals, its steps in ascending order. A step's time is the
// sum over its phases of the phase's longest device; a phase without a duration is absent.
void AddStepTimes(TraceMLRankSummary& rank, std::span<const StepTimeKey> steps,
                  const std::vector<TraceMLStepTime>& records) {
  rank.step_count = steps.size();
  rank.first_step = steps.front().step;
  rank.last_step = steps.back().step;
  AddMissingSteps(rank, steps);

  std::map<std::string_view, double> phase_totals;
  std::vector<double> step_times;
  std::vector<std::pair<std::string_view, double>> phases;  // reused for every step
  for (const StepTimeKey& step : steps) {
    phases.clear();
    for (const TraceMLPhaseSample& sample : records[step.index].events) {
      if (const auto duration = Usable(sample.duration_ms))
        phases.emplace_back(sample.name, *duration);
    }
    if (phases.empty()) continue;
    // By name, the longest device last within each name.
    std::sort(phases.begin(), phases.end());
    double step_ms = 0;
    for (std::size_t i = 0; i < phases.size(); ++i) {
      if (i + 1 < phases.size() && phases[i + 1].first == phases[i].first) continue;
      step_ms += phases[i].second;
      phase_totals[phases[i].first] += phases[i].second;
    }
    step_times.push_back(step_ms);
    rank.total_step_time_ms += step_ms;
  }
  rank.timed_step_count = step_times.size();
  rank.step_time_ms = traceml_analysis::NearestRankPercentiles(step_times);
  for (const auto& [name, total_ms] : phase_totals) {
    TraceMLPhaseShare& share = rank.phases.emplace_back();
    share.name = std::string(name);
    share.total_ms = total_ms;
    if (rank.total_step_time_ms > 0) share.share = total_ms / rank.total_step_time_ms;
  }
}

// Keeps the larger of `peak` and `value`, with the step where it was first reached (steps come
// in ascending order, so a tie keeps the earlier one).
void Raise(std::optional<double>& peak, std::optional<std::uint64_t>& peak_step,
           const std::optional<double>& value, std::uint64_t step) {
  const std::optional<double> usable = Usable(value);
  if (!usable || (peak && *usable <= *peak)) return;
  peak = usable;
  peak_step = step;
}

TraceMLDevicePeaks DevicePeaks(std::span<const StepMemoryKey> steps,
                               const std::vector<TraceMLStepMemory>& records) {
  TraceMLDevicePeaks peaks;
  peaks.device = std::string(steps.front().device);
  for (const StepMemoryKey& step : steps) {
    const TraceMLStepMemory& record = records[step.index];
    Raise(peaks.peak_alloc_bytes, peaks.peak_alloc_step, record.peak_alloc_bytes, step.step);
    Raise(peaks.peak_reserved_bytes, peaks.peak_reserved_step, record.peak_reserved_bytes,
          step.step);
  }
  return peaks;
}

TraceMLGpuSummary GpuSummary(std::span<const GpuSampleKey> samples,
                             const std::vector<TraceMLSystemGpu>& records) {
  TraceMLGpuSummary gpu;
  gpu.rank = samples.front().rank;
  gpu.gpu_idx = samples.front().gpu_idx;
  gpu.node_rank = records[samples.front().index].identity.node_rank;
  gpu.sample_count = samples.size();
  std::vector<double> util;
  std::vector<double> mem_used;
  for (const GpuSampleKey& sample : samples) {
    const TraceMLSystemGpu& record = records[sample.index];
    if (const auto value = Usable(record.util)) util.push_back(*value);
    if (const auto value = Usable(record.mem_used_bytes)) mem_used.push_back(*value);
    if (const auto total = Usable(record.mem_total_bytes)) {
      gpu.mem_total_bytes = std::max(gpu.mem_total_bytes.value_or(*total), *total);
    }
  }
  gpu.util_percent = traceml_analysis::NearestRankPercentiles(util);
  gpu.mem_used_bytes = traceml_analysis::NearestRankPercentiles(mem_used);
  return gpu;
}

// The rank with the largest median step time, ranks ascending so a tie keeps the lowest.
std::optional<TraceMLStraggler> FindStraggler(const std::vector<TraceMLRankSummary>& ranks) {
  std::optional<TraceMLStraggler> straggler;
  std::vector<double> medians;
  for (const TraceMLRankSummary& rank : ranks) {
    if (!rank.step_time_ms) continue;
    const double median = rank.step_time_ms->p50;
    medians.push_back(median);
    if (!straggler || median > straggler->median_step_ms) {
      straggler = TraceMLStraggler{};
      straggler->rank = rank.rank;
      straggler->median_step_ms = median;
    }
  }
  if (!straggler) return std::nullopt;
  straggler->median_of_rank_medians_ms = traceml_analysis::NearestRankPercentiles(medians)->p50;
  straggler->lag_ms = straggler->median_step_ms - straggler->median_of_rank_medians_ms;
  return straggler;
}

}  // namespace

TraceMLRunSummary SummarizeTraceMLRun(const TraceMLExport& run) {
  const traceml_analysis::KeptRecords kept = traceml_analysis::KeepFirstOfEachKey(run);
  TraceMLRunSummary summary;
  summary.record_count = run.record_count();
  summary.records_by_stream = {run.step_time.size(),    run.step_memory.size(),
                               run.system.size(),       run.system_gpu.size(),
                               run.process.size(),      run.runtime_environment.size(),
                               run.stdout_stderr.size()};
  summary.duplicates_ignored = kept.duplicates;
  summary.unplaced_records = kept.unplaced;
  summary.ranks.reserve(kept.ranks.size());
  for (const std::uint64_t rank : kept.ranks) summary.ranks.emplace_back().rank = rank;

  ForEachGroup(
      kept.step_time, [](const StepTimeKey& a, const StepTimeKey& b) { return a.rank == b.rank; },
      [&](std::span<const StepTimeKey> steps) {
        AddStepTimes(RankOf(summary.ranks, steps.front().rank), steps, run.step_time);
      });
  ForEachGroup(
      kept.step_memory,
      [](const StepMemoryKey& a, const StepMemoryKey& b) {
        return a.rank == b.rank && a.device == b.device;
      },
      [&](std::span<const StepMemoryKey> steps) {
        RankOf(summary.ranks, steps.front().rank)
            .memory.push_back(DevicePeaks(steps, run.step_memory));
      });
  ForEachGroup(
      kept.system_gpu,
      [](const GpuSampleKey& a, const GpuSampleKey& b) {
        return a.rank == b.rank && a.gpu_idx == b.gpu_idx;
      },
      [&](std::span<const GpuSampleKey> samples) {
        summary.gpus.push_back(GpuSummary(samples, run.system_gpu));
      });
  summary.straggler = FindStraggler(summary.ranks);
  return summary;
}

}  // namespace tracedoc

namespace tracedoc {

Result<TraceMLRunSummary> SummarizeTraceMLExport(const TraceInput& input,
                                                 const TraceMLReadOptions& options) {
  BOOST_OUTCOME_TRY(const TraceMLExport records, ReadTraceMLExport(input, options));
  return SummarizeTraceMLRun(records);
}

}  // namespace tracedoc
