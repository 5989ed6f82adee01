// A TableRowSink for tests: counts each table's rows and checks every row against its table's
// definition (as many values as columns, each of its column's type, null only where nullable,
// run_id first), keeping the rows of the tables asked for as text.
#ifndef TRACEDOC_TESTS_SUPPORT_TABLE_ROWS_RECORDER_HPP_
#define TRACEDOC_TESTS_SUPPORT_TABLE_ROWS_RECORDER_HPP_

#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "tracedoc/tables.hpp"

namespace tracedoc::testing_support {

class TableRowsRecorder : public TableRowSink {
 public:
  explicit TableRowsRecorder(std::set<std::string, std::less<>> kept = {}) : kept_(std::move(kept)) {}

  Result<void> BeginTable(const TableDefinition& table) override {
    table_ = &table;
    order.emplace_back(table.name);
    counts[std::string(table.name)] = 0;
    return boost::outcome_v2::success();
  }

  Result<void> Row(std::span<const TableValue> values) override {
    ++counts[std::string(table_->name)];
    if (values.size() != table_->columns.size()) {
      problems.push_back(std::string(table_->name) + ": row of " + std::to_string(values.size()) +
                         " values");
      return boost::outcome_v2::success();
    }
    std::vector<std::string> cells;
    for (std::size_t i = 0; i < values.size(); ++i) {
      const ColumnDefinition& column = table_->columns[i];
      if (!Fits(column, values[i])) {
        problems.push_back(std::string(table_->name) + "." + std::string(column.name) +
                           ": value of alternative " + std::to_string(values[i].index()));
      }
      if (kept_.contains(table_->name)) cells.push_back(Cell(values[i]));
    }
    if (kept_.contains(table_->name)) rows[std::string(table_->name)].push_back(std::move(cells));
    return boost::outcome_v2::success();
  }

  Result<void> EndTable(const TableDefinition& table) override {
    if (&table != table_) problems.push_back("EndTable of another table");
    return boost::outcome_v2::success();
  }

  /// The kept rows' cells: null as "<null>", numbers in decimal, booleans as true/false.
  static std::string Cell(const TableValue& value) {
    struct Text {
      std::string operator()(std::monostate) const { return "<null>"; }
      std::string operator()(std::int64_t v) const { return std::to_string(v); }
      std::string operator()(std::uint64_t v) const { return std::to_string(v); }
      std::string operator()(double v) const { return std::to_string(v); }
      std::string operator()(bool v) const { return v ? "true" : "false"; }
      std::string operator()(std::string_view v) const { return std::string(v); }
      std::string operator()(JsonText v) const { return std::string(v.json); }
    };
    return std::visit(Text{}, value);
  }

  std::vector<std::string> order;
  std::map<std::string, std::size_t, std::less<>> counts;
  std::map<std::string, std::vector<std::vector<std::string>>, std::less<>> rows;
  std::vector<std::string> problems;

 private:
  static bool Fits(const ColumnDefinition& column, const TableValue& value) {
    if (std::holds_alternative<std::monostate>(value)) return column.nullable;
    switch (column.type) {
      case ColumnType::kInteger: return std::holds_alternative<std::int64_t>(value);
      case ColumnType::kUnsigned: return std::holds_alternative<std::uint64_t>(value);
      case ColumnType::kReal: return std::holds_alternative<double>(value);
      case ColumnType::kText: return std::holds_alternative<std::string_view>(value);
      case ColumnType::kBoolean: return std::holds_alternative<bool>(value);
      case ColumnType::kJson: return std::holds_alternative<JsonText>(value);
    }
    return false;
  }

  std::set<std::string, std::less<>> kept_;
  const TableDefinition* table_ = nullptr;
};

}  // namespace tracedoc::testing_support

#endif  // TRACEDOC_TESTS_SUPPORT_TABLE_ROWS_RECORDER_HPP_
