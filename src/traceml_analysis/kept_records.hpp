// Which records a run summary counts (docs/traceml-analysis.md, "Duplicates" and "Unplaced
// records"): per stream, the first record of each key; later ones are counted and ignored, and
// records with a null in their key are counted and not placed. Keys are sorted, not hashed, so
// no input can make the work quadratic, and the summary walks them in (rank, ..., step) order.
#ifndef TRACEDOC_SRC_TRACEML_ANALYSIS_KEPT_RECORDS_HPP_
#define TRACEDOC_SRC_TRACEML_ANALYSIS_KEPT_RECORDS_HPP_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <vector>

#include "tracedoc/traceml_export.hpp"

namespace tracedoc::traceml_analysis {

/// A step_time record's key and its index in TraceMLExport::step_time.
struct StepTimeKey {
  std::uint64_t rank = 0;
  std::uint64_t step = 0;
  std::size_t index = 0;
  auto key() const { return std::tie(rank, step); }
};

/// A step_memory record's key and its index in TraceMLExport::step_memory (the device viewed in
/// the export).
struct StepMemoryKey {
  std::uint64_t rank = 0;
  std::string_view device;
  std::uint64_t step = 0;
  std::size_t index = 0;
  auto key() const { return std::tie(rank, device, step); }
};

/// A system_gpu record's key, grouped by GPU: (rank, gpu_idx, seq), and its index.
struct GpuSampleKey {
  std::uint64_t rank = 0;
  std::uint64_t gpu_idx = 0;
  std::uint64_t seq = 0;
  std::size_t index = 0;
  auto key() const { return std::tie(rank, gpu_idx, seq); }
};

/// The records a summary uses, each stream's kept keys ascending.
struct KeptRecords {
  std::vector<StepTimeKey> step_time;
  std::vector<StepMemoryKey> step_memory;
  std::vector<GpuSampleKey> system_gpu;
  std::array<std::uint64_t, kTraceMLStreamCount> duplicates{};
  std::array<std::uint64_t, kTraceMLStreamCount> unplaced{};
  /// Every global rank of a placed record, ascending, once.
  std::vector<std::uint64_t> ranks;
};

/// Sorts every stream's keys and keeps the first record (in file order) of each. The views in
/// the result point into `run`.
KeptRecords KeepFirstOfEachKey(const TraceMLExport& run);

}  // namespace tracedoc::traceml_analysis

#endif  // TRACEDOC_SRC_TRACEML_ANALYSIS_KEPT_RECORDS_HPP_
