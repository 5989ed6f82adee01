// The field tables of every record and nested object, in serialized key order, and the readers
// and writers of the nested objects built on them.
#include "format/record_fields.hpp"

#include <algorithm>
#include <vector>

#include "format/object_codec.hpp"

namespace tracedoc::format {
namespace {

using enum Presence;

constexpr FieldSpec<TraceRunMeta> kRunMetaFields[] = {
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
    Field<TraceRunMeta, &TraceRunMeta::capture_contract>("capture_contract"),
    Field<TraceRunMeta, &TraceRunMeta::comparison_identity>("comparison_identity"),
    Field<TraceRunMeta, &TraceRunMeta::tags>("tags"),
    Field<TraceRunMeta, &TraceRunMeta::candle_version>("candle_version"),
};

constexpr FieldSpec<CaptureContract> kCaptureContractFields[] = {
    Field<CaptureContract, &CaptureContract::measurement_scope>("measurement_scope"),
    Field<CaptureContract, &CaptureContract::operations>("operations"),
    Field<CaptureContract, &CaptureContract::tensors>("tensors", kDefaulted),
    Field<CaptureContract, &CaptureContract::gradients>("gradients", kDefaulted),
    Field<CaptureContract, &CaptureContract::gradient_contract>("gradient_contract"),
    Field<CaptureContract, &CaptureContract::logical_memory>("logical_memory"),
    Field<CaptureContract, &CaptureContract::physical_memory>("physical_memory"),
    Field<CaptureContract, &CaptureContract::device_timing>("device_timing"),
    Field<CaptureContract, &CaptureContract::required_semantic_labels>("required_semantic_labels",
                                                                       kDefaulted),
    FieldOmittedWhenEmpty<CaptureContract, &CaptureContract::gpu_expected_semantic_labels>(
        "gpu_expected_semantic_labels"),
    FieldOmittedWhenEmpty<CaptureContract, &CaptureContract::cpu_only_semantic_labels>(
        "cpu_only_semantic_labels"),
};

constexpr FieldSpec<GradientContract> kGradientContractFields[] = {
    Field<GradientContract, &GradientContract::manifest_sha256>("manifest_sha256"),
    Field<GradientContract, &GradientContract::expected>("expected"),
    Field<GradientContract, &GradientContract::families>("families"),
};

constexpr FieldSpec<ExpectedGradient> kExpectedGradientFields[] = {
    Field<ExpectedGradient, &ExpectedGradient::root>("root"),
    Field<ExpectedGradient, &ExpectedGradient::key>("key"),
    Field<ExpectedGradient, &ExpectedGradient::family>("family"),
};

constexpr FieldSpec<GradientFamilyContract> kGradientFamilyContractFields[] = {
    Field<GradientFamilyContract, &GradientFamilyContract::family>("family"),
    Field<GradientFamilyContract, &GradientFamilyContract::expectation>("expectation"),
    Field<GradientFamilyContract, &GradientFamilyContract::min_present>("min_present"),
};

constexpr FieldSpec<ComparisonIdentity> kComparisonIdentityFields[] = {
    Field<ComparisonIdentity, &ComparisonIdentity::implementation_id>("implementation_id"),
    Field<ComparisonIdentity, &ComparisonIdentity::workload_id>("workload_id"),
    Field<ComparisonIdentity, &ComparisonIdentity::model_id>("model_id"),
    Field<ComparisonIdentity, &ComparisonIdentity::config_id>("config_id"),
    Field<ComparisonIdentity, &ComparisonIdentity::data_id>("data_id"),
    Field<ComparisonIdentity, &ComparisonIdentity::seed_policy>("seed_policy"),
    Field<ComparisonIdentity, &ComparisonIdentity::physical_batch>("physical_batch"),
    Field<ComparisonIdentity, &ComparisonIdentity::accumulation_steps>("accumulation_steps"),
    Field<ComparisonIdentity, &ComparisonIdentity::precision>("precision"),
    Field<ComparisonIdentity, &ComparisonIdentity::device_state>("device_state"),
    Field<ComparisonIdentity, &ComparisonIdentity::pair_id>("pair_id"),
};

constexpr FieldSpec<SpanStartRecord> kSpanStartFields[] = {
    Field<SpanStartRecord, &SpanStartRecord::id>("id"),
    Field<SpanStartRecord, &SpanStartRecord::parent_id>("parent_id"),
    Field<SpanStartRecord, &SpanStartRecord::name>("name"),
    Field<SpanStartRecord, &SpanStartRecord::start_ns>("start_ns"),
    Field<SpanStartRecord, &SpanStartRecord::span_kind>("span_kind"),
    Field<SpanStartRecord, &SpanStartRecord::measured>("measured", kDefaulted),
    Field<SpanStartRecord, &SpanStartRecord::step>("step"),
};

constexpr FieldSpec<SpanEndRecord> kSpanEndFields[] = {
    Field<SpanEndRecord, &SpanEndRecord::id>("id"),
    Field<SpanEndRecord, &SpanEndRecord::duration_ns>("duration_ns", kDefaulted),
};

constexpr FieldSpec<OpRecord> kOpFields[] = {
    Field<OpRecord, &OpRecord::span_id>("span_id").Described("The op's `span_id`."),
    Field<OpRecord, &OpRecord::op_name>("op_name").Described("The op's `op_name`."),
    Field<OpRecord, &OpRecord::inputs>("inputs", kDefaulted)
        .Described("The op's `inputs`: a JSON array of tensor ids."),
    Field<OpRecord, &OpRecord::output>("output").Described(
        "The op's `output` tensor id, when given."),
    Field<OpRecord, &OpRecord::shape>("shape").Described(
        "The op's `shape`: a JSON array of integers."),
    Field<OpRecord, &OpRecord::dtype>("dtype").Described("The op's `dtype`."),
    Field<OpRecord, &OpRecord::device>("device").Described("The op's `device`."),
    Field<OpRecord, &OpRecord::duration_ns>("duration_ns").Described("The op's `duration_ns`."),
    Field<OpRecord, &OpRecord::timestamp_ns>("timestamp_ns", kDefaulted)
        .Described("The op's `timestamp_ns`."),
    Field<OpRecord, &OpRecord::output_dense_bytes>("output_dense_bytes")
        .Described("The output's dense bytes, as given or resolved from shape and dtype; null when "
                   "unknown."),
    Field<OpRecord, &OpRecord::input_dense_bytes>("input_dense_bytes")
        .Described("The inputs' dense bytes."),
};

constexpr FieldSpec<TensorRecord> kTensorFields[] = {
    Field<TensorRecord, &TensorRecord::span_id>("span_id").Described("The tensor's `span_id`."),
    Field<TensorRecord, &TensorRecord::tensor_id>("tensor_id")
        .Described("The tensor's `tensor_id`."),
    Field<TensorRecord, &TensorRecord::label>("label").Described(
        "The tensor's `label`, when given."),
    Field<TensorRecord, &TensorRecord::shape>("shape").Described(
        "The tensor's `shape`: a JSON array of integers."),
    Field<TensorRecord, &TensorRecord::dtype>("dtype").Described("The tensor's `dtype`."),
    Field<TensorRecord, &TensorRecord::device>("device").Described("The tensor's `device`."),
    Field<TensorRecord, &TensorRecord::requires_grad>("requires_grad", kDefaulted)
        .Described("The tensor's `requires_grad`."),
    Field<TensorRecord, &TensorRecord::dense_bytes>("dense_bytes")
        .Described("The tensor's dense bytes, as given or resolved; null when unknown."),
    Field<TensorRecord, &TensorRecord::category>("category", kDefaulted)
        .Described("The tensor's memory `category`."),
};

constexpr FieldSpec<TensorStatsRecord> kTensorStatsFields[] = {
    Field<TensorStatsRecord, &TensorStatsRecord::span_id>("span_id").Described(
        "The record's `span_id`."),
    Field<TensorStatsRecord, &TensorStatsRecord::label>("label").Described("The record's `label`."),
    Field<TensorStatsRecord, &TensorStatsRecord::shape>("shape").Described(
        "The record's `shape`: a JSON array of integers."),
    Field<TensorStatsRecord, &TensorStatsRecord::dtype>("dtype").Described("The record's `dtype`."),
    Field<TensorStatsRecord, &TensorStatsRecord::elements>("elements")
        .Described("The record's `elements`."),
    Field<TensorStatsRecord, &TensorStatsRecord::non_finite>("non_finite")
        .Described("The record's `non_finite`."),
    Field<TensorStatsRecord, &TensorStatsRecord::rms>("rms").Described(
        "The record's `rms`; null when not finite."),
    Field<TensorStatsRecord, &TensorStatsRecord::abs_max>("abs_max").Described(
        "The record's `abs_max`; null when not finite."),
    Field<TensorStatsRecord, &TensorStatsRecord::mean>("mean").Described(
        "The record's `mean`; null when not finite."),
};

constexpr FieldSpec<MemoryRecord> kMemoryFields[] = {
    Field<MemoryRecord, &MemoryRecord::timestamp_ns>("timestamp_ns")
        .Described("The event's `timestamp_ns`."),
    Field<MemoryRecord, &MemoryRecord::storage_id>("storage_id")
        .Described("The event's `storage_id`."),
    Field<MemoryRecord, &MemoryRecord::tensor_id>("tensor_id")
        .Described("The event's `tensor_id`."),
    Field<MemoryRecord, &MemoryRecord::span_id>("span_id").Described("The event's `span_id`."),
    Field<MemoryRecord, &MemoryRecord::op_name>("op_name").Described(
        "The event's `op_name`, when given."),
    Field<MemoryRecord, &MemoryRecord::device>("device").Described("The event's `device`."),
    Field<MemoryRecord, &MemoryRecord::bytes>("bytes").Described("The event's `bytes`."),
    Field<MemoryRecord, &MemoryRecord::action>("action").Described(
        "The event's `action`: `alloc` or `free`."),
    Field<MemoryRecord, &MemoryRecord::shape>("shape", kDefaulted)
        .Described("The event's `shape`: a JSON array of integers."),
    Field<MemoryRecord, &MemoryRecord::dtype>("dtype").Described("The event's `dtype`."),
    Field<MemoryRecord, &MemoryRecord::category>("category", kDefaulted)
        .Described("The event's `category`."),
};

constexpr FieldSpec<DeviceMemoryRecord> kDeviceMemoryFields[] = {
    Field<DeviceMemoryRecord, &DeviceMemoryRecord::timestamp_ns>("timestamp_ns")
        .Described("The sample's `timestamp_ns`."),
    Field<DeviceMemoryRecord, &DeviceMemoryRecord::device>("device").Described(
        "The sample's `device`."),
    Field<DeviceMemoryRecord, &DeviceMemoryRecord::used_bytes>("used_bytes")
        .Described("The sample's `used_bytes`, when given."),
    Field<DeviceMemoryRecord, &DeviceMemoryRecord::free_bytes>("free_bytes")
        .Described("The sample's `free_bytes`, when given."),
    Field<DeviceMemoryRecord, &DeviceMemoryRecord::reserved_bytes>("reserved_bytes")
        .Described("The sample's `reserved_bytes`, when given."),
    Field<DeviceMemoryRecord, &DeviceMemoryRecord::capacity_bytes>("capacity_bytes")
        .Described("The sample's `capacity_bytes`, when given."),
};

constexpr FieldSpec<DeviceIntervalRecord> kDeviceIntervalFields[] = {
    Field<DeviceIntervalRecord, &DeviceIntervalRecord::span_id>("span_id").Described(
        "The interval's `span_id`."),
    Field<DeviceIntervalRecord, &DeviceIntervalRecord::device>("device").Described(
        "The interval's `device`."),
    Field<DeviceIntervalRecord, &DeviceIntervalRecord::stream_id>("stream_id")
        .Described("The interval's `stream_id`."),
    Field<DeviceIntervalRecord, &DeviceIntervalRecord::clock_id>("clock_id")
        .Described("The interval's `clock_id`."),
    Field<DeviceIntervalRecord, &DeviceIntervalRecord::backend>("backend").Described(
        "The interval's `backend`."),
    Field<DeviceIntervalRecord, &DeviceIntervalRecord::start_ns>("start_ns")
        .Described("The interval's `start_ns`."),
    Field<DeviceIntervalRecord, &DeviceIntervalRecord::duration_ns>("duration_ns")
        .Described("The interval's `duration_ns`."),
};

constexpr FieldSpec<GradientRecord> kGradientFields[] = {
    Field<GradientRecord, &GradientRecord::event_id>("event_id")
        .Described("The gradient's `event_id`."),
    Field<GradientRecord, &GradientRecord::root>("root").Described("The gradient's `root`."),
    Field<GradientRecord, &GradientRecord::key>("key").Described("The gradient's parameter `key`."),
    Field<GradientRecord, &GradientRecord::state>("state").Described(
        "The gradient's `state`: `present`, `missing`, `zero` or `non_finite`."),
    Field<GradientRecord, &GradientRecord::norm>("norm").Described(
        "The gradient's `norm`; null when absent or not finite."),
};

constexpr FieldSpec<EdgeRecord> kCallEdgeFields[] = {
    Field<EdgeRecord, &EdgeRecord::from>("from_span"),
    Field<EdgeRecord, &EdgeRecord::to>("to_span"),
    Field<EdgeRecord, &EdgeRecord::host_duration_ns>("host_duration_ns"),
};

constexpr FieldSpec<EdgeRecord> kDataEdgeFields[] = {
    Field<EdgeRecord, &EdgeRecord::from>("from_tensor"),
    Field<EdgeRecord, &EdgeRecord::to>("to_tensor"),
};

constexpr FieldSpec<TerminalRecord> kTerminalFields[] = {
    Field<TerminalRecord, &TerminalRecord::outcome>("outcome"),
    Field<TerminalRecord, &TerminalRecord::timestamp_ns>("timestamp_ns"),
    Field<TerminalRecord, &TerminalRecord::reason>("reason"),
};

template <class Record>
void WriteNested(emit::JsonEmitter& json, std::span<const FieldSpec<Record>> fields,
                 const Record& record) {
  json.BeginObject();
  WriteFields(json, fields, record, record.unknown);
  json.EndObject();
}

}  // namespace

std::span<const FieldSpec<TraceRunMeta>> RunMetaFields() { return kRunMetaFields; }
std::span<const FieldSpec<CaptureContract>> CaptureContractFields() {
  return kCaptureContractFields;
}
std::span<const FieldSpec<GradientContract>> GradientContractFields() {
  return kGradientContractFields;
}
std::span<const FieldSpec<ExpectedGradient>> ExpectedGradientFields() {
  return kExpectedGradientFields;
}
std::span<const FieldSpec<GradientFamilyContract>> GradientFamilyContractFields() {
  return kGradientFamilyContractFields;
}
std::span<const FieldSpec<ComparisonIdentity>> ComparisonIdentityFields() {
  return kComparisonIdentityFields;
}
std::span<const FieldSpec<SpanStartRecord>> SpanStartFields() { return kSpanStartFields; }
std::span<const FieldSpec<SpanEndRecord>> SpanEndFields() { return kSpanEndFields; }
std::span<const FieldSpec<OpRecord>> OpFields() { return kOpFields; }
std::span<const FieldSpec<TensorRecord>> TensorFields() { return kTensorFields; }
std::span<const FieldSpec<TensorStatsRecord>> TensorStatsFields() { return kTensorStatsFields; }
std::span<const FieldSpec<MemoryRecord>> MemoryFields() { return kMemoryFields; }
std::span<const FieldSpec<DeviceMemoryRecord>> DeviceMemoryFields() { return kDeviceMemoryFields; }
std::span<const FieldSpec<DeviceIntervalRecord>> DeviceIntervalFields() {
  return kDeviceIntervalFields;
}
std::span<const FieldSpec<GradientRecord>> GradientFields() { return kGradientFields; }
std::span<const FieldSpec<EdgeRecord>> CallEdgeFields() { return kCallEdgeFields; }
std::span<const FieldSpec<EdgeRecord>> DataEdgeFields() { return kDataEdgeFields; }
std::span<const FieldSpec<TerminalRecord>> TerminalFields() { return kTerminalFields; }

bool ReadValue(DecodeContext& ctx, std::uint32_t node, CaptureContract& out) {
  return ReadObject(ctx, node, CaptureContractFields(), out, out.unknown);
}
bool ReadValue(DecodeContext& ctx, std::uint32_t node, GradientContract& out) {
  return ReadObject(ctx, node, GradientContractFields(), out, out.unknown);
}
bool ReadValue(DecodeContext& ctx, std::uint32_t node, ExpectedGradient& out) {
  return ReadObject(ctx, node, ExpectedGradientFields(), out, out.unknown);
}
bool ReadValue(DecodeContext& ctx, std::uint32_t node, GradientFamilyContract& out) {
  return ReadObject(ctx, node, GradientFamilyContractFields(), out, out.unknown);
}
bool ReadValue(DecodeContext& ctx, std::uint32_t node, ComparisonIdentity& out) {
  return ReadObject(ctx, node, ComparisonIdentityFields(), out, out.unknown);
}

bool ReadValue(DecodeContext& ctx, std::uint32_t node, ArrayView<Tag>& out) {
  const json::Node& object = ctx.node(node);
  if (object.type != json::NodeType::kObject) return FailType(ctx, node, "a map");
  Tag* tags = ctx.arena.Allocate<Tag>(object.count);
  std::size_t count = 0;
  std::uint32_t key_node = node + 1;
  for (std::uint32_t m = 0; m < object.count; ++m) {
    const std::uint32_t value_node = key_node + 1;
    Tag tag{ctx.text(key_node), {}};
    const PathStep step{ctx.path, tag.key};
    const PathStep* saved = ctx.path;
    ctx.path = &step;
    const bool ok = ReadValue(ctx, value_node, tag.value);
    ctx.path = saved;
    if (!ok) return false;
    new (&tags[count++]) Tag(tag);
    key_node = ctx.node(value_node).end;
  }
  // A map: keys in byte-wise order, and the last of repeated keys wins (§1.2).
  std::stable_sort(tags, tags + count, [](const Tag& a, const Tag& b) { return a.key < b.key; });
  std::size_t unique = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (unique > 0 && tags[unique - 1].key == tags[i].key) {
      tags[unique - 1] = tags[i];
    } else {
      tags[unique++] = tags[i];
    }
  }
  out = ArrayView<Tag>(tags, unique);
  return true;
}

void Own(util::StringPool& pool, CaptureContract& value) {
  OwnFields(pool, CaptureContractFields(), value);
}
void Own(util::StringPool& pool, GradientContract& value) {
  OwnFields(pool, GradientContractFields(), value);
}
void Own(util::StringPool& pool, ExpectedGradient& value) {
  OwnFields(pool, ExpectedGradientFields(), value);
}
void Own(util::StringPool& pool, GradientFamilyContract& value) {
  OwnFields(pool, GradientFamilyContractFields(), value);
}
void Own(util::StringPool& pool, ComparisonIdentity& value) {
  OwnFields(pool, ComparisonIdentityFields(), value);
}

void WriteValue(emit::JsonEmitter& json, const CaptureContract& value) {
  WriteNested(json, CaptureContractFields(), value);
}
void WriteValue(emit::JsonEmitter& json, const GradientContract& value) {
  WriteNested(json, GradientContractFields(), value);
}
void WriteValue(emit::JsonEmitter& json, const ExpectedGradient& value) {
  WriteNested(json, ExpectedGradientFields(), value);
}
void WriteValue(emit::JsonEmitter& json, const GradientFamilyContract& value) {
  WriteNested(json, GradientFamilyContractFields(), value);
}
void WriteValue(emit::JsonEmitter& json, const ComparisonIdentity& value) {
  WriteNested(json, ComparisonIdentityFields(), value);
}
void WriteValue(emit::JsonEmitter& json, const ArrayView<Tag>& tags) {
  json.BeginObject();
  for (const Tag& tag : tags) json.Key(tag.key).String(tag.value);
  json.EndObject();
}

}  // namespace tracedoc::format
