// TraceML's export records (JSON Lines, schema_version 1, docs/traceml-export.md): their typed
// form and the strict reader that checks every rule of the format. It sits beside ReadTrace, not
// inside it: a TraceML export is a different format, read line by line in the same way.
#ifndef TRACEDOC_TRACEML_EXPORT_HPP_
#define TRACEDOC_TRACEML_EXPORT_HPP_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tracedoc/diagnostic.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc {

/// The seven streams, in the order of the exporter's record table.
enum class TraceMLStream : std::uint8_t {
  kStepTime,
  kStepMemory,
  kSystem,
  kSystemGpu,
  kProcess,
  kRuntimeEnvironment,
  kStdoutStderr,
};

inline constexpr int kTraceMLStreamCount = static_cast<int>(TraceMLStream::kStdoutStderr) + 1;

/// The stream's spelling in the `stream` field, e.g. "step_time".
std::string_view TraceMLStreamName(TraceMLStream stream) noexcept;
/// The stream spelled `name`, if any.
std::optional<TraceMLStream> TraceMLStreamFromName(std::string_view name) noexcept;

/// A field the record's stream does not define, kept with its value as compact JSON text.
struct TraceMLUnknownField {
  std::string key;
  std::string json;
  friend bool operator==(const TraceMLUnknownField&, const TraceMLUnknownField&) = default;
};

/// What every record has: where it was and when it was built and measured. `std::nullopt` is a
/// JSON `null` (the exporter's None: not sent); a measured zero is 0.
struct TraceMLRecordBase {
  /// 1-based physical line of the record in the file.
  std::uint64_t line = 0;
  std::uint64_t observed_timestamp_unix_ns = 0;
  std::optional<std::uint64_t> timestamp_unix_ns;
  /// Unknown fields in the order written (kept; a warning, or an error under strict). An events
  /// sample's are its own (TraceMLPhaseSample::unknown).
  std::vector<TraceMLUnknownField> unknown;
  friend bool operator==(const TraceMLRecordBase&, const TraceMLRecordBase&) = default;
};

/// The identity fields of every stream but stdout_stderr. `rank`, where the stream has it, equals
/// `global_rank` (null included) and is not kept twice.
struct TraceMLRankIdentity {
  std::optional<std::uint64_t> global_rank;
  std::optional<std::uint64_t> local_rank;
  std::optional<std::uint64_t> world_size;
  std::optional<std::uint64_t> local_world_size;
  std::optional<std::uint64_t> node_rank;
  /// Only meaningful when the export has hostnames (TraceMLExport::has_hostname); null there is
  /// `std::nullopt` too.
  std::optional<std::string> hostname;
  std::optional<std::uint64_t> seq;
  friend bool operator==(const TraceMLRankIdentity&, const TraceMLRankIdentity&) = default;
};

/// One `events[name][device]` entry of a step_time record, in the order written.
struct TraceMLPhaseSample {
  std::string name;
  std::string device;
  std::optional<bool> is_gpu;
  std::optional<double> duration_ms;
  std::optional<double> cpu_ms;
  std::optional<double> gpu_ms;
  std::optional<std::uint64_t> n_calls;
  /// Members the sample does not define, in the order written (kept; a warning, or an error
  /// under strict).
  std::vector<TraceMLUnknownField> unknown;
  friend bool operator==(const TraceMLPhaseSample&, const TraceMLPhaseSample&) = default;
};

/// stream `step_time`: one step of a rank.
struct TraceMLStepTime {
  TraceMLRecordBase base;
  TraceMLRankIdentity identity;
  std::optional<std::uint64_t> step;
  /// The `events` map flattened: never null, empty when the row had no events.
  std::vector<TraceMLPhaseSample> events;
  friend bool operator==(const TraceMLStepTime&, const TraceMLStepTime&) = default;
};

/// stream `step_memory`: one step and device of a rank. Byte counts are whole, non-negative.
struct TraceMLStepMemory {
  TraceMLRecordBase base;
  TraceMLRankIdentity identity;
  std::optional<std::string> device;
  std::optional<std::uint64_t> step;
  std::optional<double> peak_alloc_bytes;
  std::optional<double> peak_reserved_bytes;
  friend bool operator==(const TraceMLStepMemory&, const TraceMLStepMemory&) = default;
};

/// stream `system`: one host snapshot (no `rank` field).
struct TraceMLSystem {
  TraceMLRecordBase base;
  TraceMLRankIdentity identity;
  std::optional<double> cpu_percent;
  std::optional<double> ram_used_bytes;
  std::optional<double> ram_total_bytes;
  /// The integer boolean (0 or 1).
  std::optional<bool> gpu_available;
  std::optional<std::uint64_t> gpu_count;
  friend bool operator==(const TraceMLSystem&, const TraceMLSystem&) = default;
};

/// stream `system_gpu`: one GPU of a host snapshot (no `rank` field).
struct TraceMLSystemGpu {
  TraceMLRecordBase base;
  TraceMLRankIdentity identity;
  std::uint64_t gpu_idx = 0;
  std::optional<double> util;
  std::optional<double> mem_used_bytes;
  std::optional<double> mem_total_bytes;
  std::optional<double> temperature_c;
  std::optional<double> power_usage_w;
  std::optional<double> power_limit_w;
  friend bool operator==(const TraceMLSystemGpu&, const TraceMLSystemGpu&) = default;
};

/// stream `process`: one training-process snapshot of a rank.
struct TraceMLProcess {
  TraceMLRecordBase base;
  TraceMLRankIdentity identity;
  std::optional<double> cpu_percent;
  std::optional<std::uint64_t> cpu_logical_core_count;
  std::optional<double> ram_used_bytes;
  std::optional<double> ram_total_bytes;
  std::optional<bool> gpu_available;
  std::optional<std::uint64_t> gpu_count;
  std::optional<std::uint64_t> gpu_device_index;
  std::optional<double> gpu_mem_used_bytes;
  std::optional<double> gpu_mem_reserved_bytes;
  std::optional<double> gpu_mem_total_bytes;
  friend bool operator==(const TraceMLProcess&, const TraceMLProcess&) = default;
};

/// stream `runtime_environment`: a rank's topology and training strategy, at most once a rank.
struct TraceMLRuntimeEnvironment {
  TraceMLRecordBase base;
  TraceMLRankIdentity identity;
  std::optional<std::uint64_t> pid;
  std::optional<std::string> topology;
  std::optional<bool> distributed_initialized;
  std::optional<std::string> distributed_backend;
  std::optional<std::string> training_strategy;
  std::optional<std::string> strategy_source;
  std::optional<std::string> strategy_confidence;
  friend bool operator==(const TraceMLRuntimeEnvironment&,
                         const TraceMLRuntimeEnvironment&) = default;
};

/// stream `stdout_stderr`: one captured output line of a rank. Its only identity is `rank` (the
/// rank's global rank).
struct TraceMLOutputLine {
  TraceMLRecordBase base;
  std::optional<std::uint64_t> rank;
  /// Never empty: the exporter records no empty line.
  std::string text;
  friend bool operator==(const TraceMLOutputLine&, const TraceMLOutputLine&) = default;
};

/// The exporter's closing line: not a record (no `stream`), the file's last non-blank line.
struct TraceMLClosingLine {
  std::uint64_t line = 0;
  /// The records of this file, checked against them.
  std::uint64_t written_records = 0;
  /// Payload batches the export worker never wrote: a warning when not 0.
  std::uint64_t dropped_batches = 0;
  std::vector<TraceMLUnknownField> unknown;
  friend bool operator==(const TraceMLClosingLine&, const TraceMLClosingLine&) = default;
};

/// A whole export: its records by stream, each stream in file order.
struct TraceMLExport {
  std::vector<TraceMLStepTime> step_time;
  std::vector<TraceMLStepMemory> step_memory;
  std::vector<TraceMLSystem> system;
  std::vector<TraceMLSystemGpu> system_gpu;
  std::vector<TraceMLProcess> process;
  std::vector<TraceMLRuntimeEnvironment> runtime_environment;
  std::vector<TraceMLOutputLine> stdout_stderr;
  /// Whether the records carry `hostname` (all of them or none).
  bool has_hostname = false;
  std::optional<TraceMLClosingLine> closing;
  /// Records with a key already seen in their stream, per stream (TraceMLStream order).
  std::array<std::uint64_t, kTraceMLStreamCount> duplicates{};
  /// The read's warnings (codes traceml_unknown_field, traceml_field_order,
  /// traceml_duplicate_key, traceml_dropped_batches), in line order, each with its line, column,
  /// field and message: the first DiagnosticLog::max_kept kept, every one counted in `total`.
  DiagnosticLog warnings;

  /// Records of every stream (the closing line is not one).
  std::uint64_t record_count() const noexcept;
};

/// How ReadTraceMLExport reads.
struct TraceMLReadOptions {
  /// Unknown fields, and fields out of column order (the one other deviation the format
  /// tolerates), are errors (unknown_field, traceml_field_order) instead of warnings, as
  /// `strict` means in every read option (DecodeOptions, CirronReadOptions).
  bool strict = false;
  /// Longest physical line in bytes, without its `\n`: limit_exceeded past it.
  std::size_t max_line_bytes = std::size_t{256} << 20;
  /// Most records; 0 means no bound.
  std::uint64_t max_records = 0;
};

/// Reads an export line by line and checks every rule of docs/traceml-export.md, keeping every
/// record; the first error ends the read. Warnings go to TraceMLExport::warnings, bounded by
/// DiagnosticLog's default. Errors name the input (Error::file) and carry the line, the column
/// of the value at fault, the field and the message; codes: io_error,
/// limit_exceeded, invalid_utf8, invalid_json, not_an_object, duplicate_key, missing_field,
/// invalid_type, invalid_value, out_of_range, unknown_field, and the traceml_* codes of
/// docs/tracedoc.md §2. Never throws.
Result<TraceMLExport> ReadTraceMLExport(const TraceInput& input,
                                        const TraceMLReadOptions& options = {});

}  // namespace tracedoc

#endif  // TRACEDOC_TRACEML_EXPORT_HPP_
