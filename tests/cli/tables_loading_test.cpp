// LoadRuns in-process: each input one run with its file's SHA-256, and a second input with the
// run_id of an earlier one refused (exit 2) with the earlier run kept.
#include "cli/tables_loading.hpp"

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
  TablesDatabase database = TablesDatabase::Open(":memory:").value();
  EXPECT_EQ(LoadRuns(database, {sample}, {}, "test"), 0);
  EXPECT_EQ(Query(database, "SELECT file_name = '" + sample + "' AS named, file_sha256 = '" +
                                FileSha256(sample).value() + "' AS hashed FROM runs"),
            "named,hashed\n1,1\n");
  TablesDatabase again = TablesDatabase::Open(":memory:").value();
  EXPECT_EQ(LoadRuns(again, {sample, copy}, {}, "test"), 2);
  EXPECT_EQ(Query(again, "SELECT count(*) AS n FROM runs"), "n\n1\n");
  EXPECT_EQ(LoadRuns(again, {(dir.path() / "missing.jsonl").string()}, {}, "test"), 2);
  EXPECT_EQ(BuildIndexes(again, "test"), 0);
}

}  // namespace
}  // namespace tracedoc::cli
