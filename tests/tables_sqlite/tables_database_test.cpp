// TablesDatabase (docs/tables.md §5): the schema a new file gets, u64 extremes kept exactly, a run
// replaced by its run_id, files that are not tracedoc databases (or of another version) refused,
// one read-only statement per query, and the three output shapes.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "support/fold_trace.hpp"
#include "support/temp_dir.hpp"
#include "support/test_traces.hpp"
#include "support/trace_generator.hpp"
#include "tracedoc/sqlite_tables.hpp"
#include "tracedoc/summary.hpp"

namespace tracedoc {
namespace {

using testdata::CompleteTerminalLine;
using testdata::kMeta10;
using testdata::Lines;
using testdata::OpLine;
using testdata::SpanEndLine;
using testdata::SpanStartLine;

std::string Query(TablesDatabase& database, std::string_view sql,
                  QueryFormat format = QueryFormat::kCsv) {
  std::ostringstream out;
  const Result<void> ran = database.RunQuery(sql, format, out);
  EXPECT_TRUE(ran) << ran.error().message;
  return out.str();
}

TablesDatabase InMemory() {
  Result<TablesDatabase> database = TablesDatabase::Open(":memory:");
  EXPECT_TRUE(database) << database.error().message;
  return std::move(database).value();
}

std::string WithRunId(std::string_view run_id) {
  std::string meta(kMeta10);
  meta.replace(meta.find("run-1"), 5, run_id);
  return meta;
}

TEST(TablesDatabase, ANewFileGetsTheSchemaItsApplicationIdAndVersion) {
  const testing_support::TestTempDir dir;
  const std::string file = (dir.path() / "runs.db").string();
  ASSERT_TRUE(TablesDatabase::Open(file));
  ASSERT_TRUE(TablesDatabase::Open(""));  // SQLite's private temporary database
  TablesDatabase database = TablesDatabase::Open(file).value();  // and opens again
  EXPECT_EQ(Query(database, "PRAGMA application_id"),
            "application_id\n" + std::to_string(kTablesApplicationId) + "\n");
  EXPECT_EQ(Query(database, "PRAGMA user_version"), "user_version\n1\n");
  EXPECT_EQ(Query(database, "PRAGMA page_size"), "page_size\n65536\n");
  EXPECT_EQ(Query(database, "SELECT value FROM tracedoc_schema WHERE key = 'tables_version'"),
            "value\n1\n");
  EXPECT_EQ(Query(database,
                  "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name != "
                  "'tracedoc_schema'"),
            "count(*)\n" + std::to_string(TableDefinitions().size()) + "\n");
}

TEST(TablesDatabase, U64ExtremesRoundTripExactly) {
  const TraceDocument document = testing::FoldTrace(Lines(
      {kMeta10, SpanStartLine("s", "s", 0), OpLine("s", "a", 0, 0),
       OpLine("s", "b", 9223372036854775807u, 9223372036854775807u),
       OpLine("s", "c", 9223372036854775808u, 9223372036854775808u),
       OpLine("s", "d", 18446744073709551615u, 18446744073709551615u), SpanEndLine("s", 1),
       CompleteTerminalLine(18446744073709551615u)}));
  TablesDatabase database = InMemory();
  ASSERT_TRUE(database.AddRun(document, RunSource{"t.jsonl", std::nullopt, InputFormat::kTrace}));
  EXPECT_EQ(Query(database,
                  "SELECT duration_ns, typeof(duration_ns) AS type, CAST(timestamp_ns AS TEXT) "
                  "AS at FROM ops ORDER BY seq"),
            "duration_ns,type,at\n"
            "0,integer,0\n"
            "9223372036854775807,integer,9223372036854775807\n"
            "9223372036854775808,text,9223372036854775808\n"
            "18446744073709551615,text,18446744073709551615\n");
}

TEST(TablesDatabase, ARunIsReplacedByItsRunIdAndOthersAreKept) {
  const std::string text = generator::GenerateTrace(100'000, 5);
  const TraceDocument document = testing::FoldTrace(text);
  const TraceSummary summary = Summarize(document);
  const TraceDocument other = testing::FoldTrace(Lines(
      {WithRunId("other"), SpanStartLine("s", "s", 0), SpanEndLine("s", 1), CompleteTerminalLine(1)}));
  TablesDatabase database = InMemory();
  const RunSource source{"big.jsonl", std::nullopt, InputFormat::kTrace};
  ASSERT_TRUE(database.AddRun(document, source));
  ASSERT_TRUE(database.AddRun(other, source));
  ASSERT_TRUE(database.AddRun(document, source));  // again: replaces
  EXPECT_EQ(Query(database, "SELECT run_id FROM runs ORDER BY run_id DESC"),
            "run_id\nother\n" + std::string(document.run().run_id) + "\n");
  const std::string run = "'" + std::string(document.run().run_id) + "'";
  EXPECT_EQ(Query(database, "SELECT count(*) AS n FROM ops WHERE run_id = " + run),
            "n\n" + std::to_string(summary.op_count) + "\n");
  EXPECT_EQ(Query(database, "SELECT count(*) AS n, max(depth) AS d FROM spans WHERE run_id = " + run),
            "n,d\n" + std::to_string(summary.span_count) + "," + std::to_string(summary.max_depth) +
                "\n");
  EXPECT_EQ(Query(database, "SELECT total_ns FROM runs WHERE run_id = " + run),
            "total_ns\n" + std::to_string(summary.total_ns) + "\n");
  EXPECT_EQ(Query(database,
                  "SELECT count(*) AS n FROM memory WHERE action = 'alloc' AND run_id = " + run),
            "n\n" + std::to_string(summary.alloc_count) + "\n");
}

TEST(TablesDatabase, RefusesFilesThatAreNotTracedocDatabasesOrOfAnotherVersion) {
  const testing_support::TestTempDir dir;
  const std::string text_file = dir.Write("notes.db", "not a database at all, just some words\n").string();
  const Result<TablesDatabase> text = TablesDatabase::Open(text_file);
  ASSERT_FALSE(text);
  EXPECT_EQ(text.error().code, ErrorCode::kIoError);
  EXPECT_NE(text.error().message.find(text_file), std::string::npos);
  EXPECT_NE(text.error().message.find("not a tracedoc tables database"), std::string::npos);

  const std::string foreign = (dir.path() / "foreign.db").string();
  const std::string newer = (dir.path() / "newer.db").string();
  ASSERT_TRUE(TablesDatabase::Open(newer));
  for (const auto& [file, sql] : {std::pair{foreign, "CREATE TABLE t (x)"},
                                  std::pair{newer, "PRAGMA user_version = 2"}}) {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(file.c_str(), &db), SQLITE_OK);
    EXPECT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }
  const Result<TablesDatabase> foreign_opened = TablesDatabase::Open(foreign);
  ASSERT_FALSE(foreign_opened);
  EXPECT_EQ(foreign_opened.error().code, ErrorCode::kIoError);
  EXPECT_NE(foreign_opened.error().message.find("not a tracedoc tables database"), std::string::npos);
  const Result<TablesDatabase> newer_opened = TablesDatabase::Open(newer);
  ASSERT_FALSE(newer_opened);
  EXPECT_EQ(newer_opened.error().code, ErrorCode::kIoError);
  EXPECT_NE(newer_opened.error().message.find("version 2"), std::string::npos);
  // Nothing was written to either.
  EXPECT_EQ(std::filesystem::file_size(text_file), 39u);
}

TEST(TablesDatabase, AQueryIsOneReadOnlyStatement) {
  TablesDatabase database = InMemory();
  std::ostringstream out;
  const std::pair<std::string_view, std::string_view> refused[] = {
      {"SELECT * FROM nope", "no such table: nope"},
      {"SELEC 1", "syntax error"},
      {"DELETE FROM runs", "not authorized"},
      {"VACUUM", "only read-only statements run"},
      {"SELECT 1; SELECT 2", "more than one statement"},
      {"  ", "no statement"},
  };
  for (const auto& [sql, message] : refused) {
    const Result<void> ran = database.RunQuery(sql, QueryFormat::kNdjson, out);
    ASSERT_FALSE(ran) << sql;
    EXPECT_EQ(ran.error().code, ErrorCode::kInvalidValue);
    EXPECT_EQ(ran.error().field, "sql");
    EXPECT_NE(ran.error().message.find(message), std::string::npos) << ran.error().message;
  }
  EXPECT_EQ(out.str(), "");
  EXPECT_EQ(Query(database, "SELECT 1 AS one;  "), "one\n1\n");
}

TEST(TablesDatabase, PrintsNdjsonCsvAndAnAlignedTable) {
  TablesDatabase database = InMemory();
  const std::string sql =
      "SELECT 1 AS n, 'a,b \"q\"' AS s, NULL AS z, 2.5 AS r UNION ALL "
      "SELECT 20, 'é', 'x', 1e300";
  EXPECT_EQ(Query(database, sql, QueryFormat::kNdjson),
            "{\"n\":1,\"s\":\"a,b \\\"q\\\"\",\"z\":null,\"r\":2.5}\n"
            "{\"n\":20,\"s\":\"é\",\"z\":\"x\",\"r\":1e300}\n");
  EXPECT_EQ(Query(database, sql, QueryFormat::kCsv),
            "n,s,z,r\n1,\"a,b \"\"q\"\"\",,2.5\n20,é,x,1e300\n");
  EXPECT_EQ(Query(database, sql, QueryFormat::kTable),
            "n   s        z     r\n"
            "--  -------  ----  -----\n"
            "1   a,b \"q\"  NULL  2.5\n"
            "20  é        x     1e300\n");
}

// Past kQueryTableAlignRows rows the table keeps its widths and holds no more rows.
TEST(TablesDatabase, ATableAlignsOverItsFirstRowsOnly) {
  TablesDatabase database = InMemory();
  const std::string table = Query(
      database,
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1005) "
      "SELECT i, 'v' AS v FROM n",
      QueryFormat::kTable);
  EXPECT_NE(table.find("\n1000  v\n"), std::string::npos);
  EXPECT_NE(table.find("\n1001  v\n"), std::string::npos);
  EXPECT_EQ(std::count(table.begin(), table.end(), '\n'), 1007);
}

// Many tiny runs into one database: each is a transaction, its old rows found by index.
// A large run's rows are inserted on a second thread: an insert that fails there (here a trigger
// refuses one op, deep into the run) rolls the whole run back and reaches the caller.
TEST(TablesDatabase, AnInsertRefusedOnTheInsertThreadRollsTheRunBack) {
  const testing_support::TestTempDir dir;
  const std::string file = (dir.path() / "runs.db").string();
  ASSERT_TRUE(TablesDatabase::Open(file));
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(file.c_str(), &db), SQLITE_OK);
  EXPECT_EQ(sqlite3_exec(db,
                         "CREATE TRIGGER refuse BEFORE INSERT ON ops WHEN NEW.seq = 20000 "
                         "BEGIN SELECT RAISE(ABORT, 'op 20000 refused'); END",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  sqlite3_close(db);
  TablesDatabase database = TablesDatabase::Open(file).value();
  const TraceDocument document = testing::FoldTrace(generator::GenerateTrace(100'000, 3));
  ASSERT_GT(Summarize(document).op_count, 20'000u);
  const Result<void> added =
      database.AddRun(document, RunSource{"big.jsonl", std::nullopt, InputFormat::kTrace});
  ASSERT_FALSE(added);
  EXPECT_EQ(added.error().code, ErrorCode::kIoError);
  EXPECT_NE(added.error().message.find("op 20000 refused"), std::string::npos);
  EXPECT_EQ(Query(database,
                  "SELECT (SELECT count(*) FROM runs) AS runs, (SELECT count(*) FROM spans) AS "
                  "spans, (SELECT count(*) FROM ops) AS ops"),
            "runs,spans,ops\n0,0,0\n");
  // The database takes the next run as before.
  const TraceDocument small = testing::FoldTrace(Lines(
      {kMeta10, SpanStartLine("s", "s", 0), SpanEndLine("s", 1), CompleteTerminalLine(1)}));
  ASSERT_TRUE(database.AddRun(small, RunSource{"t", std::nullopt, InputFormat::kTrace}));
  EXPECT_EQ(Query(database, "SELECT count(*) AS n FROM spans"), "n\n1\n");
}

TEST(TablesDatabase, TenThousandTinyRunsIntoOneDatabase) {
  TablesDatabase database = InMemory();
  for (int i = 0; i < 10'000; ++i) {
    const TraceDocument run = testing::FoldTrace(Lines({WithRunId("r" + std::to_string(i)),
                                                        SpanStartLine("s", "s", 0), SpanEndLine("s", 1),
                                                        CompleteTerminalLine(1)}));
    ASSERT_TRUE(database.AddRun(run, RunSource{"t", std::nullopt, InputFormat::kTrace}));
  }
  EXPECT_EQ(Query(database, "SELECT count(*) AS runs, (SELECT count(*) FROM spans) AS spans FROM runs"),
            "runs,spans\n10000,10000\n");
}

}  // namespace
}  // namespace tracedoc
