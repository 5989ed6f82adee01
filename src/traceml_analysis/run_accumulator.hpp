// What a run summary needs of an export (docs/traceml-analysis.md), gathered one record at a
// time, never the records themselves: per stream the keys seen (to keep the first record of
// each), per step its time and phase times, per step_memory record its peaks, per GPU sample its
// values. Fed by the export reader as it reads (SummarizeTraceMLExport) or by a typed export
// (SummarizeTraceMLRun), so both give the same summary.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "tracedoc/traceml_summary.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::traceml_analysis {

/// A duration or figure the rules can use; the reader admits only finite, non-negative ones.
inline std::optional<double> Usable(const std::optional<double>& value) {
  if (!value || !std::isfinite(*value) || *value < 0) return std::nullopt;
  return value;
}

/// One placed step_time record: its key, its place in the stream, and its time.
struct StepEntry {
  std::uint64_t rank = 0;
  std::uint64_t step = 0;
  std::uint64_t index = 0;
  /// Its phases with a duration: PhaseTime entries [first_phase, first_phase + phase_count),
  /// by name; none for an untimed step.
  std::uint64_t first_phase = 0;
  std::uint32_t phase_count = 0;
  double step_ms = 0;
  auto key() const { return std::tie(rank, step); }
};

/// A phase of a step: its name (kept once per distinct name) and its longest device's time.
struct PhaseTime {
  std::string_view name;
  double ms = 0;
};

/// One placed step_memory record.
struct MemoryEntry {
  std::uint64_t rank = 0;
  std::string_view device;
  std::uint64_t step = 0;
  std::uint64_t index = 0;
  std::optional<double> alloc;
  std::optional<double> reserved;
  auto key() const { return std::tie(rank, device, step); }
};

/// One placed system_gpu record, grouped by GPU: (rank, gpu_idx, seq).
struct GpuEntry {
  std::uint64_t rank = 0;
  std::uint64_t gpu_idx = 0;
  std::uint64_t seq = 0;
  std::uint64_t index = 0;
  std::optional<std::uint64_t> node_rank;
  std::optional<double> util;
  std::optional<double> mem_used;
  std::optional<double> mem_total;
  auto key() const { return std::tie(rank, gpu_idx, seq); }
};

/// A record of a stream the summary only counts: (rank, seq), or the rank alone.
struct CountedEntry {
  std::uint64_t rank = 0;
  std::uint64_t seq = 0;
  std::uint64_t index = 0;
  auto key() const { return std::tie(rank, seq); }
};

class RunAccumulator {
 public:
  /// A step_time record; `samples` are its events, each with `name` and `duration_ms`.
  template <class Samples>
  void StepTime(const std::optional<std::uint64_t>& rank, const std::optional<std::uint64_t>& step,
                const Samples& samples) {
    const std::uint64_t index = Count(TraceMLStream::kStepTime);
    if (!Placed(TraceMLStream::kStepTime, rank, step)) return;
    phases_of_step_.clear();
    for (const auto& sample : samples) {
      if (const auto duration = Usable(sample.duration_ms)) {
        phases_of_step_.emplace_back(std::string_view(sample.name), *duration);
      }
    }
    AddStep(*rank, *step, index);
  }
  void StepMemory(const std::optional<std::uint64_t>& rank,
                  const std::optional<std::string_view>& device,
                  const std::optional<std::uint64_t>& step, const std::optional<double>& alloc,
                  const std::optional<double>& reserved);
  void SystemGpu(const std::optional<std::uint64_t>& rank, const std::optional<std::uint64_t>& seq,
                 std::uint64_t gpu_idx, const std::optional<std::uint64_t>& node_rank,
                 const std::optional<double>& util, const std::optional<double>& mem_used,
                 const std::optional<double>& mem_total);
  /// A system or process snapshot: keyed (rank, seq).
  void Snapshot(TraceMLStream stream, const std::optional<std::uint64_t>& rank,
                const std::optional<std::uint64_t>& seq);
  void RuntimeEnvironment(const std::optional<std::uint64_t>& rank);
  /// An output line: no key, placed when it has a rank.
  void OutputLine(const std::optional<std::uint64_t>& rank);

  /// The summary of everything added.
  TraceMLRunSummary Finish() &&;

 private:
  std::uint64_t Count(TraceMLStream stream) {
    return records_[static_cast<std::size_t>(stream)]++;
  }
  // Counts the record as unplaced when a key part is null; notes its rank otherwise.
  bool Placed(TraceMLStream stream, const std::optional<std::uint64_t>& rank, bool key_complete);
  bool Placed(TraceMLStream stream, const std::optional<std::uint64_t>& rank,
              const std::optional<std::uint64_t>& other) {
    return Placed(stream, rank, other.has_value());
  }
  void AddStep(std::uint64_t rank, std::uint64_t step, std::uint64_t index);
  // `text` kept once, for the whole summary.
  std::string_view Intern(std::string_view text);

  std::array<std::uint64_t, kTraceMLStreamCount> records_{};
  std::array<std::uint64_t, kTraceMLStreamCount> unplaced_{};
  std::vector<std::uint64_t> ranks_;
  std::vector<StepEntry> steps_;
  std::vector<PhaseTime> phases_;
  std::vector<MemoryEntry> memory_;
  std::vector<GpuEntry> gpus_;
  std::array<std::vector<CountedEntry>, kTraceMLStreamCount> counted_;
  // Phase names and devices, each distinct one once (a deque: the views handed out stay valid).
  std::deque<std::string> texts_;
  boost::unordered_flat_map<std::string_view, std::string_view, util::SeededHash, std::equal_to<>>
      interned_;
  // One step's (name, duration) pairs, reused.
  std::vector<std::pair<std::string_view, double>> phases_of_step_;
};

}  // namespace tracedoc::traceml_analysis
