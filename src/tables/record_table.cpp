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

}  // namespace

void AppendFieldCell(RowBuilder& row, const FieldCell& cell, const void* member) {
  switch (cell.kind) {
    case SlotKind::kString:
      row.Text(As<std::string_view>(member));
      return;
    case SlotKind::kOptionalString:
      row.Text(As<std::optional<std::string_view>>(member));
      return;
    case SlotKind::kU64:
      row.U64(As<std::uint64_t>(member));
      return;
    case SlotKind::kOptionalU64:
      row.U64(As<std::optional<std::uint64_t>>(member));
      return;
    case SlotKind::kF64:
      row.Real(As<double>(member));
      return;
    case SlotKind::kOptionalF64:
      row.Real(As<std::optional<double>>(member));
      return;
    case SlotKind::kBool:
      row.Bool(As<bool>(member));
      return;
    case SlotKind::kEnum:
      row.Text(cell.enum_name(member));
      return;
    case SlotKind::kOptionalEnum: {
      const std::string_view name = cell.enum_name(member);
      if (name.data() != nullptr) {
        row.Text(name);
      } else {
        row.Null();
      }
      return;
    }
    case SlotKind::kStringArray:
      row.JsonStrings(Items(As<ArrayView<std::string_view>>(member)));
      return;
    case SlotKind::kU64Array:
      row.JsonIntegers(Items(As<ArrayView<std::uint64_t>>(member)));
      return;
    case SlotKind::kUnhandled:
      row.Null();
      return;
  }
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
