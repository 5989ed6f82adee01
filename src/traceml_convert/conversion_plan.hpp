// Which trace record each TraceML record becomes (docs/traceml-conversion.md): the spans of the
// placed steps, the device_memory samples, and the records kept whole on the meta, with the
// clock of the converted run. Built in one pass per stream, time O(n log n) in the records.
#ifndef TRACEDOC_SRC_TRACEML_CONVERT_CONVERSION_PLAN_HPP_
#define TRACEDOC_SRC_TRACEML_CONVERT_CONVERSION_PLAN_HPP_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "tracedoc/traceml_export.hpp"

namespace tracedoc::traceml_convert {

/// A record's unknown members in UnknownFields' encoding, added in order.
struct UnknownMembers {
  std::string encoded;
  std::size_t count = 0;

  void Add(std::string_view key, std::string_view json);
  void AddCount(std::string_view key, std::uint64_t value);
};

/// One span, in Unix nanoseconds.
struct PlannedSpan {
  std::string id;
  std::optional<std::string> parent_id;
  std::string name;
  std::uint64_t start_unix_ns = 0;
  std::uint64_t end_unix_ns = 0;
  bool measured = false;
  UnknownMembers unknown;
};

/// One device_memory sample, in Unix nanoseconds.
struct PlannedSample {
  std::uint64_t timestamp_unix_ns = 0;
  std::string device;
  std::optional<std::uint64_t> used_bytes;
  std::optional<std::uint64_t> reserved_bytes;
  std::optional<std::uint64_t> capacity_bytes;
  UnknownMembers unknown;
};

struct ConversionPlan {
  /// The root first, then each rank's span followed by its steps and their phases.
  std::vector<PlannedSpan> spans;
  /// In timestamp order; at one timestamp step_memory, process, then system_gpu, each in file
  /// order.
  std::vector<PlannedSample> samples;
  /// The meta's unknown members (kept records, the closing line).
  UnknownMembers meta_unknown;
  std::uint64_t ranks = 0;
  std::uint64_t duplicate_records = 0;
  std::uint64_t unplaced_records = 0;
  /// Time 0 of the trace, and the latest evidence (both Unix nanoseconds).
  std::uint64_t session_start_unix_ns = 0;
  std::uint64_t latest_unix_ns = 0;
  /// Whether a sample or a phase measured on a GPU exists (the meta's device is then `cuda`).
  bool uses_gpu = false;
};

ConversionPlan PlanConversion(const TraceMLExport& source);

}  // namespace tracedoc::traceml_convert

#endif  // TRACEDOC_SRC_TRACEML_CONVERT_CONVERSION_PLAN_HPP_
