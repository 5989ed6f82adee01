#include "tables_sqlite/sqlite_schema.hpp"

#include <string>
#include <string_view>

#include "tables_sqlite/sqlite_connection.hpp"
#include "tracedoc/sqlite_tables.hpp"

namespace tracedoc::tables_sqlite {
namespace {

void AppendIndex(std::string& sql, const TableDefinition& table, std::string_view suffix,
                 bool unique, std::string_view first, std::string_view second = {}) {
  sql += unique ? "CREATE UNIQUE INDEX IF NOT EXISTS " : "CREATE INDEX IF NOT EXISTS ";
  sql += QuoteIdentifier(std::string(table.name) + "_" + std::string(suffix));
  sql += " ON " + QuoteIdentifier(table.name) + " (" + QuoteIdentifier(first);
  if (!second.empty()) sql += ", " + QuoteIdentifier(second);
  sql += ");\n";
}

}  // namespace

std::string_view SqlType(ColumnType type) noexcept {
  switch (type) {
    case ColumnType::kInteger:
    case ColumnType::kBoolean:
      return "INTEGER";
    case ColumnType::kUnsigned:
      return "ANY";
    case ColumnType::kReal:
      return "REAL";
    case ColumnType::kText:
    case ColumnType::kJson:
      return "TEXT";
  }
  return "ANY";
}

std::string PageSizeSql() {
  // The largest page: a run's rows arrive in bulk, and fewer, larger pages took ~7 % less time
  // to export the 10^6-event benchmark trace.
  return "PRAGMA page_size = 65536";
}

std::string CreateSchemaSql() {
  std::string sql;
  for (const TableDefinition& table : TableDefinitions()) {
    sql += "CREATE TABLE " + QuoteIdentifier(table.name) + " (";
    for (std::size_t i = 0; i < table.columns.size(); ++i) {
      const ColumnDefinition& column = table.columns[i];
      if (i != 0) sql += ", ";
      sql += QuoteIdentifier(column.name);
      sql += ' ';
      sql += SqlType(column.type);
      if (!column.nullable) sql += " NOT NULL";
    }
    sql += ") STRICT;\n";
    // Only runs' key from the start: it says whether a run is there to replace. The other
    // tables' keys are built with the other indexes, after the rows.
    if (table.key.size() == 1) AppendIndex(sql, table, "key", true, table.key[0]);
  }
  sql += "CREATE TABLE tracedoc_schema (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;\n";
  sql += "INSERT INTO tracedoc_schema VALUES ('tables_version', '" +
         std::to_string(kTablesSchemaVersion) + "');\n";
  sql += "PRAGMA application_id = " + std::to_string(kTablesApplicationId) + ";\n";
  sql += "PRAGMA user_version = " + std::to_string(kTablesSchemaVersion) + ";\n";
  return sql;
}

std::string CreateIndexesSql() {
  std::string sql;
  for (const TableDefinition& table : TableDefinitions()) {
    // A (run_id, seq) key is unique by construction (seq numbers a run's records), so its index
    // would only serve a run's replacement, which any run_id-led index serves as well: it is
    // built only for a table without a time column. A span's key, (run_id, span_id), always is.
    // The records' span_id is not indexed: a join from them to spans uses spans' key, and the
    // text comparisons made those indexes a third of the export's index time (docs/tables.md §5).
    if (table.key.size() > 1 &&
        (table.key.back() == "span_id" || table.time_columns.empty())) {
      AppendIndex(sql, table, "key", true, table.key[0], table.key[1]);
    }
    for (const std::string_view time : table.time_columns) {
      AppendIndex(sql, table, time, false, "run_id", time);
    }
  }
  return sql;
}

std::string InsertSql(const TableDefinition& table, std::size_t rows) {
  std::string sql = "INSERT INTO " + QuoteIdentifier(table.name) + " VALUES ";
  std::size_t parameter = 0;
  for (std::size_t r = 0; r < rows; ++r) {
    sql += r == 0 ? "(" : ", (";
    for (std::size_t i = 0; i < table.columns.size(); ++i) {
      if (i != 0) sql += ", ";
      sql += '?';
      sql += std::to_string(++parameter);
    }
    sql += ')';
  }
  return sql;
}

std::string DeleteRunSql(const TableDefinition& table) {
  return "DELETE FROM " + QuoteIdentifier(table.name) + " WHERE run_id = ?1";
}

}  // namespace tracedoc::tables_sqlite
