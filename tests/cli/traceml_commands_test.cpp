// Every reading command on a TraceML export (docs/traceml-export.md, "Command line"): summary
// prints the run summary, the others read the export converted to a trace/10 document
// (docs/traceml-conversion.md), import writes that document; a rejected export fails each of
// them with its code and line.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/cli_fixture.hpp"
#include "support/traceml_export_generator.hpp"

namespace tracedoc::testdata {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;
using testing_support::GenerateTraceMLExport;

class TraceMLCommandsTest : public CliFixture {
 protected:
  // The committed example's run: 2 ranks, 44 records, a duplicate step, a missing step.
  void WriteExample() { WriteFile("records.jsonl", GenerateTraceMLExport({.seed = 5}).text); }
};

TEST_F(TraceMLCommandsTest, SummaryIsTheRunSummary) {
  WriteExample();
  const RunResult result = Run("summary records.jsonl");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, StartsWith(R"({"record_count":44,)"));
  EXPECT_THAT(result.out, HasSubstr(R"("straggler":{"rank":1,)"));
  EXPECT_EQ(result.out.back(), '\n');
  const RunResult pretty = Run("summary --pretty records.jsonl");
  EXPECT_THAT(pretty.out, StartsWith("{\n  \"record_count\": 44,\n"));
}

TEST_F(TraceMLCommandsTest, ExportPutsEachRankOnAProcessOfItsOwn) {
  WriteExample();
  const RunResult result = Run("export --format chrome records.jsonl");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr(R"("args":{"name":"rank 0"})"));
  EXPECT_THAT(result.out, HasSubstr(R"("args":{"name":"rank 1"})"));
}

TEST_F(TraceMLCommandsTest, ReportShowsTheStepsOfEachRank) {
  WriteExample();
  const RunResult result = Run("report records.jsonl");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("Steps per rank"));
}

TEST_F(TraceMLCommandsTest, ImportWritesATraceThatValidatesAndCatsToTheSameBytes) {
  WriteExample();
  const RunResult imported = Run("import records.jsonl -o run.jsonl");
  ASSERT_EQ(imported.exit_code, 0) << imported.err;
  const RunResult validated = Run("validate run.jsonl");
  EXPECT_EQ(validated.exit_code, 0) << validated.err;
  const RunResult cat = Run("cat run.jsonl");
  EXPECT_EQ(cat.out, ReadFileBytes(dir_ / "run.jsonl"));
  const RunResult converted = Run("cat records.jsonl");
  EXPECT_EQ(converted.out, cat.out);
}

TEST_F(TraceMLCommandsTest, FromTraceMLReadsStandardInput) {
  WriteExample();
  const RunResult result = Run("summary --from traceml -", "records.jsonl");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, StartsWith(R"({"record_count":44,)"));
}

// A first line past the 1 MiB probe is recognized by its opening member, not read as a trace.
TEST_F(TraceMLCommandsTest, AFirstLineLongerThanTheProbeIsStillAnExport) {
  std::string events;
  for (int phase = 0; events.size() < (std::size_t{3} << 19); ++phase) {
    if (!events.empty()) events += ", ";
    events += "\"phase-" + std::to_string(phase) +
              "\": {\"cpu\": {\"is_gpu\": false, \"duration_ms\": 1.0, \"cpu_ms\": 1.0, "
              "\"gpu_ms\": null, \"n_calls\": 1}}";
  }
  WriteFile("records.jsonl",
            R"({"stream": "step_time", "schema_version": 1, "observed_timestamp_unix_ns": 2, )"
            R"("rank": 0, "global_rank": 0, "local_rank": 0, "world_size": 1, )"
            R"("local_world_size": 1, "node_rank": 0, "timestamp_unix_ns": 1, "seq": 0, )"
            R"("step": 0, "events": {)" + events + "}}\n");
  const RunResult result = Run("summary records.jsonl");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, StartsWith(R"({"record_count":1,)"));
}

TEST_F(TraceMLCommandsTest, ARejectedExportFailsEveryCommandWithItsCode) {
  std::string text = GenerateTraceMLExport({.seed = 5}).text;
  const std::string closing = R"({"written_records": 44,)";
  ASSERT_NE(text.find(closing), std::string::npos);
  text.replace(text.find(closing), closing.size(), R"({"written_records": 43,)");
  WriteFile("records.jsonl", text);
  for (const char* command : {"summary", "health", "cat", "export --format chrome", "report",
                              "import"}) {
    const RunResult result = Run(std::string(command) + " records.jsonl");
    EXPECT_EQ(result.exit_code, 1) << command;
    EXPECT_THAT(result.err,
                StartsWith("records.jsonl:45:21: error[traceml_written_records_mismatch]: "))
        << command;
    EXPECT_EQ(result.out, "") << command;
  }
}

}  // namespace
}  // namespace tracedoc::testdata
