// `tracedoc cat` and `tracedoc document` (tracedoc.md §6), run as child processes: the canonical
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

#include "support/test_traces.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc {
namespace {

using testdata::kMeta10;
using testdata::Lines;

struct CommandResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

std::string ShellQuote(std::string_view text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string Slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// The SAMPLE with unknown members on the meta and on a span_end line.
std::string SampleWithUnknown() {
  std::string text(testdata::kSample);
  text.replace(text.find(R"("tags":{})"), 9, R"("tags":{},"x_meta":[1])");
  text.replace(text.find(R"("duration_ns":2500})"), 19, R"("duration_ns":2500,"x_end":"y"})");
  return text;
}

class WriterCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("tracedoc_writer_cli_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }

  void WriteFile(std::string_view name, std::string_view contents) {
    std::ofstream(dir_ / name, std::ios::binary) << contents;
  }

  // `tracedoc ARGUMENTS` run in the temporary directory, stdin from `stdin_name` or empty.
  CommandResult Run(const std::string& arguments, std::string_view stdin_name = {}) {
    const std::string input = stdin_name.empty() ? "/dev/null" : (dir_ / stdin_name).string();
    const std::filesystem::path out = dir_ / "stdout.txt";
    const std::filesystem::path err = dir_ / "stderr.txt";
    const std::string command = "cd " + ShellQuote(dir_.string()) + " && " +
                                ShellQuote(TRACEDOC_CLI_PATH) + " " + arguments + " <" +
                                ShellQuote(input) + " >" + ShellQuote(out.string()) + " 2>" +
                                ShellQuote(err.string());
    const int status = std::system(command.c_str());
    CommandResult result;
    result.exit_code = (status != -1 && WIFEXITED(status)) ? WEXITSTATUS(status) : -1;
    result.out = Slurp(out);
    result.err = Slurp(err);
    return result;
  }

  std::filesystem::path dir_;
};

std::string ExpectedJsonl(std::string_view text, WriteOptions options = {}) {
  return WriteJsonl(ReadTrace(TraceInput::FromString(text)).value(), options);
}

TEST_F(WriterCliTest, CatWritesCanonicalJsonl) {
  WriteFile("sample.jsonl", SampleWithUnknown());
  const CommandResult run = Run("cat sample.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(run.out, ExpectedJsonl(SampleWithUnknown()));
  EXPECT_NE(run.out.find(R"({"kind":"span_end","id":"span-root","duration_ns":2500,"x_end":"y"})"),
            std::string::npos);
}

TEST_F(WriterCliTest, CatDropUnknownWritesTheReferenceBytes) {
  WriteFile("sample.jsonl", SampleWithUnknown());
  const CommandResult run = Run("cat --drop-unknown sample.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, ExpectedJsonl(testdata::kSample));
}

TEST_F(WriterCliTest, CatReadsStandardInput) {
  WriteFile("sample.jsonl", testdata::kSample);
  const CommandResult run = Run("cat -", "sample.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, ExpectedJsonl(testdata::kSample));
}

TEST_F(WriterCliTest, CatOfARejectedTraceExitsOneWithTheErrorLine) {
  WriteFile("bad.jsonl", Lines({kMeta10, R"({"kind":"span_end","id":"s9","duration_ns":0})",
                                testdata::kCompleteTerminal0}));
  const CommandResult run = Run("cat bad.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err,
            "bad.jsonl:2: error[unknown_span_end]: span_end for unknown span `s9` at index 1\n");
}

TEST_F(WriterCliTest, DocumentOfARejectedTraceExitsOne) {
  WriteFile("bad.jsonl", Lines({kMeta10}));
  const CommandResult run = Run("document bad.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err,
            "bad.jsonl:0: error[missing_terminal]: trace stream is missing its terminal event\n");
}

TEST_F(WriterCliTest, UnreadableFileExitsTwo) {
  for (const char* command : {"cat", "document"}) {
    const CommandResult run = Run(std::string(command) + " missing.jsonl");
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
  const CommandResult run = Run("document sample.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.err, "");
  EXPECT_EQ(run.out, WriteDocumentJson(document) + "\n");
  const CommandResult dropped = Run("document --drop-unknown sample.jsonl");
  EXPECT_EQ(dropped.out, WriteDocumentJson(document, {.drop_unknown = true}) + "\n");
  EXPECT_EQ(dropped.out.find("x_meta"), std::string::npos);
}

TEST_F(WriterCliTest, DocumentPretty) {
  WriteFile("sample.jsonl", testdata::kSample);
  const TraceDocument document = ReadTrace(TraceInput::FromString(testdata::kSample)).value();
  const CommandResult run = Run("document --pretty -", "sample.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, WriteDocumentJson(document, {.pretty = true}) + "\n");
  EXPECT_TRUE(run.out.starts_with("{\n  \"schema\": ")) << run.out;
}

}  // namespace
}  // namespace tracedoc
