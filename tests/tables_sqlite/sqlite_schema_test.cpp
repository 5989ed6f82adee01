// The SQL of the tables (STRICT tables, u64 columns of type ANY, the key and time indexes),
// identifiers quoted, and a query output written straight from values.
#include "tables_sqlite/query_output.hpp"
#include "tables_sqlite/sqlite_connection.hpp"
#include "tables_sqlite/sqlite_schema.hpp"

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace tracedoc::tables_sqlite {
namespace {

TEST(TablesSqliteSchema, U64ColumnsAreAnyInStrictTablesWithKeyAndTimeIndexes) {
  EXPECT_EQ(SqlType(ColumnType::kUnsigned), "ANY");
  EXPECT_EQ(SqlType(ColumnType::kBoolean), "INTEGER");
  EXPECT_EQ(SqlType(ColumnType::kJson), "TEXT");
  const std::string sql = CreateSchemaSql();
  EXPECT_NE(sql.find("CREATE TABLE \"ops\" (\"run_id\" TEXT NOT NULL, \"seq\" ANY NOT NULL, "),
            std::string::npos);
  EXPECT_NE(sql.find("CREATE UNIQUE INDEX IF NOT EXISTS \"runs_key\" ON \"runs\" (\"run_id\");"),
            std::string::npos);
  EXPECT_EQ(sql.find("spans_key"), std::string::npos);
  EXPECT_EQ(sql.find("ops_timestamp_ns"), std::string::npos);  // built after the rows
  const std::string indexes = CreateIndexesSql();
  EXPECT_NE(indexes.find("CREATE INDEX IF NOT EXISTS \"ops_timestamp_ns\" ON \"ops\" "
                         "(\"run_id\", \"timestamp_ns\");"),
            std::string::npos);
  // A record's span_id is not indexed: spans' key serves a join from the records.
  EXPECT_EQ(indexes.find("span_id\" ON \"ops\""), std::string::npos);
  EXPECT_EQ(indexes.find("\"memory_span_id\""), std::string::npos);
  EXPECT_NE(indexes.find("CREATE INDEX IF NOT EXISTS \"memory_timestamp_ns\" ON \"memory\" "
                         "(\"run_id\", \"timestamp_ns\");"),
            std::string::npos);
  EXPECT_NE(indexes.find("CREATE UNIQUE INDEX IF NOT EXISTS \"spans_key\" ON \"spans\" "
                         "(\"run_id\", \"span_id\");"),
            std::string::npos);
  EXPECT_EQ(indexes.find("spans_span_id"), std::string::npos);  // the key already is
  // A (run_id, seq) key is indexed only where no other run_id-led index serves a replacement.
  EXPECT_EQ(indexes.find("\"ops_key\""), std::string::npos);
  EXPECT_EQ(indexes.find("\"memory_key\""), std::string::npos);
  EXPECT_NE(indexes.find("CREATE UNIQUE INDEX IF NOT EXISTS \"health_issues_key\" ON "
                         "\"health_issues\" (\"run_id\", \"seq\");"),
            std::string::npos);
  EXPECT_NE(indexes.find("\"edges_key\""), std::string::npos);
  EXPECT_NE(indexes.find("CREATE UNIQUE INDEX IF NOT EXISTS \"tensors_key\" ON \"tensors\" "
                         "(\"run_id\", \"seq\");"),
            std::string::npos);
  EXPECT_NE(indexes.find("\"ranks_key\""), std::string::npos);
  EXPECT_EQ(indexes.find("\"steps_key\""), std::string::npos);  // start_ns serves it
  EXPECT_NE(indexes.find("\"gradients_key\""), std::string::npos);
  // No transaction of its own: BuildIndexes holds them in one, nested in Begin's when open.
  EXPECT_EQ(indexes.find("BEGIN"), std::string::npos);
  EXPECT_NE(sql.find("PRAGMA user_version = 1;"), std::string::npos);
  EXPECT_EQ(InsertSql(*FindTable("ranks")), "INSERT INTO \"ranks\" VALUES (?1, ?2, ?3, ?4)");
  EXPECT_EQ(InsertSql(*FindTable("ranks"), 2),
            "INSERT INTO \"ranks\" VALUES (?1, ?2, ?3, ?4), (?5, ?6, ?7, ?8)");
  EXPECT_EQ(DeleteRunSql(*FindTable("runs")), "DELETE FROM \"runs\" WHERE run_id = ?1");
  EXPECT_EQ(QuoteIdentifier("a\"b"), "\"a\"\"b\"");
}

TEST(TablesSqliteQueryOutput, WritesEveryValueKind) {
  std::ostringstream out;
  const auto output = MakeQueryOutput(QueryFormat::kNdjson, out);
  output->Begin({"a", "b\"", "c", "d", "e", "f", "g"});
  const std::vector<TableValue> row{std::int64_t{-5}, std::uint64_t{18446744073709551615u}, 0.25,
                                    true, std::string_view("t\n"), JsonText{"[1]"},
                                    std::monostate{}};
  output->Row(row);
  output->End();
  EXPECT_EQ(out.str(),
            "{\"a\":-5,\"b\\\"\":18446744073709551615,\"c\":0.25,\"d\":1,\"e\":\"t\\n\","
            "\"f\":[1],\"g\":null}\n");
}

}  // namespace
}  // namespace tracedoc::tables_sqlite
