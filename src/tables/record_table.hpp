// A record kind's table, derived from its field table (format/record_fields.cpp), the one
// description of the record: a column per field, in the field table's order, named by its key,
// typed by its member (a string is text, an optional is nullable, an enumeration is its
// spelling, a list is JSON), described by the field's own sentence; and the cells of a record's
// row read from the same members. So a field added to a record is a column of its table, with
// nothing else to keep in step.
#pragma once

#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

#include "format/field_slot.hpp"
#include "format/record_fields.hpp"
#include "tables/row_builder.hpp"
#include "tracedoc/event.hpp"
#include "tracedoc/tables.hpp"

namespace tracedoc::tables {

struct FieldCell;

/// Adds the cell of the member at `member`, a field of the kind the writer was chosen for.
using CellWriter = void (*)(RowBuilder& row, const FieldCell& cell, const void* member);

/// Where one field's value is in a record, and how its cell is written.
struct FieldCell {
  std::ptrdiff_t offset = 0;
  CellWriter write = nullptr;
  /// An enumeration's spelling of the member's value (format::FieldSlot::enum_name).
  std::string_view (*enum_name)(const void* member) = nullptr;
};

/// The column a field of `kind` is.
ColumnDefinition FieldColumn(std::string_view key, format::SlotKind kind,
                             std::string_view description);

/// The writer of a field of `kind`. One small function a kind, called through a pointer, rather
/// than a switch a cell: each inlines its RowBuilder call, and a table's rows call the same
/// writers in the same order (BM_TableRows).
CellWriter CellWriterOf(format::SlotKind kind);

template <class Record>
class RecordTable {
 public:
  explicit RecordTable(std::span<const format::FieldSpec<Record>> fields) {
    // The members' places, found once on a record of the kind: a row reads each at its offset.
    Record sample{};
    const char* base = reinterpret_cast<const char*>(&sample);
    for (const format::FieldSpec<Record>& field : fields) {
      const format::FieldSlot slot =
          field.slot != nullptr ? field.slot(sample) : format::FieldSlot{};
      FieldCell cell{.offset = 0, .write = CellWriterOf(slot.kind), .enum_name = slot.enum_name};
      if (slot.target != nullptr) cell.offset = static_cast<const char*>(slot.target) - base;
      cells_.push_back(cell);
      columns_.push_back(FieldColumn(field.name, slot.kind, field.description));
    }
  }

  /// The fields' columns, in the field table's order.
  std::span<const ColumnDefinition> columns() const noexcept { return columns_; }

  /// Adds the cell of every field of `record`, in the columns' order.
  void AppendCells(RowBuilder& row, const Record& record) const {
    const char* base = reinterpret_cast<const char*>(&record);
    for (const FieldCell& cell : cells_) cell.write(row, cell, base + cell.offset);
  }

 private:
  std::vector<FieldCell> cells_;
  std::vector<ColumnDefinition> columns_;
};

/// The tables of the record kinds whose row is the record's fields (after run_id and seq):
/// ops, tensors, tensor_stats, memory, device_memory (which adds a column of its own),
/// device_intervals and gradients. Built on first use.
const RecordTable<OpRecord>& OpTable();
const RecordTable<TensorRecord>& TensorTable();
const RecordTable<TensorStatsRecord>& TensorStatsTable();
const RecordTable<MemoryRecord>& MemoryTable();
const RecordTable<DeviceMemoryRecord>& DeviceMemoryTable();
const RecordTable<DeviceIntervalRecord>& DeviceIntervalTable();
const RecordTable<GradientRecord>& GradientTable();

}  // namespace tracedoc::tables
