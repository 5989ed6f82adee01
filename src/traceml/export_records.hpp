// One export line as the reader hands it over (docs/traceml-export.md): a view per stream, its
// strings pointing into the line being read, valid while the sink's call lasts. The tables
// (stream_tables.hpp) read them and write them back.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "tracedoc/event.hpp"
#include "tracedoc/traceml_export.hpp"

namespace tracedoc::traceml {

/// The `stream` column: checked before the other columns; written as the stream's name.
struct StreamColumn {
  TraceMLStream stream = TraceMLStream::kStepTime;
};

/// The `schema_version` column: checked before the other columns (it is 1); written as 1.
struct SchemaVersionColumn {};

/// An integer boolean column (gpu_available, distributed_initialized): 0 or 1, or null; kept as
/// the integer, so that it is written back as the exporter wrote it.
using IntegerBool = std::optional<std::uint64_t>;

/// The columns from `stream` to `seq` that most streams share. A stream without one of them
/// leaves it empty (system has no `rank`, stdout_stderr has no `global_rank`).
struct RecordHead {
  StreamColumn stream;
  SchemaVersionColumn schema_version;
  std::uint64_t observed_timestamp_unix_ns = 0;
  /// The `rank` column as written: equal to global_rank where the stream has both.
  std::optional<std::uint64_t> rank;
  std::optional<std::uint64_t> global_rank;
  std::optional<std::uint64_t> local_rank;
  std::optional<std::uint64_t> world_size;
  std::optional<std::uint64_t> local_world_size;
  std::optional<std::uint64_t> node_rank;
  /// Null and absent alike are empty; RecordSource::has_hostname says which the export does.
  std::optional<std::string_view> hostname;
  std::optional<std::uint64_t> timestamp_unix_ns;
  std::optional<std::uint64_t> seq;
};

/// One `events[name][device]` entry.
struct PhaseSampleView {
  std::string_view name;
  std::string_view device;
  std::optional<bool> is_gpu;
  std::optional<double> duration_ms;
  std::optional<double> cpu_ms;
  std::optional<double> gpu_ms;
  std::optional<std::uint64_t> n_calls;
  /// Members the sample does not define, kept with it (docs/traceml-export.md).
  UnknownFields unknown;
};

/// step_time's `events` map, flattened in the order written (a phase's devices in a row).
struct PhaseEvents {
  std::span<const PhaseSampleView> samples;
};

struct StepTimeView {
  RecordHead head;
  std::optional<std::uint64_t> step;
  PhaseEvents events;
  UnknownFields unknown;
};

struct StepMemoryView {
  RecordHead head;
  std::optional<std::string_view> device;
  std::optional<std::uint64_t> step;
  std::optional<double> peak_alloc_bytes;
  std::optional<double> peak_reserved_bytes;
  UnknownFields unknown;
};

struct SystemView {
  RecordHead head;
  std::optional<double> cpu_percent;
  std::optional<double> ram_used_bytes;
  std::optional<double> ram_total_bytes;
  IntegerBool gpu_available;
  std::optional<std::uint64_t> gpu_count;
  UnknownFields unknown;
};

struct SystemGpuView {
  RecordHead head;
  std::uint64_t gpu_idx = 0;
  std::optional<double> util;
  std::optional<double> mem_used_bytes;
  std::optional<double> mem_total_bytes;
  std::optional<double> temperature_c;
  std::optional<double> power_usage_w;
  std::optional<double> power_limit_w;
  UnknownFields unknown;
};

struct ProcessView {
  RecordHead head;
  std::optional<double> cpu_percent;
  std::optional<std::uint64_t> cpu_logical_core_count;
  std::optional<double> ram_used_bytes;
  std::optional<double> ram_total_bytes;
  IntegerBool gpu_available;
  std::optional<std::uint64_t> gpu_count;
  std::optional<std::uint64_t> gpu_device_index;
  std::optional<double> gpu_mem_used_bytes;
  std::optional<double> gpu_mem_reserved_bytes;
  std::optional<double> gpu_mem_total_bytes;
  UnknownFields unknown;
};

struct RuntimeEnvironmentView {
  RecordHead head;
  std::optional<std::uint64_t> pid;
  std::optional<std::string_view> topology;
  IntegerBool distributed_initialized;
  std::optional<std::string_view> distributed_backend;
  std::optional<std::string_view> training_strategy;
  std::optional<std::string_view> strategy_source;
  std::optional<std::string_view> strategy_confidence;
  UnknownFields unknown;
};

/// stdout_stderr: `rank` (in head.rank) is its only identity.
struct OutputLineView {
  RecordHead head;
  std::string_view line;
  UnknownFields unknown;
};

/// The exporter's closing line (not a record).
struct ClosingLineView {
  std::uint64_t written_records = 0;
  std::uint64_t dropped_batches = 0;
  UnknownFields unknown;
};

/// Each stream's view, for the code that handles every stream alike.
template <TraceMLStream kStream>
struct StreamView;
template <>
struct StreamView<TraceMLStream::kStepTime> {
  using type = StepTimeView;
};
template <>
struct StreamView<TraceMLStream::kStepMemory> {
  using type = StepMemoryView;
};
template <>
struct StreamView<TraceMLStream::kSystem> {
  using type = SystemView;
};
template <>
struct StreamView<TraceMLStream::kSystemGpu> {
  using type = SystemGpuView;
};
template <>
struct StreamView<TraceMLStream::kProcess> {
  using type = ProcessView;
};
template <>
struct StreamView<TraceMLStream::kRuntimeEnvironment> {
  using type = RuntimeEnvironmentView;
};
template <>
struct StreamView<TraceMLStream::kStdoutStderr> {
  using type = OutputLineView;
};

}  // namespace tracedoc::traceml
