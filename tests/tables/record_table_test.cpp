// The record kinds' tables derived from their field tables (tables/record_table.hpp): a column
// per field with the field's sentence, typed by its member, and rows whose cells are exactly the
// record's fields, checked against cells written out field by field (the rows as they were
// before the derivation) for every record of a generated trace of 10^5 events.
#include "tables/record_table.hpp"

#include <cmath>
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include <gtest/gtest.h>

#include "support/fold_trace.hpp"
#include "support/trace_generator.hpp"
#include "tracedoc/document.hpp"
#include "tracedoc/enums.hpp"

namespace tracedoc::tables {
namespace {

template <class T>
std::span<const T> Items(ArrayView<T> view) {
  return {view.data(), view.size()};
}

// The column named `name` of `table`.
template <class Record>
const ColumnDefinition& Column(const RecordTable<Record>& table, std::string_view name) {
  for (const ColumnDefinition& column : table.columns()) {
    if (column.name == name) return column;
  }
  ADD_FAILURE() << "no column " << name;
  return table.columns().front();
}

template <class Record>
void ExpectEveryFieldIsADescribedColumn(const RecordTable<Record>& table,
                                        std::span<const format::FieldSpec<Record>> fields) {
  ASSERT_EQ(table.columns().size(), fields.size());
  Record sample{};
  for (std::size_t i = 0; i < fields.size(); ++i) {
    SCOPED_TRACE(std::string(fields[i].name));
    EXPECT_EQ(table.columns()[i].name, fields[i].name);
    EXPECT_FALSE(table.columns()[i].doc.empty()) << "a column needs its field's sentence";
    ASSERT_NE(fields[i].slot, nullptr);
    EXPECT_NE(fields[i].slot(sample).kind, format::SlotKind::kUnhandled)
        << "a record table's field is a value or a list, not a nested object";
  }
}

TEST(RecordTable, EveryFieldOfEachRecordTableIsADescribedColumnInTheFieldTablesOrder) {
  ExpectEveryFieldIsADescribedColumn(OpTable(), format::OpFields());
  ExpectEveryFieldIsADescribedColumn(TensorTable(), format::TensorFields());
  ExpectEveryFieldIsADescribedColumn(TensorStatsTable(), format::TensorStatsFields());
  ExpectEveryFieldIsADescribedColumn(MemoryTable(), format::MemoryFields());
  ExpectEveryFieldIsADescribedColumn(DeviceMemoryTable(), format::DeviceMemoryFields());
  ExpectEveryFieldIsADescribedColumn(DeviceIntervalTable(), format::DeviceIntervalFields());
  ExpectEveryFieldIsADescribedColumn(GradientTable(), format::GradientFields());
}

TEST(RecordTable, ColumnTypesFollowTheMembers) {
  const auto expect = [](const ColumnDefinition& column, ColumnType type, bool nullable) {
    SCOPED_TRACE(std::string(column.name));
    EXPECT_EQ(column.type, type);
    EXPECT_EQ(column.nullable, nullable);
  };
  expect(Column(OpTable(), "span_id"), ColumnType::kText, false);
  expect(Column(OpTable(), "output"), ColumnType::kText, true);
  expect(Column(OpTable(), "inputs"), ColumnType::kJson, false);
  expect(Column(OpTable(), "shape"), ColumnType::kJson, false);
  expect(Column(OpTable(), "duration_ns"), ColumnType::kUnsigned, false);
  expect(Column(OpTable(), "output_dense_bytes"), ColumnType::kUnsigned, true);
  expect(Column(TensorTable(), "requires_grad"), ColumnType::kBoolean, false);
  expect(Column(TensorTable(), "category"), ColumnType::kText, false);
  // A non-finite f64 has no SQL number: its column is nullable although the key is required.
  expect(Column(TensorStatsTable(), "rms"), ColumnType::kReal, true);
  expect(Column(GradientTable(), "state"), ColumnType::kText, false);
  expect(Column(GradientTable(), "norm"), ColumnType::kReal, true);
  expect(Column(DeviceMemoryTable(), "capacity_bytes"), ColumnType::kUnsigned, true);
}

// The cells of `record` as AppendCells gives them, and as `written` writes them field by field.
template <class Record, class Written>
void ExpectCellsAreTheFields(const RecordTable<Record>& table, RecordList<Record> records,
                             Written written) {
  ASSERT_FALSE(records.empty());
  RowBuilder derived;
  RowBuilder expected;
  for (std::size_t i = 0; i < records.size(); ++i) {
    derived.Clear();
    expected.Clear();
    table.AppendCells(derived, records[i]);
    written(expected, records[i]);
    ASSERT_EQ(derived.values().size(), expected.values().size());
    for (std::size_t c = 0; c < expected.values().size(); ++c) {
      ASSERT_EQ(derived.values()[c], expected.values()[c])
          << "record " << i << ", column " << table.columns()[c].name;
    }
  }
}

TEST(RecordTable, RowsOfA100kEventTraceAreTheRecordsFieldsCellForCell) {
  const TraceDocument document = testing::FoldTrace(generator::GenerateTrace(100'000, 11));
  ExpectCellsAreTheFields(OpTable(), document.ops(), [](RowBuilder& row, const OpRecord& op) {
    row.Text(op.span_id)
        .Text(op.op_name)
        .JsonStrings(Items(op.inputs))
        .Text(op.output)
        .JsonIntegers(Items(op.shape))
        .Text(op.dtype)
        .Text(op.device)
        .U64(op.duration_ns)
        .U64(op.timestamp_ns)
        .U64(op.output_dense_bytes)
        .U64(op.input_dense_bytes);
  });
  ExpectCellsAreTheFields(TensorTable(), document.tensors(),
                          [](RowBuilder& row, const TensorRecord& tensor) {
                            row.Text(tensor.span_id)
                                .Text(tensor.tensor_id)
                                .Text(tensor.label)
                                .JsonIntegers(Items(tensor.shape))
                                .Text(tensor.dtype)
                                .Text(tensor.device)
                                .Bool(tensor.requires_grad)
                                .U64(tensor.dense_bytes)
                                .Text(EnumName(tensor.category));
                          });
  ExpectCellsAreTheFields(TensorStatsTable(), document.tensor_stats(),
                          [](RowBuilder& row, const TensorStatsRecord& stats) {
                            row.Text(stats.span_id)
                                .Text(stats.label)
                                .JsonIntegers(Items(stats.shape))
                                .Text(stats.dtype)
                                .U64(stats.elements)
                                .U64(stats.non_finite)
                                .Real(stats.rms)
                                .Real(stats.abs_max)
                                .Real(stats.mean);
                          });
  ExpectCellsAreTheFields(MemoryTable(), document.memory(),
                          [](RowBuilder& row, const MemoryRecord& event) {
                            row.U64(event.timestamp_ns)
                                .Text(event.storage_id)
                                .Text(event.tensor_id)
                                .Text(event.span_id)
                                .Text(event.op_name)
                                .Text(event.device)
                                .U64(event.bytes)
                                .Text(EnumName(event.action))
                                .JsonIntegers(Items(event.shape))
                                .Text(event.dtype)
                                .Text(EnumName(event.category));
                          });
  ExpectCellsAreTheFields(DeviceMemoryTable(), document.device_memory(),
                          [](RowBuilder& row, const DeviceMemoryRecord& sample) {
                            row.U64(sample.timestamp_ns)
                                .Text(sample.device)
                                .U64(sample.used_bytes)
                                .U64(sample.free_bytes)
                                .U64(sample.reserved_bytes)
                                .U64(sample.capacity_bytes);
                          });
  ExpectCellsAreTheFields(DeviceIntervalTable(), document.device_intervals(),
                          [](RowBuilder& row, const DeviceIntervalRecord& interval) {
                            row.Text(interval.span_id)
                                .Text(interval.device)
                                .Text(interval.stream_id)
                                .Text(interval.clock_id)
                                .Text(interval.backend)
                                .U64(interval.start_ns)
                                .U64(interval.duration_ns);
                          });
  ExpectCellsAreTheFields(GradientTable(), document.gradients(),
                          [](RowBuilder& row, const GradientRecord& gradient) {
                            row.Text(gradient.event_id)
                                .Text(gradient.root)
                                .Text(gradient.key)
                                .Text(EnumName(gradient.state))
                                .Real(gradient.norm);
                          });
}

// A span_start's optional step is the one optional enumeration of a field table: null when
// absent, its spelling when given.
TEST(RecordTable, AnOptionalEnumerationIsNullWhenAbsentAndItsSpellingWhenGiven) {
  static const RecordTable<SpanStartRecord> table(format::SpanStartFields());
  SpanStartRecord span;
  span.id = "s";
  span.name = "forward";
  RowBuilder row;
  table.AppendCells(row, span);
  const std::size_t step = 6;
  ASSERT_EQ(table.columns()[step].name, "step");
  EXPECT_TRUE(std::holds_alternative<std::monostate>(row.values()[step]));
  span.step = ExecutionStep::kBackward;
  row.Clear();
  table.AppendCells(row, span);
  EXPECT_EQ(std::get<std::string_view>(row.values()[step]), "backward");
  EXPECT_EQ(std::get<std::string_view>(row.values()[4]), "function");
}

}  // namespace
}  // namespace tracedoc::tables
