// A query reads the loaded tables and nothing else, within its limits (docs/tables.md §5.1), the
// findings of issue 42 each with its measured figure as the bound: ATTACH in both forms creates
// no file and leaves another program's database with a hot journal byte for byte as it was;
// fts3_tokenizer is refused; zeroblob(900000000) (1.7 GB measured) and randomblob(300000000)
// (444 MB printed) stop at the value limit with SQLite's memory far below; the memory limit, the
// timeout and the cancel flag stop a query, each named; nothing that ends a transaction runs.
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <sstream>
#include <string>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "support/cli_fixture.hpp"
#include "support/fold_trace.hpp"
#include "support/temp_dir.hpp"
#include "support/test_traces.hpp"
#include "tables_sqlite/query_guard.hpp"
#include "tracedoc/sqlite_tables.hpp"

namespace tracedoc {
namespace {

using testdata::CompleteTerminalLine;
using testdata::kMeta10;
using testdata::Lines;
using testdata::SpanEndLine;
using testdata::SpanStartLine;

TablesDatabase Loaded() {
  TablesDatabase database = TablesDatabase::Open(":memory:").value();
  const TraceDocument run = testing::FoldTrace(
      Lines({kMeta10, SpanStartLine("s", "step", 0), SpanEndLine("s", 5), CompleteTerminalLine(5)}));
  EXPECT_TRUE(database.AddRun(run, RunSource{"t.jsonl", std::nullopt, InputFormat::kTrace}));
  return database;
}

// The query's error (it must fail) and what it printed.
Error Refused(TablesDatabase& database, std::string_view sql, const QueryLimits& limits = {}) {
  std::ostringstream out;
  const Result<void> ran = database.RunQuery(sql, QueryFormat::kNdjson, out, limits);
  EXPECT_FALSE(ran) << sql << " printed " << out.str();
  return ran ? Error{} : ran.error();
}

bool Contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

TEST(QueryLimits, AttachInEitherFormIsRefusedAndCreatesNoFile) {
  const testing_support::TestTempDir dir;
  TablesDatabase database = Loaded();
  const std::filesystem::path plain = dir.path() / "plain.db";
  const std::filesystem::path uri = dir.path() / "uri.db";
  for (const std::string& sql :
       {"ATTACH DATABASE '" + plain.string() + "' AS e",
        "ATTACH 'file:" + uri.string() + "?mode=rwc' AS e",
        "SELECT * FROM spans, (SELECT sqlite_attach('" + plain.string() + "', 'e', NULL))"}) {
    const Error error = Refused(database, sql);
    EXPECT_EQ(error.code, ErrorCode::kInvalidValue) << sql;
    EXPECT_TRUE(Contains(error.message, "not authorized") || Contains(error.message, "no such"))
        << error.message;
  }
  EXPECT_FALSE(std::filesystem::exists(plain));
  EXPECT_FALSE(std::filesystem::exists(uri));
  EXPECT_FALSE(database.CheckQuery("DETACH DATABASE main"));
}

// Another program's database left mid-transaction: its writer died after writing pages to the
// file, so its journal is hot and the next connection to open it would roll the file back.
void LeaveHotJournal(const std::string& file) {
  const pid_t child = ::fork();
  if (child == 0) {
    sqlite3* db = nullptr;
    sqlite3_open(file.c_str(), &db);
    sqlite3_exec(db,
                 "PRAGMA cache_size = 1; CREATE TABLE t (x); "
                 "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200) "
                 "INSERT INTO t SELECT randomblob(1000) FROM n; "
                 "BEGIN; UPDATE t SET x = zeroblob(1000);",
                 nullptr, nullptr, nullptr);
    ::_exit(0);  // no rollback, no close: the journal stays
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_GT(std::filesystem::file_size(file + "-journal"), 512u);
}

TEST(QueryLimits, AttachingADatabaseWithAHotJournalLeavesItByteForByte) {
  const testing_support::TestTempDir dir;
  const std::string other = (dir.path() / "other.db").string();
  LeaveHotJournal(other);
  const std::string bytes = testdata::ReadFileBytes(other);
  const std::string journal = testdata::ReadFileBytes(other + "-journal");
  TablesDatabase database = Loaded();
  EXPECT_EQ(Refused(database, "ATTACH '" + other + "' AS e").code, ErrorCode::kInvalidValue);
  EXPECT_EQ(testdata::ReadFileBytes(other), bytes);
  EXPECT_EQ(testdata::ReadFileBytes(other + "-journal"), journal);
}

TEST(QueryLimits, FunctionsThatExposeTheProcessAreRefused) {
  TablesDatabase database = Loaded();
  const Error pointer = Refused(database, "SELECT hex(fts3_tokenizer('simple')) AS p");
  EXPECT_EQ(pointer.code, ErrorCode::kInvalidValue);
  EXPECT_TRUE(Contains(pointer.message, "not authorized to use function: fts3_tokenizer"))
      << pointer.message;
  EXPECT_TRUE(Contains(Refused(database, "SELECT fts3_tokenizer('evil', x'0100000000000000')")
                           .message,
                       "fts3_tokenizer"));
  EXPECT_TRUE(Contains(Refused(database, "SELECT load_extension('/tmp/x.so')").message,
                       "load_extension"));
}

TEST(QueryLimits, NothingThatWritesOrEndsATransactionRuns) {
  TablesDatabase database = Loaded();
  for (const std::string_view sql :
       {"BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT s", "RELEASE s", "PRAGMA user_version = 7",
        "PRAGMA cache_size = 1", "PRAGMA journal_mode = OFF", "PRAGMA writable_schema = ON",
        "DELETE FROM spans", "UPDATE sqlite_schema SET sql = ''", "CREATE TEMP TABLE t (x)", "SELECT * FROM temp.sqlite_schema",
        "VACUUM", "ANALYZE", "REINDEX"}) {
    EXPECT_EQ(Refused(database, sql).code, ErrorCode::kInvalidValue) << sql;
  }
  std::ostringstream out;
  ASSERT_TRUE(database.RunQuery(
      "SELECT name FROM pragma_table_info('runs') WHERE name = 'run_id'", QueryFormat::kCsv, out));
  ASSERT_TRUE(database.RunQuery("PRAGMA table_info(spans)", QueryFormat::kCsv, out));
  ASSERT_TRUE(database.RunQuery("SELECT sum(value) AS s FROM json_each('[1, 2]')",
                                QueryFormat::kCsv, out));
  ASSERT_TRUE(database.RunQuery("PRAGMA user_version", QueryFormat::kCsv, out));
  EXPECT_TRUE(Contains(out.str(), "name\nrun_id\n"));
  EXPECT_TRUE(Contains(out.str(), "s\n3\n"));
  // The loading writes as before once the query is done: the guard is the query's only.
  const TraceDocument other = testing::FoldTrace(Lines(
      {std::string(kMeta10).replace(std::string(kMeta10).find("run-1"), 5, "run-2"),
       SpanStartLine("s", "s", 0), SpanEndLine("s", 1), CompleteTerminalLine(1)}));
  EXPECT_TRUE(database.AddRun(other, RunSource{"u", std::nullopt, InputFormat::kTrace}));
}

TEST(QueryLimits, AValueLongerThanTheLimitStopsTheQueryWithSqlitesMemoryFarBelowIt) {
  TablesDatabase database = Loaded();
  for (const std::string_view sql : {"SELECT length(zeroblob(900000000) || '') AS n",
                                     "SELECT randomblob(300000000) AS b"}) {
    sqlite3_memory_highwater(1);
    const Error error = Refused(database, sql);
    EXPECT_EQ(error.code, ErrorCode::kLimitExceeded) << sql;
    EXPECT_TRUE(Contains(error.message, "string or blob too big")) << error.message;
    EXPECT_TRUE(Contains(error.message, "limit of 16 MiB (--max-value-mib")) << error.message;
    // 1.7 GB measured before the limit; SQLite's own peak now stays near its page cache.
    EXPECT_LT(sqlite3_memory_highwater(0), 64 << 20) << sql;
  }
  // Raised, the same value is made.
  QueryLimits raised;
  raised.max_value_bytes = std::uint64_t{32} << 20;
  std::ostringstream out;
  ASSERT_TRUE(database.RunQuery("SELECT length(randomblob(20000000)) AS n",
                                QueryFormat::kNdjson, out, raised));
  EXPECT_EQ(out.str(), "{\"n\":20000000}\n");
}

TEST(QueryLimits, TheMemoryLimitStopsAQueryAndNamesItself) {
  TablesDatabase database = Loaded();
  QueryLimits limits;
  limits.max_value_bytes = std::uint64_t{1000} << 20;
  limits.max_memory_bytes = std::uint64_t{32} << 20;
  sqlite3_memory_highwater(1);
  const Error error = Refused(database, "SELECT length(zeroblob(100000000) || '') AS n", limits);
  EXPECT_EQ(error.code, ErrorCode::kLimitExceeded);
  EXPECT_TRUE(Contains(error.message, "memory limit of 32 MiB (--max-memory-mib")) << error.message;
  EXPECT_LT(sqlite3_memory_highwater(0), 33 << 20);
  // The process's heap limit is restored after the query.
  EXPECT_EQ(sqlite3_hard_heap_limit64(-1), 0);
}

TEST(QueryLimits, TheTimeoutAndTheCancelFlagStopAQuery) {
  TablesDatabase database = Loaded();
  constexpr std::string_view kEndless =
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n";
  QueryLimits limits;
  limits.timeout = std::chrono::milliseconds(200);
  const auto start = std::chrono::steady_clock::now();
  const Error timed_out = Refused(database, kEndless, limits);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  EXPECT_EQ(timed_out.code, ErrorCode::kLimitExceeded);
  EXPECT_TRUE(Contains(timed_out.message, "longer than its --timeout of 0.2 seconds"))
      << timed_out.message;
  const volatile std::sig_atomic_t cancel = 1;
  QueryLimits cancelled;
  cancelled.cancel = &cancel;
  const Error interrupted = Refused(database, kEndless, cancelled);
  EXPECT_EQ(interrupted.code, ErrorCode::kLimitExceeded);
  EXPECT_EQ(interrupted.message, "the query was interrupted");
}

TEST(QueryLimits, TheAuthorizerReadsOnlyTheMainDatabase) {
  using tables_sqlite::AuthorizeQueryAction;
  EXPECT_EQ(AuthorizeQueryAction(SQLITE_READ, "spans", "name", "main", nullptr), SQLITE_OK);
  EXPECT_EQ(AuthorizeQueryAction(SQLITE_READ, "t", "x", "temp", nullptr), SQLITE_DENY);
  EXPECT_EQ(AuthorizeQueryAction(SQLITE_READ, "n", "", nullptr, nullptr), SQLITE_OK);  // a CTE
  EXPECT_EQ(AuthorizeQueryAction(SQLITE_ATTACH, "x.db", nullptr, nullptr, nullptr), SQLITE_DENY);
  EXPECT_EQ(AuthorizeQueryAction(SQLITE_FUNCTION, nullptr, "FTS3_Tokenizer", nullptr, nullptr),
            SQLITE_DENY);
  EXPECT_EQ(AuthorizeQueryAction(SQLITE_FUNCTION, nullptr, "fts3_tokenizerx", nullptr, nullptr),
            SQLITE_OK);
  EXPECT_EQ(AuthorizeQueryAction(SQLITE_PRAGMA, "page_size", nullptr, "main", nullptr), SQLITE_OK);
  EXPECT_EQ(AuthorizeQueryAction(SQLITE_PRAGMA, "page_size", "4096", "main", nullptr),
            SQLITE_DENY);
  EXPECT_EQ(AuthorizeQueryAction(SQLITE_PRAGMA, "table_info", "spans", "main", nullptr),
            SQLITE_OK);
}

}  // namespace
}  // namespace tracedoc
