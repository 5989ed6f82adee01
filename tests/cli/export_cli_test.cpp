// `tracedoc export --format chrome|speedscope FILE [-o OUT]` (docs/chrome-trace.md,
// docs/speedscope.md), run as a child process:
// the export on stdout or in a file, the options, and exit codes 1 (rejected) and 2 (unreadable,
// unwritable, usage), a failed run leaving no half-written file behind.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "support/cli_fixture.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/chrome_trace.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/speedscope.hpp"

namespace tracedoc {
namespace {

class ExportCliTest : public testdata::CliFixture {
 protected:
  void SetUp() override {
    CliFixture::SetUp();
    WriteFile("sample.jsonl", testdata::kSample);
  }
  static std::string Expected(const ChromeTraceOptions& options = {}) {
    return ExportChromeTrace(ReadTrace(TraceInput::FromString(testdata::kSample)).value(),
                             options) +
           "\n";
  }
};

TEST_F(ExportCliTest, WritesTheExportAndANewlineToStandardOutput) {
  const testdata::RunResult run = Run("export --format chrome sample.jsonl");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, Expected());
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(Run("export --format chrome -", "sample.jsonl").out, Expected());
}

TEST_F(ExportCliTest, WritesTheFileNamedByOutputAndNothingElse) {
  const testdata::RunResult run = Run("export --format chrome sample.jsonl -o out/../trace.json");
  ASSERT_EQ(Run("export --format chrome sample.jsonl -o trace.json").exit_code, 0);
  EXPECT_EQ(testdata::ReadFileBytes(dir_ / "trace.json"), Expected());
  EXPECT_EQ(run.exit_code, 2);  // the folder `out` does not exist
  EXPECT_NE(run.err.find("cannot write out/../trace.json"), std::string::npos) << run.err;
  for (const auto& entry : std::filesystem::directory_iterator(dir_)) {
    EXPECT_EQ(entry.path().filename().string().find(".tmp."), std::string::npos)
        << "temporary file left: " << entry.path();
  }
}

TEST_F(ExportCliTest, LeavesOutWhatItIsToldTo) {
  EXPECT_EQ(Run("export --format chrome --no-ops sample.jsonl").out, Expected({.ops = false}));
  EXPECT_EQ(Run("export --format chrome --no-memory --no-device-intervals sample.jsonl").out,
            Expected({.device_intervals = false, .memory = false}));
}

TEST_F(ExportCliTest, WritesSpeedscopesOwnFormatAndRefusesNoMemoryForIt) {
  const TraceDocument document = ReadTrace(TraceInput::FromString(testdata::kSample)).value();
  const testdata::RunResult run = Run("export --format speedscope sample.jsonl -o trace.json");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(testdata::ReadFileBytes(dir_ / "trace.json"), ExportSpeedscope(document) + "\n");
  EXPECT_EQ(Run("export --format speedscope --no-ops --no-device-intervals sample.jsonl").out,
            ExportSpeedscope(document, {.ops = false, .device_intervals = false}) + "\n");
  const testdata::RunResult no_memory = Run("export --format speedscope --no-memory sample.jsonl");
  EXPECT_EQ(no_memory.exit_code, 2);
  EXPECT_EQ(no_memory.out, "");
  EXPECT_NE(no_memory.err.find("--no-memory applies to --format chrome only"), std::string::npos)
      << no_memory.err;
}

TEST_F(ExportCliTest, ARejectedTraceExitsOneAndWritesNoFile) {
  WriteFile("bad.jsonl", testdata::Lines({testdata::kMeta10}));
  const testdata::RunResult run = Run("export --format chrome bad.jsonl -o trace.json");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_TRUE(run.err.starts_with("bad.jsonl:")) << run.err;
  EXPECT_NE(run.err.find(": error[missing_terminal]: "), std::string::npos) << run.err;
  EXPECT_FALSE(std::filesystem::exists(dir_ / "trace.json"));
}

TEST_F(ExportCliTest, UsageAndUnreadableInputExitTwo) {
  EXPECT_EQ(Run("export sample.jsonl").exit_code, 2);                   // --format is required
  EXPECT_EQ(Run("export --format perfetto sample.jsonl").exit_code, 2);  // not a format
  EXPECT_EQ(Run("export --format chrome").exit_code, 2);
  const testdata::RunResult missing = Run("export --format chrome missing.jsonl");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("missing.jsonl:0: error[io_error]: "), std::string::npos)
      << missing.err;
}

}  // namespace
}  // namespace tracedoc
