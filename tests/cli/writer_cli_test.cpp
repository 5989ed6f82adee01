// `tracedoc cat` and `tracedoc document` (docs/tracedoc.md §6), run as child processes: the canonical
// output on stdout, `-` for stdin, the flags, exit codes 1 (rejected) and 2 (unreadable, usage).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <system_error>

#include "support/cli_fixture.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc {
namespace {

using testdata::kMeta10;
using testdata::Lines;

// The SAMPLE with unknown members on the meta and on a span_end line.
std::string SampleWithUnknown() {
  std::string text(testdata::kSample);
  text.replace(text.find(R"("tags":{})"), 9, R"("tags":{},"x_meta":[1])");
  text.replace(text.find(R"("duration_ns":2500})"), 19, R"("duration_ns":2500,"x_end":"y"})");
  return text;
}

class WriterCliTest : public testdata::CliFixture {};

std::string ExpectedJsonl(std::string_view text, WriteOptions options = {}) {
  return WriteJsonl(ReadTrace(TraceInput::FromString(text)).value(), options);
}

TEST_F(WriterCliTest, CatWritesCanonicalJsonl) {
  WriteFile("sample.jsonl", SampleWithUnknown());
  const testdata::RunResult run = Run("cat sample.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(run.out, ExpectedJsonl(SampleWithUnknown()));
  EXPECT_NE(run.out.find(R"({"kind":"span_end","id":"span-root","duration_ns":2500,"x_end":"y"})"),
            std::string::npos);
}

TEST_F(WriterCliTest, CatDropUnknownWritesTheReferenceBytes) {
  WriteFile("sample.jsonl", SampleWithUnknown());
  const testdata::RunResult run = Run("cat --drop-unknown sample.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, ExpectedJsonl(testdata::kSample));
}

TEST_F(WriterCliTest, CatReadsStandardInput) {
  WriteFile("sample.jsonl", testdata::kSample);
  const testdata::RunResult run = Run("cat -", "sample.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, ExpectedJsonl(testdata::kSample));
}

TEST_F(WriterCliTest, CatOfARejectedTraceExitsOneWithTheErrorLine) {
  WriteFile("bad.jsonl", Lines({kMeta10, R"({"kind":"span_end","id":"s9","duration_ns":0})",
                                testdata::kCompleteTerminal0}));
  const testdata::RunResult run = Run("cat bad.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err,
            "bad.jsonl:2: error[unknown_span_end]: span_end for unknown span `s9` at index 1\n");
}

TEST_F(WriterCliTest, DocumentOfARejectedTraceExitsOne) {
  WriteFile("bad.jsonl", Lines({kMeta10}));
  const testdata::RunResult run = Run("document bad.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err,
            "bad.jsonl:0: error[missing_terminal]: trace stream is missing its terminal event\n");
}

TEST_F(WriterCliTest, UnreadableFileExitsTwo) {
  for (const char* command : {"cat", "document"}) {
    const testdata::RunResult run = Run(std::string(command) + " missing.jsonl");
    EXPECT_EQ(run.exit_code, 2) << command;
    EXPECT_EQ(run.out, "");
    EXPECT_TRUE(run.err.starts_with("missing.jsonl:0: error[io_error]: ")) << run.err;
  }
}

TEST_F(WriterCliTest, UsageErrorsExitTwo) {
  EXPECT_EQ(Run("cat").exit_code, 2);
  EXPECT_EQ(Run("document").exit_code, 2);
  EXPECT_EQ(Run("cat --pretty x.jsonl").exit_code, 2);
  EXPECT_EQ(Run("document --bogus x.jsonl").exit_code, 2);
}

TEST_F(WriterCliTest, DocumentPrintsOneCompactObjectAndANewline) {
  WriteFile("sample.jsonl", SampleWithUnknown());
  const TraceDocument document = ReadTrace(TraceInput::FromString(SampleWithUnknown())).value();
  const testdata::RunResult run = Run("document sample.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(run.out, WriteDocumentJson(document) + "\n");
  const testdata::RunResult dropped = Run("document --drop-unknown sample.jsonl");
  EXPECT_EQ(dropped.out, WriteDocumentJson(document, {.drop_unknown = true}) + "\n");
  EXPECT_EQ(dropped.out.find("x_meta"), std::string::npos);
}

TEST_F(WriterCliTest, DocumentPretty) {
  WriteFile("sample.jsonl", testdata::kSample);
  const TraceDocument document = ReadTrace(TraceInput::FromString(testdata::kSample)).value();
  const testdata::RunResult run = Run("document --pretty -", "sample.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, WriteDocumentJson(document, {.pretty = true}) + "\n");
  EXPECT_TRUE(run.out.starts_with("{\n  \"schema\": ")) << run.out;
}

}  // namespace
}  // namespace tracedoc
