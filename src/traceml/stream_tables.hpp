// The column table of each stream, of a phase sample and of the closing line
// (docs/traceml-export.md): the one place the columns, their order and their rules are written.
// The object reader (format/object_codec.hpp) reads a line through them; their writers write a
// record back as the exporter wrote it (docs/traceml-conversion.md, "Records kept whole").
#pragma once

#include <span>
#include <string_view>

#include "emit/json_emitter.hpp"
#include "format/object_codec.hpp"
#include "traceml/export_records.hpp"

namespace tracedoc::traceml {

std::span<const format::FieldSpec<StepTimeView>> StepTimeFields();
std::span<const format::FieldSpec<StepMemoryView>> StepMemoryFields();
std::span<const format::FieldSpec<SystemView>> SystemFields();
std::span<const format::FieldSpec<SystemGpuView>> SystemGpuFields();
std::span<const format::FieldSpec<ProcessView>> ProcessFields();
std::span<const format::FieldSpec<RuntimeEnvironmentView>> RuntimeEnvironmentFields();
std::span<const format::FieldSpec<OutputLineView>> OutputLineFields();
/// `is_gpu`, `duration_ms`, `cpu_ms`, `gpu_ms`, `n_calls`: an events sample's members.
std::span<const format::FieldSpec<PhaseSampleView>> PhaseSampleFields();
std::span<const format::FieldSpec<ClosingLineView>> ClosingLineFields();

inline std::span<const format::FieldSpec<StepTimeView>> FieldsOf(const StepTimeView&) {
  return StepTimeFields();
}
inline std::span<const format::FieldSpec<StepMemoryView>> FieldsOf(const StepMemoryView&) {
  return StepMemoryFields();
}
inline std::span<const format::FieldSpec<SystemView>> FieldsOf(const SystemView&) {
  return SystemFields();
}
inline std::span<const format::FieldSpec<SystemGpuView>> FieldsOf(const SystemGpuView&) {
  return SystemGpuFields();
}
inline std::span<const format::FieldSpec<ProcessView>> FieldsOf(const ProcessView&) {
  return ProcessFields();
}
inline std::span<const format::FieldSpec<RuntimeEnvironmentView>> FieldsOf(
    const RuntimeEnvironmentView&) {
  return RuntimeEnvironmentFields();
}
inline std::span<const format::FieldSpec<OutputLineView>> FieldsOf(const OutputLineView&) {
  return OutputLineFields();
}

/// How a record is read: a key given twice is duplicate_key, unknown ones included; columns
/// out of the table's order are a warning (traceml_field_order under strict).
inline constexpr format::ObjectPolicy kRecordPolicy{.unknown_keys_unique = true,
                                                    .check_order = true};
/// A phase sample: as a record. Its unknown members stay with it, not with its record under
/// their path: a path repeats the phase's name, which may be long, once per device.
inline constexpr format::ObjectPolicy kSamplePolicy{.unknown_keys_unique = true,
                                                    .check_order = true};
/// The closing line: the contract fixes no order for its members.
inline constexpr format::ObjectPolicy kClosingPolicy{.unknown_keys_unique = true};

// The readers of the export's own column types. `stream` and `schema_version` are read before
// the columns (the record reader), so that a record of another stream or schema fails for
// that; in the table they only take their place in the order.
inline bool ReadValue(format::DecodeContext&, std::uint32_t, StreamColumn&) { return true; }
inline bool ReadValue(format::DecodeContext&, std::uint32_t, SchemaVersionColumn&) { return true; }
/// step_time's events: a map (never null) of phase name to a map of device to one sample, each
/// read through PhaseSampleFields; a name or device written twice is duplicate_key. Flattened
/// into the context's arena.
bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, PhaseEvents& out);

// The writers of the export's own column types.
void WriteValue(emit::JsonEmitter& json, const StreamColumn& stream);
void WriteValue(emit::JsonEmitter& json, const SchemaVersionColumn& version);
/// The events map as the exporter nests it: {name: {device: {is_gpu, …, n_calls}}}.
void WriteValue(emit::JsonEmitter& json, const PhaseEvents& events);

/// What of a record WriteRecord leaves out.
struct RecordWriteOptions {
  /// The export carries `hostname` (TraceMLExport::has_hostname): only then is it written.
  bool has_hostname = false;
  /// step_time's `events` map (a converted step carries its samples on its phase spans).
  bool events = true;
};

/// The record as one JSON object, through its table's writers: every column in the table's
/// order (`rank` as read, which equals global_rank), then its unknown members.
template <class View>
void WriteRecord(emit::JsonEmitter& json, const View& view, const RecordWriteOptions& options) {
  json.BeginObject();
  for (const format::FieldSpec<View>& field : FieldsOf(view)) {
    if (field.write == nullptr) continue;
    if (!options.has_hostname && field.name == "hostname") continue;
    if (!options.events && field.name == "events") continue;
    field.write(json, field.name, view);
  }
  format::WriteUnknown(json, view.unknown);
  json.EndObject();
}

}  // namespace tracedoc::traceml
