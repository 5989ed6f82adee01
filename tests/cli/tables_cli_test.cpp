// `tracedoc export --format sqlite FILE... -o OUT.db` and `tracedoc query FILE... "SQL"`
// (docs/tables.md), run as a child process: several inputs of every format into one database, a
// run replaced, the refusals (exit 2), a bad query's message, and the output formats.
#include <string>

#include <gtest/gtest.h>

#include "support/cirron_spool_writer.hpp"
#include "support/cli_fixture.hpp"
#include "support/test_traces.hpp"
#include "support/trace_generator.hpp"
#include "support/traceml_export_generator.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/summary.hpp"

namespace tracedoc {
namespace {

class TablesCliTest : public testdata::CliFixture {
 protected:
  void SetUp() override {
    CliFixture::SetUp();
    WriteFile("sample.jsonl", testdata::kSample);
    big_ = generator::GenerateTrace(100'000, 31);
    WriteFile("big.jsonl", big_);
    testing_support::TraceMLExportPlan plan;
    plan.steps = 50;
    WriteFile("traceml.jsonl", testing_support::GenerateTraceMLExport(plan).text);
    testing_support::CirronSpoolPlan spool;
    WriteCirronSpool(testing_support::GenerateCirronSpool(spool), dir_ / "spool");
  }
  std::string big_;
};

TEST_F(TablesCliTest, ExportsEveryFormatIntoOneDatabaseAndReplacesARun) {
  const testdata::RunResult run = Run(
      "export --format sqlite sample.jsonl big.jsonl traceml.jsonl spool/.cirron -o runs.db");
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "");
  const testdata::RunResult formats =
      Run("query --db runs.db --format csv \"SELECT source_format, count(*) AS n FROM runs GROUP "
          "BY source_format ORDER BY source_format\"");
  ASSERT_EQ(formats.exit_code, 0) << formats.err;
  EXPECT_EQ(formats.out, "source_format,n\ncirron,1\ntrace,2\ntraceml,1\n");
  // The generated trace's counts and totals are its summary's.
  const TraceSummary summary = Summarize(ReadTrace(TraceInput::FromString(big_)).value());
  const std::string run_id = "(SELECT run_id FROM runs WHERE file_name = 'big.jsonl')";
  const testdata::RunResult counts = Run(
      "query --db runs.db \"SELECT (SELECT count(*) FROM ops WHERE run_id = " + run_id +
      ") AS ops, (SELECT count(*) FROM spans WHERE run_id = " + run_id +
      ") AS spans, (SELECT max(depth) FROM spans WHERE run_id = " + run_id +
      ") AS depth, (SELECT total_ns FROM runs WHERE file_name = 'big.jsonl') AS total\"");
  EXPECT_EQ(counts.out, "{\"ops\":" + std::to_string(summary.op_count) +
                            ",\"spans\":" + std::to_string(summary.span_count) +
                            ",\"depth\":" + std::to_string(summary.max_depth) +
                            ",\"total\":" + std::to_string(summary.total_ns) + "}\n");
  // Exported again: replaced, not added.
  ASSERT_EQ(Run("export --format sqlite big.jsonl -o runs.db").exit_code, 0);
  EXPECT_EQ(Run("query --db runs.db \"SELECT count(*) AS n FROM runs\"").out, "{\"n\":4}\n");
  EXPECT_EQ(Run("query --db runs.db \"SELECT count(*) = " + std::to_string(summary.op_count) +
                " AS same FROM ops WHERE run_id = " + run_id + "\"")
                .out,
            "{\"same\":1}\n");
}

TEST_F(TablesCliTest, RefusalsExitTwo) {
  WriteFile("notes.txt", "not a database, some words\n");
  const testdata::RunResult foreign = Run("export --format sqlite sample.jsonl -o notes.txt");
  EXPECT_EQ(foreign.exit_code, 2);
  EXPECT_NE(foreign.err.find("notes.txt"), std::string::npos) << foreign.err;
  EXPECT_NE(foreign.err.find("not a tracedoc tables database"), std::string::npos);
  EXPECT_EQ(testdata::ReadFileBytes(dir_ / "notes.txt"), "not a database, some words\n");
  EXPECT_EQ(Run("export --format sqlite sample.jsonl").exit_code, 2);  // -o is required
  EXPECT_EQ(Run("export --format chrome sample.jsonl big.jsonl").exit_code, 2);  // one FILE
  const testdata::RunResult twice = Run("export --format sqlite sample.jsonl sample.jsonl -o t.db");
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_NE(twice.err.find("has the run_id"), std::string::npos) << twice.err;
  EXPECT_EQ(Run("export --format sqlite missing.jsonl -o t.db").exit_code, 2);
}

TEST_F(TablesCliTest, ABadQueryExitsTwoWithSqlitesMessage) {
  const testdata::RunResult bad = Run("query sample.jsonl \"SELECT nope FROM spans\"");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.out, "");
  EXPECT_NE(bad.err.find("no such column: nope"), std::string::npos) << bad.err;
  const testdata::RunResult write = Run("query sample.jsonl \"DROP TABLE spans\"");
  EXPECT_EQ(write.exit_code, 2);
  EXPECT_EQ(Run("query \"SELECT 1\"").exit_code, 2);  // nothing to load and no --db
}

TEST_F(TablesCliTest, PrintsNdjsonCsvAndATable) {
  const std::string sql = "\"SELECT name, depth FROM spans ORDER BY span_id LIMIT 2\"";
  const testdata::RunResult ndjson = Run("query sample.jsonl " + sql);
  ASSERT_EQ(ndjson.exit_code, 0) << ndjson.err;
  EXPECT_EQ(ndjson.out.substr(0, 9), "{\"name\":\"");
  EXPECT_EQ(std::count(ndjson.out.begin(), ndjson.out.end(), '\n'), 2);
  const testdata::RunResult csv = Run("query --format csv sample.jsonl " + sql);
  EXPECT_EQ(csv.out.substr(0, 11), "name,depth\n");
  const testdata::RunResult table = Run("query --format table sample.jsonl " + sql);
  EXPECT_EQ(table.out.substr(0, 4), "name");
  EXPECT_EQ(std::count(table.out.begin(), table.out.end(), '\n'), 4);
}

}  // namespace
}  // namespace tracedoc
