// The field table of each record of a batch (docs/cirron-spool.md, "Batch", "Records"): key,
// rule and member, read by the one object reader (format/object_codec.hpp) in the table's
// order, and the rules across fields each record adds.
#pragma once

#include <span>

#include "cirron/spool_records.hpp"
#include "format/object_codec.hpp"

namespace tracedoc::cirron {

// The value rules of the spool's own types (docs/cirron-spool.md, "Types").
bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, HexId& out);
bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, MarkSpanId& out);
bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, JsonObjectText& out);
bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, SpoolNumber& out);
bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, MarkValue& out);
bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, SchemaVersion& out);
bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, HistogramBins& out);
bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, HistogramCounts& out);
bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, HistogramView& out);
bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, StatsView& out);

inline void WriteValue(emit::JsonEmitter& json, const HexId& id) { json.String(id.text); }
inline void WriteValue(emit::JsonEmitter& json, const MarkSpanId& id) { json.String(id.text); }
inline void WriteValue(emit::JsonEmitter& json, const JsonObjectText& object) {
  json.Raw(object.json);
}
inline void WriteValue(emit::JsonEmitter& json, const SchemaVersion&) { json.U64(1); }
// Written for a converted record, whose JSON must be JSON: a non-finite number as the string
// Python spells it ("NaN", "Infinity", "-Infinity").
void WriteValue(emit::JsonEmitter& json, const SpoolNumber& number);
void WriteValue(emit::JsonEmitter& json, const MarkValue& value);
void WriteValue(emit::JsonEmitter& json, const HistogramBins& bins);
void WriteValue(emit::JsonEmitter& json, const HistogramCounts& counts);
void WriteValue(emit::JsonEmitter& json, const HistogramView& histogram);
void WriteValue(emit::JsonEmitter& json, const StatsView& stats);

std::span<const format::FieldSpec<BatchView>> BatchFields();
std::span<const format::FieldSpec<SpanView>> SpanFields();
std::span<const format::FieldSpec<MarkView>> MarkFields();
std::span<const format::FieldSpec<SnapshotView>> SnapshotFields();
/// A snapshot's `stats` and their `histogram`.
std::span<const format::FieldSpec<StatsView>> StatsFields();
std::span<const format::FieldSpec<HistogramView>> HistogramFields();

/// How every object of a batch is read: in the table's order (the version first, and each rule
/// across fields at the later field: end_ns after start_ns, a mark's value after its
/// value_type, blob_uri after mode), unknown keys kept, a known key given twice an error.
inline constexpr format::ObjectPolicy kRecordPolicy{.table_order = true};

}  // namespace tracedoc::cirron
