// A batch's records as the reader checks them (docs/cirron-spool.md, "Records"): views into
// the batch being read, valid while its SpoolSink call lasts. The typed public records
// (tracedoc/cirron_spool.hpp) and the conversion are both made from these.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <variant>

#include "format/value_readers.hpp"
#include "tracedoc/cirron_spool.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc::cirron {

/// An id: 32 lower-case hex digits, as written.
struct HexId {
  std::string_view text;
};

/// A mark's span_id: an id, or exactly "root" (a mark made outside a profiled session).
struct MarkSpanId {
  std::string_view text;
  bool root() const noexcept { return text == "root"; }
};

/// An object kept as compact JSON text (`attrs`).
struct JsonObjectText {
  std::string_view json;
};

/// The batch's schema_version, which must be the integer 1 (checked first: cirron_unsupported_schema).
struct SchemaVersion {};

/// Any JSON number, NaN and the infinities included (Python writes them bare).
struct SpoolNumber {
  double value = 0;
};

/// A mark's value: read as a tape node, then typed by the mark's value_type (CheckMark).
struct MarkValue {
  std::uint32_t node = 0;
  std::variant<double, std::int64_t, std::string_view, bool> typed;
};

enum class MarkValueType : std::uint8_t { kFloat, kInt, kString, kBool };

/// `spans[i]`.
struct SpanView {
  HexId id;
  std::string_view name;
  std::optional<HexId> parent_id;
  std::optional<std::uint64_t> index;
  std::uint64_t start_ns = 0;
  std::uint64_t end_ns = 0;
  std::optional<std::uint64_t> cpu_ns;
  std::optional<std::uint64_t> gpu_ns;
  std::optional<std::uint64_t> memory_peak_bytes;
  std::uint64_t thread_id = 0;
  std::uint64_t pid = 0;
  std::uint64_t rank = 0;
  JsonObjectText attrs;
  ArrayView<HexId> mark_ids;
  UnknownFields unknown;
};

/// `marks[i]`.
struct MarkView {
  HexId id;
  MarkSpanId span_id;
  std::string_view name;
  MarkValueType value_type = MarkValueType::kFloat;
  MarkValue value;
  JsonObjectText attrs;
  std::uint64_t ts_ns = 0;
  CirronMarkKind kind = CirronMarkKind::kPoint;
  UnknownFields unknown;
};

/// 17 bin edges, none below the one before it.
struct HistogramBins {
  std::array<double, 17> edges{};
};
/// 16 counts.
struct HistogramCounts {
  std::array<std::uint64_t, 16> counts{};
};

struct HistogramView {
  HistogramBins bins;
  HistogramCounts counts;
  UnknownFields unknown;  // tolerated, not kept
};

struct StatsView {
  SpoolNumber mean;
  SpoolNumber std;
  SpoolNumber min;
  SpoolNumber max;
  SpoolNumber norm;
  HistogramView histogram;
  UnknownFields unknown;  // tolerated, not kept
};

/// `snapshots[i]`.
struct SnapshotView {
  HexId id;
  HexId span_id;
  std::string_view tensor_name;
  ArrayView<std::uint64_t> shape;
  std::string_view dtype;
  CirronSnapshotMode mode = CirronSnapshotMode::kStats;
  std::optional<StatsView> stats;
  std::optional<std::string_view> blob_uri;
  std::uint64_t ts_ns = 0;
  JsonObjectText attrs;
  UnknownFields unknown;
};

/// The batch object; its records went to the sink before it is complete.
struct BatchView {
  SchemaVersion schema_version;
  std::string_view sdk_version;
  HexId batch_id;
  std::uint64_t created_ns = 0;
  format::StreamedArray spans;
  format::StreamedArray marks;
  format::StreamedArray snapshots;
  UnknownFields unknown;
};

}  // namespace tracedoc::cirron
