// OpenAndLoadRuns in-process: each input one run with its file's SHA-256, the indexes built after
// them, a second input with the run_id of an earlier one refused (exit 2) with the earlier run
// kept, and a file that is not a tables database refused (exit 2) before anything is read.
#include "cli/tables_loading.hpp"

#include <optional>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "support/temp_dir.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/tables.hpp"

namespace tracedoc::cli {
namespace {

std::string Query(TablesDatabase& database, std::string_view sql) {
  std::ostringstream out;
  EXPECT_TRUE(database.RunQuery(sql, QueryFormat::kCsv, out));
  return out.str();
}

TEST(CliTablesLoading, LoadsEachInputAsARunAndRefusesARepeatedRunId) {
  const testing_support::TestTempDir dir;
  const std::string sample = dir.Write("sample.jsonl", testdata::kSample).string();
  const std::string copy = dir.Write("copy.jsonl", testdata::kSample).string();
  std::optional<TablesDatabase> database;
  ASSERT_EQ(OpenAndLoadRuns(database, ":memory:", {sample}, {}, "test"), 0);
  ASSERT_TRUE(database);
  EXPECT_EQ(Query(*database, "SELECT file_name = '" + sample + "' AS named, file_sha256 = '" +
                                 FileSha256(sample).value() + "' AS hashed FROM runs"),
            "named,hashed\n1,1\n");
  // The indexes are built once the runs are in.
  EXPECT_EQ(Query(*database,
                  "SELECT count(*) AS n FROM sqlite_schema WHERE name = 'ops_timestamp_ns'"),
            "n\n1\n");

  std::optional<TablesDatabase> again;
  EXPECT_EQ(OpenAndLoadRuns(again, ":memory:", {sample, copy}, {}, "test"), 2);
  ASSERT_TRUE(again);
  EXPECT_EQ(Query(*again, "SELECT count(*) AS n FROM runs"), "n\n1\n");

  std::optional<TablesDatabase> missing;
  EXPECT_EQ(OpenAndLoadRuns(missing, ":memory:", {(dir.path() / "missing.jsonl").string()}, {},
                            "test"),
            2);
  std::optional<TablesDatabase> not_a_database;
  const std::string text = dir.Write("notes.db", "just some words, no database here\n").string();
  EXPECT_EQ(OpenAndLoadRuns(not_a_database, text, {sample}, {}, "test"), 2);
  EXPECT_FALSE(not_a_database);
}

}  // namespace
}  // namespace tracedoc::cli
