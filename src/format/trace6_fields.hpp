// The field tables of candle-graph/trace/6 (docs/legacy-trace6.md §9.1–§9.2) for the record kinds
// whose keys differ from trace/10's. They fill the same structs: trace/6's `storage_bytes` is an
// op's output_dense_bytes and a tensor's dense_bytes, `input_storage_bytes` an op's
// input_dense_bytes, and an edge's `duration_ns` a call edge's host_duration_ns.
#pragma once

#include <span>

#include "format/record_fields.hpp"
#include "format/record_traits.hpp"
#include "format/revision_rules.hpp"

namespace tracedoc::format {

/// The meta's run metadata: no capture_contract, no comparison_identity.
std::span<const FieldSpec<TraceRunMeta>> RunMeta6Fields();
/// `storage_bytes`, `input_storage_bytes`; `shape` defaulted.
std::span<const FieldSpec<OpRecord>> Op6Fields();
/// No `label`; `storage_bytes`; `shape` defaulted.
std::span<const FieldSpec<TensorRecord>> Tensor6Fields();
/// No `storage_id`.
std::span<const FieldSpec<MemoryRecord>> Memory6Fields();
/// `used_bytes` and `free_bytes` required, `reserved_bytes` optional, no `capacity_bytes`.
std::span<const FieldSpec<DeviceMemoryRecord>> DeviceMemory6Fields();
/// `{from_span, to_span, duration_ns}`, no `edge_kind`: always a call edge.
std::span<const FieldSpec<EdgeRecord>> Edge6Fields();

/// A record's table under trace/6: its own for the kinds above, trace/10's for the others
/// (span_start, span_end and gradient are the same in both).
template <class Record>
auto Trace6Fields(const Record& record) {
  return RecordTraits<Record>::Fields(record);
}
inline std::span<const FieldSpec<TraceRunMeta>> Trace6Fields(const MetaRecord&) {
  return RunMeta6Fields();
}
inline std::span<const FieldSpec<OpRecord>> Trace6Fields(const OpRecord&) { return Op6Fields(); }
inline std::span<const FieldSpec<TensorRecord>> Trace6Fields(const TensorRecord&) {
  return Tensor6Fields();
}
inline std::span<const FieldSpec<MemoryRecord>> Trace6Fields(const MemoryRecord&) {
  return Memory6Fields();
}
inline std::span<const FieldSpec<DeviceMemoryRecord>> Trace6Fields(const DeviceMemoryRecord&) {
  return DeviceMemory6Fields();
}
inline std::span<const FieldSpec<EdgeRecord>> Trace6Fields(const EdgeRecord&) {
  return Edge6Fields();
}

/// The table of `record` under a revision's rules: trace/6's, or trace/10's (and trace/9's).
template <class Record>
auto FieldsOf(const Record& record, const RevisionRules& rules) {
  return rules.legacy_fields ? Trace6Fields(record) : RecordTraits<Record>::Fields(record);
}

}  // namespace tracedoc::format
