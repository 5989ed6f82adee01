// A seeded generator of TraceML exports (JSON Lines, schema_version 1, docs/traceml-export.md):
// a distributed training run's records in the order the exporter writes them, the typed export
// the reader must return for them, and the facts a test checks a summary against.
#ifndef TRACEDOC_TESTS_SUPPORT_TRACEML_EXPORT_GENERATOR_HPP_
#define TRACEDOC_TESTS_SUPPORT_TRACEML_EXPORT_GENERATOR_HPP_

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "tracedoc/traceml_export.hpp"

namespace tracedoc::testing_support {

/// The shape of a generated run: `nodes` hosts with `gpus_per_node` GPUs, one rank per GPU.
struct TraceMLExportPlan {
  std::uint64_t seed = 1;
  std::uint64_t nodes = 1;
  std::uint64_t gpus_per_node = 2;
  /// Steps each rank runs, before skips.
  std::uint64_t steps = 6;
  std::uint64_t first_step = 0;
  /// Each rank's step number jumps by this many after its middle step (0: no jump). The caller
  /// keeps first_step + steps + step_gap within std::uint64_t.
  std::uint64_t step_gap = 0;
  /// (rank, step) pairs that no record has, never a rank's first or last step.
  std::uint64_t missing_steps = 1;
  /// Records of the keyed streams sent again later in the file (same row, stamped anew).
  std::uint64_t duplicates = 1;
  /// Host and process snapshots every this many steps (at least 1).
  std::uint64_t snapshot_every = 2;
  /// Records carry `hostname` (the exporter_hostname setting).
  bool hostname = false;
  /// Nulls wherever the format allows None (a step_time row without a step, CPU phases without
  /// gpu_ms, GPUs without power readings, ...); without it only gpu_ms of CPU phases is null.
  bool nulls = true;
  bool closing_line = true;
  std::uint64_t dropped_batches = 0;
};

/// What the generator did for one rank.
struct TraceMLRankFacts {
  std::uint64_t global_rank = 0;
  /// Distinct steps of the rank's step_time records.
  std::uint64_t step_count = 0;
  /// Steps between its first and last that no record has, as inclusive ranges, ascending.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> missing_steps;
};

/// What the generator did, counted as it did it (not from the records).
struct TraceMLExportFacts {
  /// Ascending by global rank.
  std::vector<TraceMLRankFacts> ranks;
  /// Records sent again, per stream (TraceMLStream order).
  std::array<std::uint64_t, kTraceMLStreamCount> duplicates{};
  /// Records whose key has a null (a step_time row without a step).
  std::uint64_t unplaced_records = 0;
  std::uint64_t record_count = 0;
};

/// One generated export. `text` is written from `records`, so the two cannot disagree.
struct GeneratedTraceMLExport {
  /// The export as the reader must return it, except for warnings (not modelled); `duplicates`
  /// is set.
  TraceMLExport records;
  /// The JSONL file: Python's json.dumps of each record, the closing line last.
  std::string text;
  TraceMLExportFacts facts;
};

GeneratedTraceMLExport GenerateTraceMLExport(const TraceMLExportPlan& plan);

/// The export's records as the JSON Lines exporter writes them (Python's json.dumps: ", " and
/// ": ", floats in repr's layout such as `1073741824.0`), in line order, then the closing line.
/// Strings are written as ASCII; a byte above 0x7f is copied as is.
std::string WriteTraceMLExportJsonl(const TraceMLExport& records);

}  // namespace tracedoc::testing_support

#endif  // TRACEDOC_TESTS_SUPPORT_TRACEML_EXPORT_GENERATOR_HPP_
