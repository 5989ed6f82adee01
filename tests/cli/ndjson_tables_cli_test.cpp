// `tracedoc export --format tables FILE... -o DIR` (docs/fleet.md), run as a child process:
// every format into one directory, one call per file or several at once, a run replaced, and
// the refusals with their exit codes.
#include <algorithm>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "support/cirron_spool_writer.hpp"
#include "support/cli_fixture.hpp"
#include "support/test_traces.hpp"
#include "support/trace_generator.hpp"
#include "support/traceml_export_generator.hpp"

namespace tracedoc {
namespace {

namespace fs = std::filesystem;

class NdjsonTablesCliTest : public testdata::CliFixture {
 protected:
  void SetUp() override {
    CliFixture::SetUp();
    WriteFile("sample.jsonl", testdata::kSample);
    WriteFile("big.jsonl", generator::GenerateTrace(100'000, 17));
    testing_support::TraceMLExportPlan plan;
    plan.steps = 50;
    WriteFile("traceml.jsonl", testing_support::GenerateTraceMLExport(plan).text);
    WriteCirronSpool(testing_support::GenerateCirronSpool({}), dir_ / "spool");
  }
  // The number of lines of a table's partition file for `run_id` (escaped as docs/fleet.md §2).
  std::size_t Rows(const std::string& table, const std::string& partition) {
    const std::string text =
        testdata::ReadFileBytes(dir_ / "fleet" / table / partition / "part-0.ndjson");
    return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
  }
  // The partition directories of `table`.
  std::size_t Partitions(const std::string& table) {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir_ / "fleet" / table),
                                                  fs::directory_iterator()));
  }
};

TEST_F(NdjsonTablesCliTest, EveryFormatIntoOneDirectoryOneCallPerFileOrSeveral) {
  testdata::RunResult run = Run("export --format tables sample.jsonl big.jsonl -o fleet");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "");
  run = Run("export --format tables traceml.jsonl -o fleet");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  run = Run("export --format tables spool/.cirron -o fleet");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(fs::is_regular_file(dir_ / "fleet" / "_tracedoc_tables.json"));
  EXPECT_EQ(Partitions("runs"), 4u);
  EXPECT_EQ(Partitions("steps"), 4u);
  // The sample (docs/examples.md §8.4): two spans, one op, one memory event, one edge.
  EXPECT_EQ(Rows("spans", "run_id=run-1"), 2u);
  EXPECT_EQ(Rows("ops", "run_id=run-1"), 1u);
  EXPECT_EQ(Rows("memory", "run_id=run-1"), 1u);
  EXPECT_EQ(Rows("edges", "run_id=run-1"), 1u);
  EXPECT_EQ(Rows("runs", "run_id=bench-run"), 1u);
  EXPECT_GT(Rows("memory", "run_id=bench-run"), 10'000u);
  // Exported again, alone: the run's files are replaced, the others stay.
  ASSERT_EQ(Run("export --format tables sample.jsonl -o fleet").exit_code, 0);
  EXPECT_EQ(Rows("spans", "run_id=run-1"), 2u);
  EXPECT_EQ(Partitions("runs"), 4u);
}

TEST_F(NdjsonTablesCliTest, RefusalsAndTheirExitCodes) {
  // No DIR: the tables are a directory, never standard output.
  testdata::RunResult run = Run("export --format tables sample.jsonl");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("needs -o DIR"), std::string::npos) << run.err;
  // A directory of something else.
  fs::create_directories(dir_ / "home");
  WriteFile("home/notes.txt", "mine");
  run = Run("export --format tables sample.jsonl -o home");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("not a tracedoc tables directory"), std::string::npos) << run.err;
  EXPECT_FALSE(fs::exists(dir_ / "home" / "runs"));
  // A rejected input is 1, an unreadable one 2; the runs before it are written.
  WriteFile("invalid.jsonl", std::string(testdata::kMeta10) + "\n");
  run = Run("export --format tables sample.jsonl invalid.jsonl -o fleet");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(Rows("spans", "run_id=run-1"), 2u);
  run = Run("export --format tables missing.jsonl -o fleet");
  EXPECT_EQ(run.exit_code, 2);
  // Two inputs of one run in one call: the second would replace the first.
  run = Run("export --format tables sample.jsonl sample.jsonl -o fleet");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("run_id"), std::string::npos) << run.err;
  // Another schema version's tables.
  fs::create_directories(dir_ / "old");
  WriteFile("old/_tracedoc_tables.json", R"({"format":"tracedoc-tables","schema_version":0})");
  run = Run("export --format tables sample.jsonl -o old");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("schema version 0"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace tracedoc
