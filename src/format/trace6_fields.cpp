#include "format/trace6_fields.hpp"

namespace tracedoc::format {
namespace {

using enum Presence;

// A key trace/6 requires whose member is optional because trace/10 makes it so: missing is
// missing_field and `null` invalid_type, as for any required u64; always written.
template <class Root, auto Member>
constexpr FieldSpec<Root> RequiredValue(std::string_view name) {
  return FieldSpec<Root>{
      name, kRequired,
      [](DecodeContext& ctx, std::uint32_t node, Root& record) {
        return ReadValue(ctx, node, (record.*Member).emplace());
      },
      &detail::WriteMember<false, Root, Member>, &detail::OwnMember<Root, Member>,
      // A null here is invalid_type, which no slot says: the general path reads it.
      nullptr};
}

constexpr FieldSpec<TraceRunMeta> kRunMeta6Fields[] = {
    Field<TraceRunMeta, &TraceRunMeta::run_id>("run_id"),
    Field<TraceRunMeta, &TraceRunMeta::correlation_id>("correlation_id"),
    Field<TraceRunMeta, &TraceRunMeta::entrypoint>("entrypoint"),
    Field<TraceRunMeta, &TraceRunMeta::phase>("phase"),
    Field<TraceRunMeta, &TraceRunMeta::timestamp>("timestamp"),
    Field<TraceRunMeta, &TraceRunMeta::capture_step>("capture_step"),
    Field<TraceRunMeta, &TraceRunMeta::warmup_steps>("warmup_steps"),
    Field<TraceRunMeta, &TraceRunMeta::device>("device"),
    Field<TraceRunMeta, &TraceRunMeta::measured_region_device_synchronized>(
        "measured_region_device_synchronized", kDefaulted),
    Field<TraceRunMeta, &TraceRunMeta::timing_mode>("timing_mode"),
    Field<TraceRunMeta, &TraceRunMeta::tags>("tags"),
    Field<TraceRunMeta, &TraceRunMeta::candle_version>("candle_version"),
};

constexpr FieldSpec<OpRecord> kOp6Fields[] = {
    Field<OpRecord, &OpRecord::span_id>("span_id"),
    Field<OpRecord, &OpRecord::op_name>("op_name"),
    Field<OpRecord, &OpRecord::inputs>("inputs", kDefaulted),
    Field<OpRecord, &OpRecord::output>("output"),
    Field<OpRecord, &OpRecord::shape>("shape", kDefaulted),
    Field<OpRecord, &OpRecord::dtype>("dtype"),
    Field<OpRecord, &OpRecord::device>("device"),
    Field<OpRecord, &OpRecord::duration_ns>("duration_ns"),
    Field<OpRecord, &OpRecord::timestamp_ns>("timestamp_ns", kDefaulted),
    Field<OpRecord, &OpRecord::output_dense_bytes>("storage_bytes"),
    Field<OpRecord, &OpRecord::input_dense_bytes>("input_storage_bytes", kDefaulted),
};

constexpr FieldSpec<TensorRecord> kTensor6Fields[] = {
    Field<TensorRecord, &TensorRecord::span_id>("span_id"),
    Field<TensorRecord, &TensorRecord::tensor_id>("tensor_id"),
    Field<TensorRecord, &TensorRecord::shape>("shape", kDefaulted),
    Field<TensorRecord, &TensorRecord::dtype>("dtype"),
    Field<TensorRecord, &TensorRecord::device>("device"),
    Field<TensorRecord, &TensorRecord::requires_grad>("requires_grad", kDefaulted),
    Field<TensorRecord, &TensorRecord::dense_bytes>("storage_bytes"),
    Field<TensorRecord, &TensorRecord::category>("category", kDefaulted),
};

constexpr FieldSpec<MemoryRecord> kMemory6Fields[] = {
    Field<MemoryRecord, &MemoryRecord::timestamp_ns>("timestamp_ns"),
    Field<MemoryRecord, &MemoryRecord::tensor_id>("tensor_id"),
    Field<MemoryRecord, &MemoryRecord::span_id>("span_id"),
    Field<MemoryRecord, &MemoryRecord::op_name>("op_name"),
    Field<MemoryRecord, &MemoryRecord::device>("device"),
    Field<MemoryRecord, &MemoryRecord::bytes>("bytes"),
    Field<MemoryRecord, &MemoryRecord::action>("action"),
    Field<MemoryRecord, &MemoryRecord::shape>("shape", kDefaulted),
    Field<MemoryRecord, &MemoryRecord::dtype>("dtype"),
    Field<MemoryRecord, &MemoryRecord::category>("category", kDefaulted),
};

constexpr FieldSpec<DeviceMemoryRecord> kDeviceMemory6Fields[] = {
    Field<DeviceMemoryRecord, &DeviceMemoryRecord::timestamp_ns>("timestamp_ns"),
    Field<DeviceMemoryRecord, &DeviceMemoryRecord::device>("device"),
    RequiredValue<DeviceMemoryRecord, &DeviceMemoryRecord::used_bytes>("used_bytes"),
    RequiredValue<DeviceMemoryRecord, &DeviceMemoryRecord::free_bytes>("free_bytes"),
    Field<DeviceMemoryRecord, &DeviceMemoryRecord::reserved_bytes>("reserved_bytes"),
};

constexpr FieldSpec<EdgeRecord> kEdge6Fields[] = {
    Field<EdgeRecord, &EdgeRecord::from>("from_span"),
    Field<EdgeRecord, &EdgeRecord::to>("to_span"),
    Field<EdgeRecord, &EdgeRecord::host_duration_ns>("duration_ns"),
};

}  // namespace

std::span<const FieldSpec<TraceRunMeta>> RunMeta6Fields() { return kRunMeta6Fields; }
std::span<const FieldSpec<OpRecord>> Op6Fields() { return kOp6Fields; }
std::span<const FieldSpec<TensorRecord>> Tensor6Fields() { return kTensor6Fields; }
std::span<const FieldSpec<MemoryRecord>> Memory6Fields() { return kMemory6Fields; }
std::span<const FieldSpec<DeviceMemoryRecord>> DeviceMemory6Fields() {
  return kDeviceMemory6Fields;
}
std::span<const FieldSpec<EdgeRecord>> Edge6Fields() { return kEdge6Fields; }

}  // namespace tracedoc::format
