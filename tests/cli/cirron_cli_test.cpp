// Spools on the command line (docs/cirron-conversion.md, "Command line"): import writes a trace
// that validates; validate prints the warnings of an evicted batch and exits 0, the code of a
// bad field and exits 1; the other commands read a spool by itself or with --from cirron; the
// committed example spool gives what the README shows.
#include <algorithm>
#include <fstream>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/cirron_spool_writer.hpp"
#include "support/cli_fixture.hpp"

namespace tracedoc::testdata {
namespace {

using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::StartsWith;

class CirronCliTest : public CliFixture {
 protected:
  // The generated spool under the test's directory; returns `.cirron` relative to it.
  std::string WriteSpool(std::size_t evicted = 0) {
    testing_support::CirronSpoolPlan plan;
    plan.seed = 5;
    plan.records_per_batch = 4;
    const testing_support::GeneratedSpool spool = testing_support::GenerateCirronSpool(plan);
    WriteCirronSpool(spool, dir_, evicted);
    return ".cirron";
  }
};

TEST_F(CirronCliTest, ImportWritesATraceThatValidates) {
  const std::string spool = WriteSpool();
  const RunResult imported = Run("import --from cirron " + spool + " -o run.jsonl");
  ASSERT_EQ(imported.exit_code, 0) << imported.err;
  const std::string text = ReadFileBytes(dir_ / "run.jsonl");
  EXPECT_THAT(text, StartsWith("{\"kind\":\"meta\",\"schema\":\"candle-graph/trace/10\""));
  const RunResult validated = Run("validate run.jsonl");
  EXPECT_EQ(validated.exit_code, 0) << validated.err;
  // The same bytes as cat of the spool, and a fixed point of cat.
  EXPECT_EQ(Run("cat " + spool).out, text);
  EXPECT_EQ(Run("cat run.jsonl").out, text);
}

TEST_F(CirronCliTest, ValidateOfASpoolWithAnEvictedBatchWarnsAndPasses) {
  const std::string spool = WriteSpool(/*evicted=*/3);
  const RunResult result = Run("validate " + spool);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  // FILE:LINE:COLUMN: of the batch file that holds the reference, not of the spool.
  EXPECT_THAT(result.err, ::testing::ContainsRegex(
                              R"(\.cirron/spool/[0-9]{20}-[0-9a-f]{32}\.json:1:[0-9]+: )"
                              R"(warning\[cirron_missing_)"));
  const RunResult json = Run("validate --json " + spool);
  EXPECT_EQ(json.exit_code, 0);
  EXPECT_THAT(json.out, HasSubstr("\"ok\":true"));
  EXPECT_THAT(json.out,
              HasSubstr("\"diagnostics\":[{\"severity\":\"warning\",\"code\":\"cirron_missing_"));
  // At most --max-diagnostics kept, every one counted.
  const std::size_t count_at = json.out.find("\"diagnostic_count\":");
  ASSERT_NE(count_at, std::string::npos);
  const RunResult capped = Run("validate --json --max-diagnostics 1 " + spool);
  EXPECT_EQ(capped.exit_code, 0);
  EXPECT_EQ(std::count(capped.out.begin(), capped.out.end(), '{'), 2);  // the report, one kept
  EXPECT_THAT(capped.out, HasSubstr(json.out.substr(count_at)));
}

TEST_F(CirronCliTest, StrictJsonRejectsNaNAndStrictRejectsUnknownKeys) {
  const std::string spool = WriteSpool();  // NaN losses and unknown keys, as Python writes
  EXPECT_EQ(Run("validate " + spool).exit_code, 0);
  const RunResult strict_json = Run("validate --strict-json " + spool);
  EXPECT_EQ(strict_json.exit_code, 1);
  EXPECT_THAT(strict_json.err, HasSubstr("error[invalid_json]: not JSON: NaN is not a JSON number"));
  const RunResult strict = Run("validate --strict " + spool);
  EXPECT_EQ(strict.exit_code, 1);
  EXPECT_THAT(strict.err, HasSubstr("error[unknown_field]"));
}

TEST_F(CirronCliTest, OptionsWithoutAMeaningForTheInputAreUsageErrors) {
  const std::string spool = WriteSpool();
  const RunResult all = Run("validate --all " + spool);
  EXPECT_EQ(all.exit_code, 2);
  EXPECT_THAT(all.err, HasSubstr("--all does not apply to a Cirron spool"));
  std::ofstream(dir_ / "trace.jsonl") << ReadFileBytes(TRACEDOC_SOURCE_DIR "/examples/valid.jsonl");
  const RunResult strict_json = Run("validate --strict-json trace.jsonl");
  EXPECT_EQ(strict_json.exit_code, 2);
  EXPECT_THAT(strict_json.err, HasSubstr("--strict-json applies to a Cirron spool only"));
}

TEST_F(CirronCliTest, ValidateOfABadFieldFailsWithItsCode) {
  const std::string spool = WriteSpool();
  std::filesystem::path batch;
  for (const auto& entry : std::filesystem::directory_iterator(dir_ / ".cirron" / "spool")) {
    if (entry.path().extension() == ".json") batch = entry.path();
  }
  std::string text = ReadFileBytes(batch);
  const std::size_t at = text.find("\"schema_version\": 1");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 19, "\"schema_version\": 2");
  std::ofstream(batch, std::ios::binary | std::ios::trunc) << text;
  const RunResult result = Run("validate " + spool);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.err, HasSubstr("error[cirron_unsupported_schema]"));
  // The batch file's own line and column lead the error, not the spool's path.
  EXPECT_THAT(result.err, HasSubstr(batch.filename().string() + ":1:"));
}

TEST_F(CirronCliTest, EveryCommandReadsASpool) {
  const std::string spool = WriteSpool();
  for (const std::string command : {"summary", "memory", "health", "document", "cat"}) {
    const RunResult result = Run(command + " " + spool + "/spool");
    EXPECT_EQ(result.exit_code, command == "health" ? result.exit_code : 0) << command << result.err;
    EXPECT_FALSE(result.out.empty()) << command;
  }
  const RunResult exported = Run("export --format chrome --from cirron " + spool);
  EXPECT_EQ(exported.exit_code, 0) << exported.err;
  const RunResult report = Run("report " + spool + " -o report.html");
  ASSERT_EQ(report.exit_code, 0) << report.err;
  EXPECT_THAT(ReadFileBytes(dir_ / "report.html"), HasSubstr("<h3>Mark <code>loss</code></h3>"));
}

// The committed example (examples/cirron, README "Read a Cirron spool"): 3 batches, 33 spans,
// 6 losses of which 2 are NaN, an `ema` NaN unknown key; nothing evicted.
class CirronExampleTest : public CliFixture {
 protected:
  const std::string spool_ = ShellQuote(TRACEDOC_SOURCE_DIR "/examples/cirron/.cirron");
};

TEST_F(CirronExampleTest, ValidatesWithoutWarningsOrFindings) {
  const RunResult text = Run("validate " + spool_);
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_EQ(text.err, "");
  const RunResult json = Run("validate --json " + spool_);
  EXPECT_EQ(json.exit_code, 0);
  EXPECT_THAT(json.out,
              HasSubstr("\"ok\":true,\"error\":null,\"diagnostics\":[],\"diagnostic_count\":0}"));
}

TEST_F(CirronExampleTest, SummaryCountsItsSpans) {
  const RunResult result = Run("summary " + spool_);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_THAT(result.out, HasSubstr("\"span_count\":33,\"root_span_count\":1,\"max_depth\":3,"));
}

TEST_F(CirronExampleTest, ReportChartsTheLossCurveAndMarksItsNaNs) {
  const RunResult result = Run("report " + spool_ + " -o report.html");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string page = ReadFileBytes(dir_ / "report.html");
  const std::size_t loss = page.find("<h3>Mark <code>loss</code></h3>");
  ASSERT_NE(loss, std::string::npos);
  EXPECT_NE(page.find("4 point(s); 2 non-finite value(s), marked", loss), std::string::npos);
}

TEST_F(CirronExampleTest, ImportWritesATraceWithTheSpoolFactsThatValidates) {
  const RunResult result = Run("import " + spool_ + " -o run.jsonl");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string text = ReadFileBytes(dir_ / "run.jsonl");
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 84);
  EXPECT_THAT(text, HasSubstr("\"cirron.batches\":\"3\",\"cirron.non_finite_numbers\":\"3\""));
  EXPECT_THAT(text, EndsWith("{\"kind\":\"terminal\",\"outcome\":\"complete\",\"timestamp_ns\":2015110}\n"));
  EXPECT_EQ(Run("validate run.jsonl").exit_code, 0);
}

TEST_F(CirronCliTest, AnEmptySpoolDirectoryIsRejected) {
  std::filesystem::create_directories(dir_ / "empty");
  // Without --from, a directory holding no batch is not taken for a spool (io_error, exit 2).
  EXPECT_EQ(Run("summary empty").exit_code, 2);
  const RunResult result = Run("summary --from cirron empty");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.err, HasSubstr("error[cirron_empty_spool]"));
}

}  // namespace
}  // namespace tracedoc::testdata
