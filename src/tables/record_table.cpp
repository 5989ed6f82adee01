// The record tables (tables/record_table.hpp): a field's column type from its member's kind, and
// its cell.
#include "tables/record_table.hpp"

#include <cstdint>
#include <optional>
#include <span>

namespace tracedoc::tables {

using format::SlotKind;

ColumnDefinition FieldColumn(std::string_view key, SlotKind kind, std::string_view description) {
  ColumnDefinition column{
      .name = key, .type = ColumnType::kText, .nullable = false, .doc = description};
  switch (kind) {
    case SlotKind::kString:
    case SlotKind::kEnum:
      break;
    case SlotKind::kOptionalString:
    case SlotKind::kOptionalEnum:
      column.nullable = true;
      break;
    case SlotKind::kU64:
      column.type = ColumnType::kUnsigned;
      break;
    case SlotKind::kOptionalU64:
      column.type = ColumnType::kUnsigned;
      column.nullable = true;
      break;
    case SlotKind::kF64:  // A value that is not finite has no SQL number: null.
    case SlotKind::kOptionalF64:
      column.type = ColumnType::kReal;
      column.nullable = true;
      break;
    case SlotKind::kBool:
      column.type = ColumnType::kBoolean;
      break;
    case SlotKind::kStringArray:
    case SlotKind::kU64Array:
    case SlotKind::kUnhandled:  // A nested object; no record table has one (tested).
      column.type = ColumnType::kJson;
      break;
  }
  return column;
}

namespace {

template <class T>
const T& As(const void* member) {
  return *static_cast<const T*>(member);
}

template <class T>
std::span<const T> Items(const ArrayView<T>& view) {
  return {view.data(), view.size()};
}

void WriteString(RowBuilder& row, const FieldCell&, const void* member) {
  row.Text(As<std::string_view>(member));
}
void WriteOptionalString(RowBuilder& row, const FieldCell&, const void* member) {
  row.Text(As<std::optional<std::string_view>>(member));
}
void WriteU64(RowBuilder& row, const FieldCell&, const void* member) {
  row.U64(As<std::uint64_t>(member));
}
void WriteOptionalU64(RowBuilder& row, const FieldCell&, const void* member) {
  row.U64(As<std::optional<std::uint64_t>>(member));
}
void WriteF64(RowBuilder& row, const FieldCell&, const void* member) {
  row.Real(As<double>(member));
}
void WriteOptionalF64(RowBuilder& row, const FieldCell&, const void* member) {
  row.Real(As<std::optional<double>>(member));
}
void WriteBool(RowBuilder& row, const FieldCell&, const void* member) {
  row.Bool(As<bool>(member));
}
void WriteEnum(RowBuilder& row, const FieldCell& cell, const void* member) {
  row.Text(cell.enum_name(member));
}
void WriteOptionalEnum(RowBuilder& row, const FieldCell& cell, const void* member) {
  const std::string_view name = cell.enum_name(member);
  if (name.data() != nullptr) {
    row.Text(name);
  } else {
    row.Null();
  }
}
void WriteStrings(RowBuilder& row, const FieldCell&, const void* member) {
  row.JsonStrings(Items(As<ArrayView<std::string_view>>(member)));
}
void WriteIntegers(RowBuilder& row, const FieldCell&, const void* member) {
  row.JsonIntegers(Items(As<ArrayView<std::uint64_t>>(member)));
}
void WriteNull(RowBuilder& row, const FieldCell&, const void*) { row.Null(); }

}  // namespace

CellWriter CellWriterOf(SlotKind kind) {
  switch (kind) {
    case SlotKind::kString:
      return &WriteString;
    case SlotKind::kOptionalString:
      return &WriteOptionalString;
    case SlotKind::kU64:
      return &WriteU64;
    case SlotKind::kOptionalU64:
      return &WriteOptionalU64;
    case SlotKind::kF64:
      return &WriteF64;
    case SlotKind::kOptionalF64:
      return &WriteOptionalF64;
    case SlotKind::kBool:
      return &WriteBool;
    case SlotKind::kEnum:
      return &WriteEnum;
    case SlotKind::kOptionalEnum:
      return &WriteOptionalEnum;
    case SlotKind::kStringArray:
      return &WriteStrings;
    case SlotKind::kU64Array:
      return &WriteIntegers;
    case SlotKind::kUnhandled:
      break;
  }
  return &WriteNull;
}

namespace {

// One table per record kind, built from its field table on first use.
template <class Record, std::span<const format::FieldSpec<Record>> (*kFields)()>
const RecordTable<Record>& TableOf() {
  static const RecordTable<Record> table(kFields());
  return table;
}

}  // namespace

const RecordTable<OpRecord>& OpTable() { return TableOf<OpRecord, &format::OpFields>(); }
const RecordTable<TensorRecord>& TensorTable() {
  return TableOf<TensorRecord, &format::TensorFields>();
}
const RecordTable<TensorStatsRecord>& TensorStatsTable() {
  return TableOf<TensorStatsRecord, &format::TensorStatsFields>();
}
const RecordTable<MemoryRecord>& MemoryTable() {
  return TableOf<MemoryRecord, &format::MemoryFields>();
}
const RecordTable<DeviceMemoryRecord>& DeviceMemoryTable() {
  return TableOf<DeviceMemoryRecord, &format::DeviceMemoryFields>();
}
const RecordTable<DeviceIntervalRecord>& DeviceIntervalTable() {
  return TableOf<DeviceIntervalRecord, &format::DeviceIntervalFields>();
}
const RecordTable<GradientRecord>& GradientTable() {
  return TableOf<GradientRecord, &format::GradientFields>();
}

}  // namespace tracedoc::tables
