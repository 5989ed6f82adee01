// The accumulator's intake, and the summary it makes: each stream's entries sorted by key (not
// hashed, so no input makes the work quadratic), the first of each key kept, then one walk per
// stream in (rank, …) order.
#include "traceml_analysis/run_accumulator.hpp"

#include <map>
#include <span>

#include "traceml_analysis/nearest_rank.hpp"

namespace tracedoc::traceml_analysis {
namespace {

constexpr std::size_t StreamIndex(TraceMLStream stream) { return static_cast<std::size_t>(stream); }

// Sorts `entries` by key, then file order, and keeps the first of each key; returns how many it
// dropped.
template <class Entry>
std::uint64_t KeepFirst(std::vector<Entry>& entries) {
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return a.key() < b.key() || (a.key() == b.key() && a.index < b.index);
  });
  std::size_t kept = 0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    if (kept != 0 && entries[kept - 1].key() == entries[i].key()) continue;
    entries[kept++] = entries[i];
  }
  const std::uint64_t dropped = entries.size() - kept;
  entries.resize(kept);
  return dropped;
}

// Runs `visit(group)` for each run of `entries` whose `same(a, b)` holds between neighbours.
template <class Entry, class Same, class Visit>
void ForEachGroup(const std::vector<Entry>& entries, Same same, Visit visit) {
  for (std::size_t begin = 0; begin < entries.size();) {
    std::size_t end = begin + 1;
    while (end < entries.size() && same(entries[begin], entries[end])) ++end;
    visit(std::span<const Entry>(entries.data() + begin, end - begin));
    begin = end;
  }
}

TraceMLRankSummary& RankOf(std::vector<TraceMLRankSummary>& ranks, std::uint64_t rank) {
  return *std::lower_bound(
      ranks.begin(), ranks.end(), rank,
      [](const TraceMLRankSummary& r, std::uint64_t value) { return r.rank < value; });
}

// The gaps between consecutive distinct steps, as ranges: one range per gap, whatever its size.
void AddMissingSteps(TraceMLRankSummary& rank, std::span<const StepEntry> steps) {
  for (std::size_t i = 1; i < steps.size(); ++i) {
    const std::uint64_t before = steps[i - 1].step;
    const std::uint64_t after = steps[i].step;
    if (after - before < 2) continue;
    rank.missing_steps.push_back({before + 1, after - 1});
    rank.missing_step_count += after - before - 1;
  }
}

// One rank's step times and phase totals, its steps in ascending order, so that the file's
// interleaving does not change the sums' last bits.
void AddStepTimes(TraceMLRankSummary& rank, std::span<const StepEntry> steps,
                  const std::vector<PhaseTime>& phases) {
  rank.step_count = steps.size();
  rank.first_step = steps.front().step;
  rank.last_step = steps.back().step;
  AddMissingSteps(rank, steps);
  std::map<std::string_view, double> phase_totals;
  std::vector<double> step_times;
  for (const StepEntry& step : steps) {
    if (step.phase_count == 0) continue;
    for (std::uint32_t i = 0; i < step.phase_count; ++i) {
      const PhaseTime& phase = phases[step.first_phase + i];
      phase_totals[phase.name] += phase.ms;
    }
    step_times.push_back(step.step_ms);
    rank.total_step_time_ms += step.step_ms;
  }
  rank.timed_step_count = step_times.size();
  rank.step_time_ms = NearestRankPercentiles(step_times);
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
  if (!value || (peak && *value <= *peak)) return;
  peak = value;
  peak_step = step;
}

TraceMLDevicePeaks DevicePeaks(std::span<const MemoryEntry> steps) {
  TraceMLDevicePeaks peaks;
  peaks.device = std::string(steps.front().device);
  for (const MemoryEntry& step : steps) {
    Raise(peaks.peak_alloc_bytes, peaks.peak_alloc_step, step.alloc, step.step);
    Raise(peaks.peak_reserved_bytes, peaks.peak_reserved_step, step.reserved, step.step);
  }
  return peaks;
}

TraceMLGpuSummary GpuSummary(std::span<const GpuEntry> samples) {
  TraceMLGpuSummary gpu;
  gpu.rank = samples.front().rank;
  gpu.gpu_idx = samples.front().gpu_idx;
  gpu.node_rank = samples.front().node_rank;
  gpu.sample_count = samples.size();
  std::vector<double> util;
  std::vector<double> mem_used;
  for (const GpuEntry& sample : samples) {
    if (sample.util) util.push_back(*sample.util);
    if (sample.mem_used) mem_used.push_back(*sample.mem_used);
    if (sample.mem_total) {
      gpu.mem_total_bytes = std::max(gpu.mem_total_bytes.value_or(*sample.mem_total),
                                     *sample.mem_total);
    }
  }
  gpu.util_percent = NearestRankPercentiles(util);
  gpu.mem_used_bytes = NearestRankPercentiles(mem_used);
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
  straggler->median_of_rank_medians_ms = NearestRankPercentiles(medians)->p50;
  straggler->lag_ms = straggler->median_step_ms - straggler->median_of_rank_medians_ms;
  return straggler;
}

}  // namespace

bool RunAccumulator::Placed(TraceMLStream stream, const std::optional<std::uint64_t>& rank,
                            bool key_complete) {
  if (!rank || !key_complete) {
    ++unplaced_[StreamIndex(stream)];
    return false;
  }
  ranks_.push_back(*rank);
  return true;
}

std::string_view RunAccumulator::Intern(std::string_view text) {
  if (const auto at = interned_.find(text); at != interned_.end()) return at->second;
  const std::string_view kept = texts_.emplace_back(text);
  interned_.emplace(kept, kept);
  return kept;
}

void RunAccumulator::AddStep(std::uint64_t rank, std::uint64_t step, std::uint64_t index) {
  StepEntry& entry = steps_.emplace_back();
  entry.rank = rank;
  entry.step = step;
  entry.index = index;
  entry.first_phase = phases_.size();
  // A phase's time is its longest device's: by name, the longest last within each name; the
  // step's time their sum in that order.
  std::sort(phases_of_step_.begin(), phases_of_step_.end());
  for (std::size_t i = 0; i < phases_of_step_.size(); ++i) {
    if (i + 1 < phases_of_step_.size() && phases_of_step_[i + 1].first == phases_of_step_[i].first)
      continue;
    entry.step_ms += phases_of_step_[i].second;
    phases_.push_back({Intern(phases_of_step_[i].first), phases_of_step_[i].second});
    ++entry.phase_count;
  }
}

void RunAccumulator::StepMemory(const std::optional<std::uint64_t>& rank,
                                const std::optional<std::string_view>& device,
                                const std::optional<std::uint64_t>& step,
                                const std::optional<double>& alloc,
                                const std::optional<double>& reserved) {
  const std::uint64_t index = Count(TraceMLStream::kStepMemory);
  if (!Placed(TraceMLStream::kStepMemory, rank, device.has_value() && step.has_value())) return;
  memory_.push_back({*rank, Intern(*device), *step, index, Usable(alloc), Usable(reserved)});
}

void RunAccumulator::SystemGpu(const std::optional<std::uint64_t>& rank,
                               const std::optional<std::uint64_t>& seq, std::uint64_t gpu_idx,
                               const std::optional<std::uint64_t>& node_rank,
                               const std::optional<double>& util,
                               const std::optional<double>& mem_used,
                               const std::optional<double>& mem_total) {
  const std::uint64_t index = Count(TraceMLStream::kSystemGpu);
  if (!Placed(TraceMLStream::kSystemGpu, rank, seq)) return;
  gpus_.push_back({*rank, gpu_idx, *seq, index, node_rank, Usable(util), Usable(mem_used),
                   Usable(mem_total)});
}

void RunAccumulator::Snapshot(TraceMLStream stream, const std::optional<std::uint64_t>& rank,
                              const std::optional<std::uint64_t>& seq) {
  const std::uint64_t index = Count(stream);
  if (!Placed(stream, rank, seq)) return;
  counted_[StreamIndex(stream)].push_back({*rank, *seq, index});
}

void RunAccumulator::RuntimeEnvironment(const std::optional<std::uint64_t>& rank) {
  const std::uint64_t index = Count(TraceMLStream::kRuntimeEnvironment);
  if (!Placed(TraceMLStream::kRuntimeEnvironment, rank, true)) return;
  counted_[StreamIndex(TraceMLStream::kRuntimeEnvironment)].push_back({*rank, 0, index});
}

void RunAccumulator::OutputLine(const std::optional<std::uint64_t>& rank) {
  Count(TraceMLStream::kStdoutStderr);
  // Output lines have no key: never duplicates.
  Placed(TraceMLStream::kStdoutStderr, rank, true);
}

TraceMLRunSummary RunAccumulator::Finish() && {
  TraceMLRunSummary summary;
  summary.records_by_stream = records_;
  for (const std::uint64_t count : records_) summary.record_count += count;
  summary.unplaced_records = unplaced_;
  auto& duplicates = summary.duplicates_ignored;
  duplicates[StreamIndex(TraceMLStream::kStepTime)] = KeepFirst(steps_);
  duplicates[StreamIndex(TraceMLStream::kStepMemory)] = KeepFirst(memory_);
  duplicates[StreamIndex(TraceMLStream::kSystemGpu)] = KeepFirst(gpus_);
  for (const TraceMLStream stream : {TraceMLStream::kSystem, TraceMLStream::kProcess,
                                     TraceMLStream::kRuntimeEnvironment}) {
    duplicates[StreamIndex(stream)] = KeepFirst(counted_[StreamIndex(stream)]);
  }

  std::sort(ranks_.begin(), ranks_.end());
  ranks_.erase(std::unique(ranks_.begin(), ranks_.end()), ranks_.end());
  summary.ranks.reserve(ranks_.size());
  for (const std::uint64_t rank : ranks_) summary.ranks.emplace_back().rank = rank;

  ForEachGroup(
      steps_, [](const StepEntry& a, const StepEntry& b) { return a.rank == b.rank; },
      [&](std::span<const StepEntry> steps) {
        AddStepTimes(RankOf(summary.ranks, steps.front().rank), steps, phases_);
      });
  ForEachGroup(
      memory_,
      [](const MemoryEntry& a, const MemoryEntry& b) {
        return a.rank == b.rank && a.device == b.device;
      },
      [&](std::span<const MemoryEntry> steps) {
        RankOf(summary.ranks, steps.front().rank).memory.push_back(DevicePeaks(steps));
      });
  ForEachGroup(
      gpus_,
      [](const GpuEntry& a, const GpuEntry& b) {
        return a.rank == b.rank && a.gpu_idx == b.gpu_idx;
      },
      [&](std::span<const GpuEntry> samples) { summary.gpus.push_back(GpuSummary(samples)); });
  summary.straggler = FindStraggler(summary.ranks);
  return summary;
}

}  // namespace tracedoc::traceml_analysis
