// TraceML exports on the command line (docs/traceml-export.md, "Command line"): validate
// recognises an export by its first line or with --from traceml, prints warnings and errors as
// FILE:LINE:COLUMN: warning|error[CODE]: MESSAGE, --json adds the warnings to the report as
// diagnostics,
// --strict turns unknown fields into errors; a trace is still read as a trace.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/cli_fixture.hpp"

namespace tracedoc::testdata {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr std::string_view kStepTime =
    R"({"stream":"step_time","schema_version":1,"observed_timestamp_unix_ns":2000,"rank":0,"global_rank":0,"local_rank":0,"world_size":1,"local_world_size":1,"node_rank":0,"timestamp_unix_ns":1990,"seq":1,"step":1,"events":{"forward":{"cpu":{"is_gpu":false,"duration_ms":1.5,"cpu_ms":1.5,"gpu_ms":null,"n_calls":1}}}})";
constexpr std::string_view kOutput =
    R"({"stream":"stdout_stderr","schema_version":1,"observed_timestamp_unix_ns":4000,"rank":0,"timestamp_unix_ns":3999,"line":"done"})";

class TraceMLCliTest : public CliFixture {
 protected:
  void WriteExport(std::string_view name, std::string_view closing) {
    WriteFile(name, "\n" + std::string(kStepTime) + "\n" + std::string(kStepTime) + "\n" +
                        std::string(kOutput) + "\n" + std::string(closing) + "\n");
  }
};

TEST_F(TraceMLCliTest, ValidateRecognisesAnExportAndPrintsItsWarnings) {
  WriteExport("records.jsonl", R"({"written_records":3,"dropped_batches":1})");
  const RunResult result = Run("validate records.jsonl");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.err, HasSubstr("records.jsonl:3:1: warning[traceml_duplicate_key]: step_time "
                                    "record repeats the key (global_rank 0, step 1) of line 2; "
                                    "kept\n"));
  // At the value of dropped_batches.
  EXPECT_THAT(result.err, HasSubstr("records.jsonl:5:40: warning[traceml_dropped_batches]: "));
  EXPECT_EQ(result.out, "");
}

TEST_F(TraceMLCliTest, ValidateJsonAddsTheWarnings) {
  WriteExport("records.jsonl", R"({"written_records":3,"dropped_batches":0})");
  const RunResult result = Run("validate --json records.jsonl");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out,
              StartsWith(R"({"file":"records.jsonl","ok":true,"error":null,"diagnostics":[)"
                         R"({"severity":"warning","code":"traceml_duplicate_key","file":null,)"
                         R"("line":3,"column":1,"field":null,)"));
  EXPECT_THAT(result.out, HasSubstr(R"(],"diagnostic_count":1})"));
}

TEST_F(TraceMLCliTest, ValidateFailsWithTheRuleCodeAndLine) {
  WriteExport("records.jsonl", R"({"written_records":2,"dropped_batches":0})");
  const RunResult result = Run("validate records.jsonl");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.err,
              HasSubstr("records.jsonl:5:20: error[traceml_written_records_mismatch]: "));
  const RunResult json = Run("validate --json records.jsonl");
  EXPECT_EQ(json.exit_code, 1);
  EXPECT_THAT(
      json.out,
      HasSubstr(R"("ok":false,"error":{"code":"traceml_written_records_mismatch","line":5,)"));
}

TEST_F(TraceMLCliTest, StrictTurnsAnUnknownFieldIntoAnError) {
  std::string line(kOutput);
  line.insert(line.size() - 1, R"(,"extra":1)");
  WriteFile("records.jsonl", line + "\n");
  const RunResult lenient = Run("validate records.jsonl");
  EXPECT_EQ(lenient.exit_code, 0) << lenient.err;
  const std::string column = std::to_string(line.find(R"("extra")") + 1);
  EXPECT_THAT(lenient.err,
              HasSubstr("records.jsonl:1:" + column + ": warning[traceml_unknown_field]: "));
  const RunResult strict = Run("validate --strict records.jsonl");
  EXPECT_EQ(strict.exit_code, 1);
  EXPECT_THAT(strict.err, HasSubstr("records.jsonl:1:" + column + ": error[unknown_field]: "));
}

TEST_F(TraceMLCliTest, AClosingLineAloneIsAnEmptyExport) {
  WriteFile("empty.jsonl", "{\"written_records\":0,\"dropped_batches\":0}\n");
  const RunResult result = Run("validate empty.jsonl");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err, "");
}

TEST_F(TraceMLCliTest, FromTraceMLReadsWhatIsNotRecognised) {
  // First key not `stream`: a trace by default (no `kind`), an export with --from traceml.
  std::string line(kOutput);
  line.replace(1, 24, R"("schema_version":1,"stream":"stdout_stderr")");
  line.erase(line.find(R"(,"schema_version":1,"observed)"), 19);
  WriteFile("records.jsonl", line + "\n");
  const RunResult as_trace = Run("validate records.jsonl");
  EXPECT_EQ(as_trace.exit_code, 1);
  EXPECT_THAT(as_trace.err, HasSubstr("records.jsonl:1: error[missing_field]"));
  const RunResult as_export = Run("validate --from traceml records.jsonl");
  EXPECT_EQ(as_export.exit_code, 0) << as_export.err;
  EXPECT_THAT(as_export.err, HasSubstr("records.jsonl:1:21: warning[traceml_field_order]: "));
}

TEST_F(TraceMLCliTest, AMissingExportIsUnreadable) {
  const RunResult result = Run("validate --from traceml nowhere.jsonl");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_THAT(result.err, HasSubstr("nowhere.jsonl:0: error[io_error]: "));
}

TEST_F(TraceMLCliTest, ATraceIsStillATrace) {
  WriteFile("trace.jsonl", "{\"kind\":\"span_start\"}\n");
  const RunResult result = Run("validate trace.jsonl");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.err, StartsWith("trace.jsonl:1: error["));
  EXPECT_THAT(result.err, ::testing::Not(HasSubstr("traceml")));
}

}  // namespace
}  // namespace tracedoc::testdata
