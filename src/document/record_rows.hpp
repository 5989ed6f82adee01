// The compact rows of the record kinds a document keeps as lists (docs/architecture.md, "The
// compact document"): for each kind, its members in order and how each is kept. The row, its
// encoding and its decoding come from that list (document/row_layout.hpp); a record handed out
// is built from its row when asked.
#pragma once

#include "document/row_layout.hpp"
#include "tracedoc/document.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc::detail {

template <class Record>
struct RowCodec;

namespace rows {
using row_layout::Integers;
using row_layout::Layout;
using row_layout::OptionalString;
using row_layout::OptionalValue;
using row_layout::String;
using row_layout::Strings;
using row_layout::Unknown;
using row_layout::Value;
}  // namespace rows

/// A span in 52 bytes (its struct takes 128): its start, then what its span_end wrote in place
/// (closed, duration_ns, end_unknown) when it arrived.
template <>
struct RowCodec<SpanRecord>
    : rows::Layout<SpanRecord, rows::String<&SpanRecord::id>,
                   rows::OptionalString<&SpanRecord::parent_id>, rows::String<&SpanRecord::name>,
                   rows::Value<&SpanRecord::kind>, rows::Value<&SpanRecord::measured>,
                   rows::Value<&SpanRecord::start_ns>, rows::Value<&SpanRecord::closed>,
                   rows::Value<&SpanRecord::duration_ns>, rows::OptionalValue<&SpanRecord::step>,
                   rows::Unknown<&SpanRecord::start_unknown>,
                   rows::Unknown<&SpanRecord::end_unknown>> {};

/// An op in 76 bytes (its struct takes 176); its inputs as an array of views of its own.
template <>
struct RowCodec<OpRecord>
    : rows::Layout<OpRecord, rows::String<&OpRecord::span_id>, rows::String<&OpRecord::op_name>,
                   rows::Strings<&OpRecord::inputs>, rows::OptionalString<&OpRecord::output>,
                   rows::Integers<&OpRecord::shape>, rows::String<&OpRecord::dtype>,
                   rows::String<&OpRecord::device>, rows::Value<&OpRecord::duration_ns>,
                   rows::Value<&OpRecord::timestamp_ns>,
                   rows::OptionalValue<&OpRecord::output_dense_bytes>,
                   rows::Value<&OpRecord::input_dense_bytes>, rows::Unknown<&OpRecord::unknown>> {};

/// A tensor in 49 bytes (its struct takes 152).
template <>
struct RowCodec<TensorRecord>
    : rows::Layout<TensorRecord, rows::String<&TensorRecord::span_id>,
                   rows::String<&TensorRecord::tensor_id>,
                   rows::OptionalString<&TensorRecord::label>,
                   rows::Integers<&TensorRecord::shape>, rows::String<&TensorRecord::dtype>,
                   rows::String<&TensorRecord::device>, rows::Value<&TensorRecord::requires_grad>,
                   rows::OptionalValue<&TensorRecord::dense_bytes>,
                   rows::Value<&TensorRecord::category>, rows::Unknown<&TensorRecord::unknown>> {};

/// Tensor statistics in 68 bytes (their struct takes 120).
template <>
struct RowCodec<TensorStatsRecord>
    : rows::Layout<TensorStatsRecord, rows::String<&TensorStatsRecord::span_id>,
                   rows::String<&TensorStatsRecord::label>,
                   rows::Integers<&TensorStatsRecord::shape>,
                   rows::String<&TensorStatsRecord::dtype>,
                   rows::Value<&TensorStatsRecord::elements>,
                   rows::Value<&TensorStatsRecord::non_finite>,
                   rows::Value<&TensorStatsRecord::rms>, rows::Value<&TensorStatsRecord::abs_max>,
                   rows::Value<&TensorStatsRecord::mean>,
                   rows::Unknown<&TensorStatsRecord::unknown>> {};

/// A memory event in 61 bytes (its struct takes 168).
template <>
struct RowCodec<MemoryRecord>
    : rows::Layout<MemoryRecord, rows::Value<&MemoryRecord::timestamp_ns>,
                   rows::String<&MemoryRecord::storage_id>, rows::String<&MemoryRecord::tensor_id>,
                   rows::String<&MemoryRecord::span_id>,
                   rows::OptionalString<&MemoryRecord::op_name>,
                   rows::String<&MemoryRecord::device>, rows::Value<&MemoryRecord::bytes>,
                   rows::Value<&MemoryRecord::action>, rows::Integers<&MemoryRecord::shape>,
                   rows::String<&MemoryRecord::dtype>, rows::Value<&MemoryRecord::category>,
                   rows::Unknown<&MemoryRecord::unknown>> {};

/// A device memory sample in 54 bytes (its struct takes 104).
template <>
struct RowCodec<DeviceMemoryRecord>
    : rows::Layout<DeviceMemoryRecord, rows::Value<&DeviceMemoryRecord::timestamp_ns>,
                   rows::String<&DeviceMemoryRecord::device>,
                   rows::OptionalValue<&DeviceMemoryRecord::used_bytes>,
                   rows::OptionalValue<&DeviceMemoryRecord::free_bytes>,
                   rows::OptionalValue<&DeviceMemoryRecord::reserved_bytes>,
                   rows::OptionalValue<&DeviceMemoryRecord::capacity_bytes>,
                   rows::Unknown<&DeviceMemoryRecord::unknown>> {};

/// A device interval in 49 bytes (its struct takes 112).
template <>
struct RowCodec<DeviceIntervalRecord>
    : rows::Layout<DeviceIntervalRecord, rows::String<&DeviceIntervalRecord::span_id>,
                   rows::String<&DeviceIntervalRecord::device>,
                   rows::String<&DeviceIntervalRecord::stream_id>,
                   rows::String<&DeviceIntervalRecord::clock_id>,
                   rows::String<&DeviceIntervalRecord::backend>,
                   rows::Value<&DeviceIntervalRecord::start_ns>,
                   rows::Value<&DeviceIntervalRecord::duration_ns>,
                   rows::Unknown<&DeviceIntervalRecord::unknown>> {};

/// A gradient in 33 bytes (its struct takes 88).
template <>
struct RowCodec<GradientRecord>
    : rows::Layout<GradientRecord, rows::String<&GradientRecord::event_id>,
                   rows::String<&GradientRecord::root>, rows::String<&GradientRecord::key>,
                   rows::Value<&GradientRecord::state>, rows::OptionalValue<&GradientRecord::norm>,
                   rows::Unknown<&GradientRecord::unknown>> {};

/// An edge in 27 bytes (its struct takes 64).
template <>
struct RowCodec<EdgeRecord>
    : rows::Layout<EdgeRecord, rows::Value<&EdgeRecord::edge_kind>, rows::String<&EdgeRecord::from>,
                   rows::String<&EdgeRecord::to>, rows::Value<&EdgeRecord::host_duration_ns>,
                   rows::Unknown<&EdgeRecord::unknown>> {};

}  // namespace tracedoc::detail
