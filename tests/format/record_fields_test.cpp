// The field tables (format/record_fields, format/trace6_fields): each record's keys in written
// order, what a missing key and `null` mean per field, the nested objects read and written through
// their tables (errors under their paths), `tags`, the fast path's slots, a foreign record's
// fields, and which table a record takes under trace/6.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "emit/json_emitter.hpp"
#include "emit/json_format.hpp"
#include "format/object_codec.hpp"
#include "format/record_fields.hpp"
#include "format/trace6_fields.hpp"
#include "support/parsed_json.hpp"

namespace tracedoc::format {
namespace {

using testing::ParsedJson;

template <class Record>
std::vector<std::string_view> Keys(std::span<const FieldSpec<Record>> fields) {
  std::vector<std::string_view> keys;
  for (const FieldSpec<Record>& field : fields) keys.push_back(field.name);
  return keys;
}

template <class Record>
const FieldSpec<Record>& FieldNamed(std::span<const FieldSpec<Record>> fields,
                                    std::string_view name) {
  for (const FieldSpec<Record>& field : fields) {
    if (field.name == name) return field;
  }
  ADD_FAILURE() << "no field " << name;
  return fields[0];
}

// `value` written alone, as a nested object or array is.
template <class T>
std::string WrittenValue(const T& value) {
  return emit::EmitJsonString(false, [&](emit::JsonEmitter& json) { WriteValue(json, value); });
}

// `record` written through `fields`, with its unknown members.
template <class Record>
std::string WrittenRecord(std::span<const FieldSpec<Record>> fields, const Record& record) {
  return emit::EmitJsonString(false, [&](emit::JsonEmitter& json) {
    json.BeginObject();
    WriteFields(json, fields, record, record.unknown);
    json.EndObject();
  });
}

using Names = std::vector<std::string_view>;

TEST(RecordFieldsTest, TablesAreInWrittenKeyOrder) {
  EXPECT_EQ(Keys(TerminalFields()), (Names{"outcome", "timestamp_ns", "reason"}));
  EXPECT_EQ(Keys(CallEdgeFields()), (Names{"from_span", "to_span", "host_duration_ns"}));
  EXPECT_EQ(Keys(DataEdgeFields()), (Names{"from_tensor", "to_tensor"}));
  EXPECT_EQ(Keys(SpanEndFields()), (Names{"id", "duration_ns"}));
  EXPECT_EQ(Keys(DeviceMemoryFields()), (Names{"timestamp_ns", "device", "used_bytes",
                                               "free_bytes", "reserved_bytes", "capacity_bytes"}));
  EXPECT_EQ(Keys(GradientFamilyContractFields()), (Names{"family", "expectation", "min_present"}));
  EXPECT_EQ(Keys(RunMetaFields()).size(), 14u);
  EXPECT_EQ(Keys(RunMetaFields())[10], "capture_contract");
  EXPECT_EQ(Keys(RunMetaFields())[11], "comparison_identity");
}

TEST(RecordFieldsTest, AnOptionalMemberIsAnOptionalKeyWhateverTheTableSays) {
  // Field: a std::optional member is kOptional; others keep the presence given.
  EXPECT_EQ(FieldNamed(DeviceMemoryFields(), "used_bytes").presence, Presence::kOptional);
  EXPECT_EQ(FieldNamed(DeviceMemoryFields(), "device").presence, Presence::kRequired);
  EXPECT_EQ(FieldNamed(SpanEndFields(), "duration_ns").presence, Presence::kDefaulted);
  EXPECT_EQ(FieldNamed(CaptureContractFields(), "gpu_expected_semantic_labels").presence,
            Presence::kDefaulted);
}

TEST(RecordFieldsTest, SlotsPointAtTheMembersTheFieldsRead) {
  DeviceMemoryRecord record;
  const FieldSlot device = FieldNamed(DeviceMemoryFields(), "device").slot(record);
  EXPECT_EQ(device.kind, SlotKind::kString);
  EXPECT_EQ(device.target, &record.device);
  const FieldSlot used = FieldNamed(DeviceMemoryFields(), "used_bytes").slot(record);
  EXPECT_EQ(used.kind, SlotKind::kOptionalU64);
  EXPECT_EQ(used.target, &record.used_bytes);
  CaptureContract contract;
  // A nested object has a slot function, but the general path reads it.
  EXPECT_EQ(FieldNamed(CaptureContractFields(), "gradient_contract").slot(contract).kind,
            SlotKind::kUnhandled);
}

TEST(RecordFieldsTest, ANestedObjectReadsThroughItsTable) {
  ParsedJson parsed(R"({"family":"attn","expectation":"inactive","min_present":2,"x":[1]})");
  GradientFamilyContract family;
  ASSERT_TRUE(ReadValue(parsed.ctx(), 0, family)) << parsed.ctx().error.message;
  EXPECT_EQ(family.family, "attn");
  EXPECT_EQ(family.expectation, GradientFamilyExpectation::kInactive);
  EXPECT_EQ(family.min_present, 2u);
  ASSERT_EQ(family.unknown.size(), 1u);
  EXPECT_EQ((*family.unknown.begin()).key, "x");
  EXPECT_EQ((*family.unknown.begin()).json, "[1]");
  // And is written back the same way, its unknown members last.
  EXPECT_EQ(WrittenValue(family),
            R"({"family":"attn","expectation":"inactive","min_present":2,"x":[1]})");
}

TEST(RecordFieldsTest, ANestedObjectsErrorsAreUnderItsPath) {
  ParsedJson missing(R"({"family":"attn","min_present":2})");
  GradientFamilyContract family;
  EXPECT_FALSE(ReadValue(missing.ctx(), 0, family));
  EXPECT_EQ(missing.ctx().error.code, ErrorCode::kMissingField);
  EXPECT_EQ(missing.ctx().error.message, "missing field `expectation`");

  ParsedJson wrong(
      R"({"manifest_sha256":"s","expected":[{"root":"r","key":"k","family":"f"},)"
      R"({"root":"r","key":"k","family":5}],"families":[]})");
  GradientContract contract;
  EXPECT_FALSE(ReadValue(wrong.ctx(), 0, contract));
  EXPECT_EQ(wrong.ctx().error.code, ErrorCode::kInvalidType);
  EXPECT_EQ(wrong.ctx().error.message, "invalid type: integer `5`, expected a string");
  EXPECT_EQ(wrong.ctx().error.field, "expected[1].family");
}

TEST(RecordFieldsTest, TagsAreSortedByKeyAndTheLastOfARepeatedKeyWins) {
  ParsedJson parsed(R"({"b":"1","a":"2","b":"3","C":"4"})");
  ArrayView<Tag> tags;
  ASSERT_TRUE(ReadValue(parsed.ctx(), 0, tags));
  EXPECT_EQ(std::vector<Tag>(tags.begin(), tags.end()),
            (std::vector<Tag>{{"C", "4"}, {"a", "2"}, {"b", "3"}}));
  EXPECT_EQ(WrittenValue(tags), R"({"C":"4","a":"2","b":"3"})");

  ParsedJson not_string(R"({"a":"x","b":true})");
  EXPECT_FALSE(ReadValue(not_string.ctx(), 0, tags));
  EXPECT_EQ(not_string.ctx().error.message, "invalid type: boolean `true`, expected a string");
  EXPECT_EQ(not_string.ctx().error.field, "b");
  ParsedJson not_map(R"(["a"])");
  EXPECT_FALSE(ReadValue(not_map.ctx(), 0, tags));
  EXPECT_EQ(not_map.ctx().error.message, "invalid type: sequence, expected a map");
}

TEST(RecordFieldsTest, NoneIsLeftOutAndEmptyOmittedListsToo) {
  DeviceMemoryRecord memory;
  memory.timestamp_ns = 7;
  memory.device = "cuda:0";
  memory.free_bytes = 0;
  EXPECT_EQ(WrittenRecord(DeviceMemoryFields(), memory),
            R"({"timestamp_ns":7,"device":"cuda:0","free_bytes":0})");

  ParsedJson parsed(R"({"measurement_scope":"profiled_work","operations":"complete",)"
                    R"("gradient_contract":null,"logical_memory":"none","physical_memory":"none",)"
                    R"("device_timing":"partial"})");
  CaptureContract contract;
  ASSERT_TRUE(ReadValue(parsed.ctx(), 0, contract)) << parsed.ctx().error.message;
  EXPECT_EQ(WrittenValue(contract),
            R"({"measurement_scope":"profiled_work","operations":"complete","tensors":"none",)"
            R"("gradients":"none","logical_memory":"none","physical_memory":"none",)"
            R"("device_timing":"partial","required_semantic_labels":[]})");
  const std::vector<std::string_view> labels{"gpu"};
  contract.gpu_expected_semantic_labels = ArrayView<std::string_view>(labels.data(), 1);
  EXPECT_NE(WrittenValue(contract).find(R"("required_semantic_labels":[],)"
                                        R"("gpu_expected_semantic_labels":["gpu"]})"),
            std::string::npos);
}

// A foreign record: its optional member required, written `null` when empty, and its arrays
// written (ArrayView's writer was once out of WritableValue's sight, and they were left out).
struct Foreign {
  std::optional<std::uint64_t> size;
  ArrayView<std::uint64_t> dims;
  ArrayView<std::string_view> names;
  UnknownFields unknown;
};

constexpr FieldSpec<Foreign> kForeignFields[] = {
    ForeignField<Foreign, &Foreign::size>("size"),
    ForeignField<Foreign, &Foreign::dims>("dims"),
    ForeignField<Foreign, &Foreign::names>("names", Presence::kDefaulted),
};

TEST(RecordFieldsTest, AForeignRecordsFieldsAreRequiredAndWrittenWholeNullsIncluded) {
  const std::span<const FieldSpec<Foreign>> fields = kForeignFields;
  EXPECT_EQ(fields[0].presence, Presence::kRequired);
  EXPECT_EQ(fields[0].own, nullptr);
  EXPECT_EQ(fields[0].slot, nullptr);
  ASSERT_NE(fields[1].write, nullptr);
  ASSERT_NE(fields[2].write, nullptr);

  ParsedJson parsed(R"({"size":null,"dims":[4, 5],"names":["a"]})");
  Foreign record;
  ASSERT_TRUE(ReadObject(parsed.ctx(), 0, fields, record, record.unknown));
  EXPECT_EQ(record.size, std::nullopt);
  EXPECT_EQ(WrittenRecord(fields, record), R"({"size":null,"dims":[4,5],"names":["a"]})");

  ParsedJson missing(R"({"dims":[]})");
  EXPECT_FALSE(ReadObject(missing.ctx(), 0, fields, record, record.unknown));
  EXPECT_EQ(missing.ctx().error.message, "missing field `size`");
}

// ---- trace/6 ----------------------------------------------------------------------------------

TEST(Trace6FieldsTest, Trace6sKeysAreItsOwn) {
  EXPECT_EQ(Keys(Edge6Fields()), (Names{"from_span", "to_span", "duration_ns"}));
  EXPECT_EQ(Keys(DeviceMemory6Fields()),
            (Names{"timestamp_ns", "device", "used_bytes", "free_bytes", "reserved_bytes"}));
  EXPECT_EQ(Keys(Memory6Fields()),
            (Names{"timestamp_ns", "tensor_id", "span_id", "op_name", "device", "bytes", "action",
                   "shape", "dtype", "category"}));
  EXPECT_EQ(Keys(Tensor6Fields()),
            (Names{"span_id", "tensor_id", "shape", "dtype", "device", "requires_grad",
                   "storage_bytes", "category"}));
  const Names op = Keys(Op6Fields());
  EXPECT_EQ(Names(op.end() - 2, op.end()), (Names{"storage_bytes", "input_storage_bytes"}));
  EXPECT_EQ(FieldNamed(Op6Fields(), "shape").presence, Presence::kDefaulted);
  EXPECT_EQ(FieldNamed(OpFields(), "shape").presence, Presence::kRequired);
  const Names meta = Keys(RunMeta6Fields());
  EXPECT_EQ(meta.size(), 12u);
  EXPECT_EQ(std::count(meta.begin(), meta.end(), "capture_contract"), 0);
  EXPECT_EQ(std::count(meta.begin(), meta.end(), "comparison_identity"), 0);
}

TEST(Trace6FieldsTest, DeviceMemorysUsedAndFreeAreRequiredNotNullAndHaveNoSlot) {
  const std::span<const FieldSpec<DeviceMemoryRecord>> fields = DeviceMemory6Fields();
  EXPECT_EQ(FieldNamed(fields, "used_bytes").presence, Presence::kRequired);
  EXPECT_EQ(FieldNamed(fields, "free_bytes").presence, Presence::kRequired);
  EXPECT_EQ(FieldNamed(fields, "reserved_bytes").presence, Presence::kOptional);
  EXPECT_EQ(FieldNamed(fields, "used_bytes").slot, nullptr);
  EXPECT_NE(FieldNamed(fields, "timestamp_ns").slot, nullptr);

  DeviceMemoryRecord record;
  ParsedJson good(R"({"timestamp_ns":1,"device":"d","used_bytes":5,"free_bytes":0})");
  ASSERT_TRUE(ReadObject(good.ctx(), 0, fields, record, record.unknown));
  EXPECT_EQ(record.used_bytes, 5u);
  EXPECT_EQ(record.free_bytes, 0u);
  EXPECT_EQ(record.reserved_bytes, std::nullopt);

  ParsedJson null(R"({"timestamp_ns":1,"device":"d","used_bytes":null,"free_bytes":0})");
  EXPECT_FALSE(ReadObject(null.ctx(), 0, fields, record, record.unknown));
  EXPECT_EQ(null.ctx().error.code, ErrorCode::kInvalidType);
  EXPECT_EQ(null.ctx().error.message, "invalid type: null, expected u64");
  EXPECT_EQ(null.ctx().error.field, "used_bytes");

  ParsedJson missing(R"({"timestamp_ns":1,"device":"d","used_bytes":1})");
  EXPECT_FALSE(ReadObject(missing.ctx(), 0, fields, record, record.unknown));
  EXPECT_EQ(missing.ctx().error.code, ErrorCode::kMissingField);
  EXPECT_EQ(missing.ctx().error.message, "missing field `free_bytes`");
}

TEST(Trace6FieldsTest, ARecordTakesTrace6sTableOnlyUnderTrace6) {
  EdgeRecord edge;
  edge.from = "a";
  edge.to = "b";
  edge.host_duration_ns = 9;
  EXPECT_EQ(FieldsOf(edge, kTrace6Rules).data(), Edge6Fields().data());
  EXPECT_EQ(FieldsOf(edge, kTrace10Rules).data(), CallEdgeFields().data());
  EXPECT_EQ(WrittenRecord(FieldsOf(edge, kTrace6Rules), edge),
            R"({"from_span":"a","to_span":"b","duration_ns":9})");
  EXPECT_EQ(WrittenRecord(FieldsOf(edge, kTrace10Rules), edge),
            R"({"from_span":"a","to_span":"b","host_duration_ns":9})");
  // Kinds trace/6 shares with trace/10 keep trace/10's table.
  const SpanEndRecord end;
  EXPECT_EQ(FieldsOf(end, kTrace6Rules).data(), SpanEndFields().data());
  EXPECT_EQ(Trace6Fields(MetaRecord{}).data(), RunMeta6Fields().data());
}

TEST(Trace6FieldsTest, Trace6HasNoTerminalTensorStatsOrDeviceInterval) {
  EXPECT_FALSE(kTrace6Rules.Defines(kVariantIndex<TerminalRecord>));
  EXPECT_FALSE(kTrace6Rules.Defines(kVariantIndex<TensorStatsRecord>));
  EXPECT_FALSE(kTrace6Rules.Defines(kVariantIndex<DeviceIntervalRecord>));
  EXPECT_TRUE(kTrace6Rules.Defines(kVariantIndex<MetaRecord>));
  EXPECT_TRUE(kTrace6Rules.Defines(kVariantIndex<EdgeRecord>));
  EXPECT_TRUE(kTrace6Rules.Defines(kVariantIndex<DeviceMemoryRecord>));
}

}  // namespace
}  // namespace tracedoc::format
