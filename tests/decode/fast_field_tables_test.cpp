// The fast path's field tables (src/decode/fast_field_tables.hpp): built from format's tables, so
// each kind's keys, required bits, member offsets and enum setters must say what the record's
// own table says. A wrong offset would write a value into another member without any error.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <variant>
#include <vector>

#include "decode/fast_field_tables.hpp"
#include "format/field_slot.hpp"
#include "format/record_traits.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc::decode {
namespace {

using format::SlotKind;
using ::testing::ElementsAre;

std::vector<std::string_view> Names(const FastRecordTable& table) {
  std::vector<std::string_view> names;
  for (const FastField& field : table.fields) names.push_back(field.name);
  return names;
}

const FastField& FieldNamed(const FastRecordTable& table, std::string_view name) {
  for (const FastField& field : table.fields) {
    if (field.name == name) return field;
  }
  ADD_FAILURE() << "no field " << name;
  return table.fields.front();
}

// The member at `field`'s offset within the record `base` points to.
template <class Member>
Member& At(void* base, const FastField& field) {
  return *reinterpret_cast<Member*>(static_cast<std::byte*>(base) + field.offset);
}

template <class Record>
constexpr std::size_t KindOf() {
  return format::kVariantIndex<Record>;
}

TEST(FastFieldTablesTest, BuiltOnceAndShared) { EXPECT_EQ(&GetFastTables(), &GetFastTables()); }

TEST(FastFieldTablesTest, TheMetaIsLeftToTheGeneralPath) {
  const FastRecordTable& meta = GetFastTables().kinds[KindOf<MetaRecord>()];
  EXPECT_EQ(meta.emplace, nullptr);
  EXPECT_TRUE(meta.fields.empty());
  EXPECT_EQ(meta.required, 0u);
}

TEST(FastFieldTablesTest, OpKeysInTableOrderWithTheirRequiredBits) {
  const FastRecordTable& op = GetFastTables().kinds[KindOf<OpRecord>()];
  EXPECT_THAT(Names(op), ElementsAre("span_id", "op_name", "inputs", "output", "shape", "dtype",
                                     "device", "duration_ns", "timestamp_ns", "output_dense_bytes",
                                     "input_dense_bytes"));
  // Required: span_id, op_name, shape, dtype, device, duration_ns, input_dense_bytes (bits 0, 1,
  // 4, 5, 6, 7, 10); inputs and timestamp_ns are defaulted, output and output_dense_bytes
  // optional.
  EXPECT_EQ(op.required, 0b100'1111'0011u);
}

TEST(FastFieldTablesTest, OpSlotKindsFollowTheMembersTypes) {
  const FastRecordTable& op = GetFastTables().kinds[KindOf<OpRecord>()];
  EXPECT_EQ(FieldNamed(op, "span_id").kind, SlotKind::kString);
  EXPECT_EQ(FieldNamed(op, "inputs").kind, SlotKind::kStringArray);
  EXPECT_EQ(FieldNamed(op, "output").kind, SlotKind::kOptionalString);
  EXPECT_EQ(FieldNamed(op, "shape").kind, SlotKind::kU64Array);
  EXPECT_EQ(FieldNamed(op, "duration_ns").kind, SlotKind::kU64);
  EXPECT_EQ(FieldNamed(op, "output_dense_bytes").kind, SlotKind::kOptionalU64);
  EXPECT_EQ(FieldNamed(op, "span_id").set_enum, nullptr);
}

TEST(FastFieldTablesTest, EmplaceMakesADefaultRecordAndOffsetsReachItsMembers) {
  const FastRecordTable& op = GetFastTables().kinds[KindOf<OpRecord>()];
  Event event = TerminalRecord{RunOutcome::kFailed, 9, std::nullopt, {}};
  void* record = op.emplace(event);
  ASSERT_TRUE(std::holds_alternative<OpRecord>(event));
  const OpRecord& held = std::get<OpRecord>(event);
  EXPECT_EQ(record, static_cast<const void*>(&held));
  EXPECT_EQ(held, OpRecord{});

  At<std::uint64_t>(record, FieldNamed(op, "duration_ns")) = 1200;
  At<std::uint64_t>(record, FieldNamed(op, "input_dense_bytes")) = 64;
  At<std::string_view>(record, FieldNamed(op, "op_name")) = "matmul";
  At<std::optional<std::uint64_t>>(record, FieldNamed(op, "output_dense_bytes")) = 4096;
  EXPECT_EQ(held.duration_ns, 1200u);
  EXPECT_EQ(held.input_dense_bytes, 64u);
  EXPECT_EQ(held.op_name, "matmul");
  EXPECT_EQ(held.output_dense_bytes, std::optional<std::uint64_t>(4096));
  EXPECT_EQ(held.timestamp_ns, 0u);  // its neighbours untouched
  EXPECT_TRUE(held.span_id.empty());
}

TEST(FastFieldTablesTest, EnumFieldsSetTheirMemberFromItsSpelling) {
  const FastRecordTable& terminal = GetFastTables().kinds[KindOf<TerminalRecord>()];
  EXPECT_THAT(Names(terminal), ElementsAre("outcome", "timestamp_ns", "reason"));
  EXPECT_EQ(terminal.required, 0b011u);
  Event event;
  void* record = terminal.emplace(event);
  const FastField& outcome = FieldNamed(terminal, "outcome");
  ASSERT_EQ(outcome.kind, SlotKind::kEnum);
  ASSERT_NE(outcome.set_enum, nullptr);
  void* member = static_cast<std::byte*>(record) + outcome.offset;
  EXPECT_TRUE(outcome.set_enum(member, "failed"));
  EXPECT_EQ(std::get<TerminalRecord>(event).outcome, RunOutcome::kFailed);
  // A spelling of no enumerator is refused and leaves the member as it was.
  EXPECT_FALSE(outcome.set_enum(member, "Complete"));
  EXPECT_EQ(std::get<TerminalRecord>(event).outcome, RunOutcome::kFailed);
}

TEST(FastFieldTablesTest, GradientStateAndOptionalNorm) {
  const FastRecordTable& gradient = GetFastTables().kinds[KindOf<GradientRecord>()];
  EXPECT_THAT(Names(gradient), ElementsAre("event_id", "root", "key", "state", "norm"));
  EXPECT_EQ(gradient.required, 0b01111u);
  EXPECT_EQ(FieldNamed(gradient, "norm").kind, SlotKind::kOptionalF64);
  Event event;
  void* record = gradient.emplace(event);
  const FastField& state = FieldNamed(gradient, "state");
  EXPECT_TRUE(state.set_enum(static_cast<std::byte*>(record) + state.offset, "non_finite"));
  EXPECT_EQ(std::get<GradientRecord>(event).state, GradientState::kNonFinite);
}

TEST(FastFieldTablesTest, TheEdgeKindHoldsTheCallEdgeAndTheDataEdgeHasItsOwnTable) {
  const FastTables& tables = GetFastTables();
  const FastRecordTable& call = tables.kinds[KindOf<EdgeRecord>()];
  EXPECT_THAT(Names(call), ElementsAre("from_span", "to_span", "host_duration_ns"));
  EXPECT_EQ(call.required, 0b111u);
  EXPECT_THAT(Names(tables.data_edge), ElementsAre("from_tensor", "to_tensor"));
  EXPECT_EQ(tables.data_edge.required, 0b11u);
  // Both tables write the same members: from_tensor is EdgeRecord::from, like from_span.
  EXPECT_EQ(FieldNamed(tables.data_edge, "from_tensor").offset,
            FieldNamed(call, "from_span").offset);
  EXPECT_EQ(FieldNamed(tables.data_edge, "to_tensor").offset, FieldNamed(call, "to_span").offset);
  Event event;
  void* record = tables.data_edge.emplace(event);
  At<std::string_view>(record, FieldNamed(tables.data_edge, "to_tensor")) = "t2";
  EXPECT_EQ(std::get<EdgeRecord>(event).to, "t2");
}

TEST(FastFieldTablesTest, EveryKindButTheMetaCanBeEmplacedAsItself) {
  const FastTables& tables = GetFastTables();
  for (std::size_t kind = 1; kind < tables.kinds.size(); ++kind) {
    SCOPED_TRACE(kind);
    ASSERT_NE(tables.kinds[kind].emplace, nullptr);
    Event event;
    tables.kinds[kind].emplace(event);
    EXPECT_EQ(event.index(), kind);
    EXPECT_FALSE(tables.kinds[kind].fields.empty());
    EXPECT_NE(tables.kinds[kind].required, 0u);  // every kind has a required key
  }
}

}  // namespace
}  // namespace tracedoc::decode
