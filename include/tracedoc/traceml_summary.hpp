// The run analysis of a TraceML export (docs/traceml-analysis.md): per rank its step times, the
// share of each phase, its missing steps and memory peaks; the straggler; per GPU its
// utilisation and memory. An analysis: it reads a TraceMLExport and returns a plain value.
#ifndef TRACEDOC_TRACEML_SUMMARY_HPP_
#define TRACEDOC_TRACEML_SUMMARY_HPP_

#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "tracedoc/traceml_export.hpp"
#include "tracedoc/write_options.hpp"

namespace tracedoc {

/// Nearest-rank percentiles of a set of values: pN is the ceil(N/100 * n)-th smallest.
struct TraceMLPercentiles {
  double p50 = 0;
  double p90 = 0;
  double p99 = 0;
  double max = 0;
  friend bool operator==(const TraceMLPercentiles&, const TraceMLPercentiles&) = default;
};

/// One phase (an `events` name) of a rank: its time summed over the rank's steps.
struct TraceMLPhaseShare {
  std::string name;
  double total_ms = 0;
  /// total_ms over the rank's total step time; none when that total is 0.
  std::optional<double> share;
  friend bool operator==(const TraceMLPhaseShare&, const TraceMLPhaseShare&) = default;
};

/// Steps `first` to `last`, both included.
struct TraceMLStepRange {
  std::uint64_t first = 0;
  std::uint64_t last = 0;
  friend bool operator==(const TraceMLStepRange&, const TraceMLStepRange&) = default;
};

/// The peaks of one device of a rank over its step_memory records; a peak's step is the first
/// step that reached it. None when no record of the device has the value.
struct TraceMLDevicePeaks {
  std::string device;
  std::optional<double> peak_alloc_bytes;
  std::optional<std::uint64_t> peak_alloc_step;
  std::optional<double> peak_reserved_bytes;
  std::optional<std::uint64_t> peak_reserved_step;
  friend bool operator==(const TraceMLDevicePeaks&, const TraceMLDevicePeaks&) = default;
};

/// One rank (a global rank) of the run.
struct TraceMLRankSummary {
  std::uint64_t rank = 0;
  /// Distinct steps of its step_time records.
  std::uint64_t step_count = 0;
  std::optional<std::uint64_t> first_step;
  std::optional<std::uint64_t> last_step;
  /// Steps with at least one phase of known duration: the ones step times are taken over.
  std::uint64_t timed_step_count = 0;
  /// None without a timed step.
  std::optional<TraceMLPercentiles> step_time_ms;
  double total_step_time_ms = 0;
  /// Ascending by name (bytewise).
  std::vector<TraceMLPhaseShare> phases;
  /// Steps between first_step and last_step without a step_time record, counted and as
  /// ranges (ascending), so a huge gap costs one range.
  std::uint64_t missing_step_count = 0;
  std::vector<TraceMLStepRange> missing_steps;
  /// Ascending by device name.
  std::vector<TraceMLDevicePeaks> memory;
  friend bool operator==(const TraceMLRankSummary&, const TraceMLRankSummary&) = default;
};

/// The rank with the largest median step time (the lowest such rank on a tie).
struct TraceMLStraggler {
  std::uint64_t rank = 0;
  double median_step_ms = 0;
  /// The (nearest-rank) median of the timed ranks' median step times.
  double median_of_rank_medians_ms = 0;
  /// median_step_ms - median_of_rank_medians_ms.
  double lag_ms = 0;
  friend bool operator==(const TraceMLStraggler&, const TraceMLStraggler&) = default;
};

/// One GPU of a host snapshot: the rank that sent it and its position in the snapshot.
struct TraceMLGpuSummary {
  std::uint64_t rank = 0;
  /// node_rank of its first sample (lowest seq).
  std::optional<std::uint64_t> node_rank;
  std::uint64_t gpu_idx = 0;
  std::uint64_t sample_count = 0;
  /// Over the samples with a value; none without one.
  std::optional<TraceMLPercentiles> util_percent;
  std::optional<TraceMLPercentiles> mem_used_bytes;
  /// The largest mem_total_bytes seen.
  std::optional<double> mem_total_bytes;
  friend bool operator==(const TraceMLGpuSummary&, const TraceMLGpuSummary&) = default;
};

/// A distributed run at a glance. Per-stream arrays are in TraceMLStream order.
struct TraceMLRunSummary {
  std::uint64_t record_count = 0;
  std::array<std::uint64_t, kTraceMLStreamCount> records_by_stream{};
  /// Records whose stream key an earlier record had: the first counts, these are ignored.
  std::array<std::uint64_t, kTraceMLStreamCount> duplicates_ignored{};
  /// Records with a null in their key (global rank, step, device or seq): counted, not placed.
  std::array<std::uint64_t, kTraceMLStreamCount> unplaced_records{};
  /// Every global rank of a placed record, ascending.
  std::vector<TraceMLRankSummary> ranks;
  /// None when no rank has a timed step.
  std::optional<TraceMLStraggler> straggler;
  /// Ascending by (rank, gpu_idx).
  std::vector<TraceMLGpuSummary> gpus;
  friend bool operator==(const TraceMLRunSummary&, const TraceMLRunSummary&) = default;
};

/// Summarizes a run by the rules of docs/traceml-analysis.md: duplicates ignored, step time as
/// the sum over phases of the longest device, nearest-rank percentiles. Time O(n log n) in the
/// records and phases; memory linear in them, whatever the gaps between steps. No errors.
TraceMLRunSummary SummarizeTraceMLRun(const TraceMLExport& run);
/// Reads the export `input` and summarizes it as it reads, without keeping its records (one
/// accumulator with SummarizeTraceMLRun, which gives the same summary of what
/// ReadTraceMLExport returns), in memory linear in the keys, steps and samples the summary
/// needs. Errors: ReadTraceMLExport's; its warnings are counted, not kept.
Result<TraceMLRunSummary> SummarizeTraceMLExport(const TraceInput& input,
                                                 const TraceMLReadOptions& options = {});

/// Writes the summary as JSON (docs/traceml-analysis.md gives every key, in order), compact or
/// with `options.pretty` indented. No errors beyond the stream's own state.
void WriteTraceMLRunSummaryJson(const TraceMLRunSummary& summary, std::ostream& out,
                                const WriteOptions& options = {});

}  // namespace tracedoc

#endif  // TRACEDOC_TRACEML_SUMMARY_HPP_
