// Inputs recognized by what they hold, on the command line (issue 47): a batch whatever its
// name, a directory of batches whatever its name, a batch through a pipe, and a stream of a
// schema tracedoc does not read named as such.
#include <filesystem>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/cli_fixture.hpp"

namespace tracedoc::testdata {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// As the SDK's SpoolWriter tests write a batch: any batch id, the file named after it.
constexpr std::string_view kBatchB0 =
    R"({"schema_version":1,"sdk_version":"0.4.2","batch_id":"b0","created_ns":1,)"
    R"("spans":[],"marks":[],"snapshots":[]})";
constexpr std::string_view kBatchB0Name = "00000000000000000001-b0.json";
constexpr std::string_view kNameRule =
    "error[cirron_file_name]: a batch file is named <created_ns, 20 digits>-<batch_id, 32 "
    "lower-case hex>.json";

// The first batch of the committed example, which converts.
const std::filesystem::path kExampleBatch =
    TRACEDOC_SOURCE_DIR "/examples/cirron/.cirron/spool/"
                        "01764000000000790575-de06728d68f81cc14aa05d244bbf0f4b.json";

using RecognizedByContentTest = CliFixture;

TEST_F(RecognizedByContentTest, ABatchGivenAloneIsReadAsABatchAndItsNameChecked) {
  WriteFile(kBatchB0Name, kBatchB0);
  const RunResult result = Run("validate " + std::string(kBatchB0Name));
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_THAT(result.err, HasSubstr(kNameRule));
  EXPECT_THAT(result.err, Not(HasSubstr("missing field")));
}

TEST_F(RecognizedByContentTest, ASpoolFolderOrAnyFolderOfBatchesIsASpool) {
  std::filesystem::create_directories(dir_ / "run" / ".cirron" / "spool");
  std::filesystem::create_directories(dir_ / "elsewhere");
  WriteFile("run/.cirron/spool/" + std::string(kBatchB0Name), kBatchB0);
  WriteFile("elsewhere/" + std::string(kBatchB0Name), kBatchB0);
  for (const char* path : {"run/.cirron", "run/.cirron/spool", "run", "elsewhere"}) {
    const RunResult result = Run(std::string("validate ") + path);
    EXPECT_EQ(result.exit_code, 1) << path;
    EXPECT_THAT(result.err, HasSubstr(kNameRule)) << path;
    EXPECT_THAT(result.err, Not(HasSubstr("Is a directory"))) << path;
  }
}

TEST_F(RecognizedByContentTest, ABatchThroughAPipeIsReadAsABatch) {
  std::filesystem::copy_file(kExampleBatch, dir_ / "b.json");
  const RunResult piped = RunPiped("validate -", "b.json");
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  const RunResult direct = Run("summary " + ShellQuote(kExampleBatch.string()));
  ASSERT_EQ(direct.exit_code, 0) << direct.err;
  EXPECT_EQ(RunPiped("summary -", "b.json").out, direct.out);
  // A batch on standard input has no name to break; its contents are still checked.
  WriteFile("b0.json", kBatchB0);
  const RunResult b0 = RunPiped("validate -", "b0.json");
  EXPECT_EQ(b0.exit_code, 1);
  EXPECT_THAT(b0.err, HasSubstr("error[cirron_invalid_id]"));
  EXPECT_THAT(b0.err, Not(HasSubstr("cirron_file_name")));
}

TEST_F(RecognizedByContentTest, AStreamOfAnotherSchemaIsNamedWithTheSchemasRead) {
  constexpr std::string_view kExpected =
      R"(; expected "candle-graph/trace/10", "candle-graph/trace/9" or "candle-graph/trace/6")";
  WriteFile("runtime.jsonl",
            "{\"schema\":\"candle-graph/runtime/1\",\"type\":\"hello\",\"pid\":1}\n"
            "{\"type\":\"step\",\"n\":1}\n");
  const RunResult runtime = Run("validate runtime.jsonl");
  EXPECT_EQ(runtime.exit_code, 1);
  EXPECT_THAT(runtime.err,
              HasSubstr("runtime.jsonl:1: error[unsupported_schema]: unsupported trace schema "
                        "\"candle-graph/runtime/1\" (another candle-graph protocol, not a "
                        "trace)" + std::string(kExpected)));
  // A meta of the runtime protocol, without a trace meta's fields.
  WriteFile("runtime_meta.jsonl",
            "{\"kind\":\"meta\",\"schema\":\"candle-graph/runtime/1\"}\n");
  const RunResult meta = Run("validate runtime_meta.jsonl");
  EXPECT_EQ(meta.exit_code, 1);
  EXPECT_THAT(meta.err, HasSubstr("error[unsupported_schema]: unsupported trace schema "
                                  "\"candle-graph/runtime/1\" (another"));
  EXPECT_THAT(meta.err, Not(HasSubstr("run_id")));
  // A later trace revision: named, and not taken for another protocol.
  WriteFile("trace11.jsonl",
            "{\"kind\":\"meta\",\"schema\":\"candle-graph/trace/11\",\"new_field\":1}\n");
  const RunResult later = Run("validate trace11.jsonl");
  EXPECT_EQ(later.exit_code, 1);
  EXPECT_THAT(later.err, HasSubstr("trace11.jsonl:1: error[unsupported_schema]: unsupported "
                                   "trace schema \"candle-graph/trace/11\"" +
                                   std::string(kExpected)));
}

}  // namespace
}  // namespace tracedoc::testdata
