// The command line's shared pieces called in-process (src/cli/commands.hpp, through
// tracedoc_cli_lib): naming and recognizing the input, the arguments every reading command
// takes, the one-line read error and its exit code, the checked output, and the bodies that read
// a trace and run a report on it, to standard output or to a file.
#include <sched.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <iostream>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "cli/commands.hpp"
#include "support/cli_fixture.hpp"
#include "support/temp_dir.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/version.hpp"

namespace tracedoc::cli {
namespace {

using ::testing::ElementsAre;
using ::testing::StartsWith;
using testing_support::TestTempDir;

// Sends `stream` to a string while alive; the stream's state is cleared again at the end.
class Captured {
 public:
  explicit Captured(std::ostream& stream) : stream_(stream), saved_(stream.rdbuf(text_.rdbuf())) {}
  ~Captured() {
    stream_.rdbuf(saved_);
    stream_.clear();
  }
  Captured(const Captured&) = delete;
  Captured& operator=(const Captured&) = delete;
  std::string str() const { return text_.str(); }

 private:
  std::ostream& stream_;
  std::ostringstream text_;
  std::streambuf* saved_;
};

// A report that writes the number of spans and returns 7, so its exit code is seen to pass.
int SpanCount(const TraceDocument& document, std::ostream& out) {
  out << document.spans().size() << " spans";
  return 7;
}

TEST(CliCommandsTest, AnInputIsNamedByItsPathOrDashForStandardInput) {
  EXPECT_EQ(InputNamed("-").display_name(), "-");
  EXPECT_EQ(InputNamed("runs/a.jsonl").display_name(), "runs/a.jsonl");
}

TEST(CliCommandsTest, TheFormatIsTheNamedOneElseWhatTheInputLooksLike) {
  const TestTempDir dir;
  const TraceInput trace = InputNamed(dir.Write("t.jsonl", testdata::kSample).string());
  const TraceInput export_file =
      InputNamed(dir.Write("e.jsonl", R"({"stream":"x"})" "\n").string());
  EXPECT_EQ(FormatOf(trace, ""), InputFormat::kTrace);
  EXPECT_EQ(FormatOf(export_file, ""), InputFormat::kTraceMLExport);
  // --from wins over the look.
  EXPECT_EQ(FormatOf(trace, "traceml"), InputFormat::kTraceMLExport);
  EXPECT_EQ(FormatOf(export_file, "trace"), InputFormat::kTrace);
  EXPECT_EQ(FormatOf(trace, "cirron"), InputFormat::kCirronSpool);
}

TEST(CliCommandsTest, TheTraceArgumentTakesAFileThreadsAndFrom) {
  CLI::App app{"test", "test"};
  TraceArgument argument;
  AddTraceArgument(app, argument);
  app.parse("--threads 4 --from cirron run.jsonl", false);
  EXPECT_EQ(argument.file, "run.jsonl");
  EXPECT_EQ(argument.threads, 4u);
  EXPECT_EQ(argument.from, "cirron");

  const auto rejects = [](const std::string& line) {
    CLI::App command{"test", "test"};
    TraceArgument ignored;
    AddTraceArgument(command, ignored);
    try {
      command.parse(line, false);
    } catch (const CLI::ParseError& error) {
      return error.get_name();
    }
    return std::string("accepted");
  };
  EXPECT_EQ(rejects("--threads 0 run.jsonl"), "ValidationError");
  EXPECT_EQ(rejects("--threads 257 run.jsonl"), "ValidationError");
  EXPECT_EQ(rejects("--from csv run.jsonl"), "ValidationError");
  EXPECT_EQ(rejects("--threads 2"), "RequiredError");
  EXPECT_EQ(rejects("--threads 256 --from traceml -"), "accepted");
}

// Without --threads a read uses the cores the process may run on, at most 8; narrowing the
// affinity (as a container or taskset does) narrows the default with it.
TEST(CliCommandsTest, ThreadsDefaultToTheCoresAvailableAtMostEight) {
  cpu_set_t saved;
  CPU_ZERO(&saved);
  ASSERT_EQ(sched_getaffinity(0, sizeof saved, &saved), 0);
  const unsigned allowed = static_cast<unsigned>(CPU_COUNT(&saved));
  ASSERT_GE(allowed, 1u);
  EXPECT_EQ(AvailableCores(), allowed);
  EXPECT_EQ(DefaultReadThreads(), std::min(allowed, kMostDefaultReadThreads));

  CLI::App app{"test", "test"};
  TraceArgument argument;
  AddTraceArgument(app, argument);
  app.parse("run.jsonl", false);
  EXPECT_EQ(argument.threads, std::min(allowed, kMostDefaultReadThreads));

  // One allowed core: one thread. The first allowed core stays allowed.
  int first = 0;
  while (!CPU_ISSET(first, &saved)) ++first;
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(first, &one);
  ASSERT_EQ(sched_setaffinity(0, sizeof one, &one), 0);
  const unsigned narrowed = DefaultReadThreads();
  ASSERT_EQ(sched_setaffinity(0, sizeof saved, &saved), 0);
  EXPECT_EQ(narrowed, 1u);
}

TEST(CliCommandsTest, TheOutputOptionKeepsItsDefaultUntilGiven) {
  CLI::App app{"test", "test"};
  std::string output = "-";
  AddOutputOption(app, output);
  app.parse("", false);
  EXPECT_EQ(output, "-");
  app.parse("--output page.html", false);
  EXPECT_EQ(output, "page.html");
}

TEST(CliCommandsTest, AReadErrorIsOneLineOnStderrAndItsExitCode) {
  Captured err(std::cerr);
  Error unreadable;
  unreadable.code = ErrorCode::kIoError;
  unreadable.message = "cannot open";
  EXPECT_EQ(ReportReadError("a.jsonl", unreadable), kExitUsage);
  Error rejected;
  rejected.code = ErrorCode::kInvalidJson;
  rejected.line = 3;
  rejected.message = "expected a value";
  EXPECT_EQ(ReportReadError("b.jsonl", rejected), kExitRejected);
  EXPECT_EQ(err.str(),
            "a.jsonl:0: error[io_error]: cannot open\n"
            "b.jsonl:3: error[invalid_json]: expected a value\n");
}

TEST(CliCommandsTest, AFailedStandardOutputIsReportedByCommand) {
  Captured out(std::cout);
  Captured err(std::cerr);
  std::cout << "fine";
  EXPECT_TRUE(FlushStandardOutput("cat"));
  std::cout.setstate(std::ios::badbit);
  EXPECT_FALSE(FlushStandardOutput("cat"));
  EXPECT_EQ(out.str(), "fine");
  EXPECT_EQ(err.str(), "tracedoc cat: cannot write to standard output\n");
}

TEST(CliCommandsTest, RunOnTraceReadsRunsTheReportAndReturnsItsCode) {
  const TestTempDir dir;
  TraceArgument argument;
  argument.file = dir.Write("t.jsonl", testdata::kSample).string();
  {
    Captured out(std::cout);
    EXPECT_EQ(RunOnTrace(argument, "spans", true, SpanCount), 7);
    EXPECT_EQ(out.str(), "2 spans\n");
  }
  {
    Captured out(std::cout);
    EXPECT_EQ(RunOnTrace(argument, "spans", false, SpanCount), 7);
    EXPECT_EQ(out.str(), "2 spans");
  }
  // A report whose output fails: exit 2, naming the command.
  Captured out(std::cout);
  Captured err(std::cerr);
  EXPECT_EQ(RunOnTrace(argument, "spans", false,
                       [](const TraceDocument&, std::ostream& stream) {
                         stream.setstate(std::ios::badbit);
                         return 0;
                       }),
            kExitUsage);
  EXPECT_EQ(err.str(), "tracedoc spans: cannot write to standard output\n");
}

TEST(CliCommandsTest, RunOnTraceRunsNoReportOnAnInputItCannotRead) {
  const TestTempDir dir;
  int reports = 0;
  const TraceReport count = [&reports](const TraceDocument&, std::ostream&) { return ++reports; };
  Captured out(std::cout);
  Captured err(std::cerr);
  TraceArgument rejected;
  rejected.file = dir.Write("bad.jsonl", "not json\n").string();
  EXPECT_EQ(RunOnTrace(rejected, "spans", true, count), kExitRejected);
  EXPECT_THAT(err.str(), StartsWith(rejected.file + ":1: error[invalid_json]: "));
  TraceArgument missing;
  missing.file = (dir.path() / "missing.jsonl").string();
  EXPECT_EQ(RunOnTrace(missing, "spans", true, count), kExitUsage);
  EXPECT_EQ(reports, 0);
  EXPECT_EQ(out.str(), "");
}

TEST(CliCommandsTest, RunOnTraceToWritesTheFileAndLeavesItWhenTheInputIsRejected) {
  const TestTempDir dir;
  TraceArgument argument;
  argument.file = dir.Write("t.jsonl", testdata::kSample).string();
  const std::string output = (dir.path() / "out.txt").string();
  EXPECT_EQ(RunOnTraceTo(argument, output, "spans", SpanCount), 7);
  EXPECT_EQ(testdata::ReadFileBytes(output), "2 spans");
  // Standard output for "-", without a newline.
  {
    Captured out(std::cout);
    EXPECT_EQ(RunOnTraceTo(argument, "-", "spans", SpanCount), 7);
    EXPECT_EQ(out.str(), "2 spans");
  }
  Captured err(std::cerr);
  TraceArgument rejected;
  rejected.file = dir.Write("bad.jsonl", "{}\n").string();
  EXPECT_EQ(RunOnTraceTo(rejected, output, "spans", SpanCount), kExitRejected);
  EXPECT_EQ(testdata::ReadFileBytes(output), "2 spans");
}

TEST(CliCommandsTest, WriteOutputNamesTheCommandWhenThePathCannotBeOpened) {
  const TestTempDir dir;
  Captured err(std::cerr);
  bool wrote = false;
  const std::string output = (dir.path() / "no-such-dir" / "out.html").string();
  EXPECT_EQ(WriteOutput(output, "export",
                        [&wrote](std::ostream&) {
                          wrote = true;
                          return 0;
                        }),
            kExitUsage);
  EXPECT_FALSE(wrote);
  EXPECT_THAT(err.str(), StartsWith("tracedoc export: "));
  EXPECT_FALSE(std::filesystem::exists(output));
  // A path that opens: the write's code, and the file holds what it wrote.
  const std::string fine = (dir.path() / "out.html").string();
  EXPECT_EQ(WriteOutput(fine, "export",
                        [](std::ostream& out) {
                          out << "<html>";
                          return 3;
                        }),
            3);
  EXPECT_EQ(testdata::ReadFileBytes(fine), "<html>");
}

TEST(CliCommandsTest, ATraceToOutputCommandParsesItsArgumentsAndRunsTheReport) {
  const TestTempDir dir;
  const std::string input = dir.Write("t.jsonl", testdata::kSample).string();
  const std::string output = (dir.path() / "spans.txt").string();
  CLI::App app{"test", "test"};
  std::function<int()> run;
  AddTraceToOutputCommand(app, run, {"spans", "Counts the spans", "tracedoc spans t.jsonl"},
                          SpanCount);
  ASSERT_EQ(app.get_subcommands({}).size(), 1u);
  EXPECT_EQ(app.get_subcommands({})[0]->get_name(), "spans");
  EXPECT_EQ(app.get_subcommands({})[0]->get_description(), "Counts the spans");
  EXPECT_EQ(app.get_subcommands({})[0]->get_footer(), "Example: tracedoc spans t.jsonl");
  app.parse("spans --threads 2 " + input + " -o " + output, false);
  ASSERT_TRUE(run);
  EXPECT_EQ(run(), 7);
  EXPECT_EQ(testdata::ReadFileBytes(output), "2 spans");
}

// The writer commands (cat, document, memory, health): the flags asked for and no others, the
// options they set handed to the report, and the newline after a JSON object.
TEST(CliCommandsTest, AWriterCommandOffersItsFlagsAndPassesTheirOptions) {
  const TestTempDir dir;
  const std::string input = dir.Write("t.jsonl", testdata::kSample).string();
  CLI::App app{"test", "test"};
  std::function<int()> run;
  WriteOptions seen;
  AddWriterCommand(app, run, {"opts", "Prints its options", "tracedoc opts t.jsonl"},
                   {.pretty = true, .drop_unknown = false, .newline = true},
                   [&](const TraceDocument& document, std::ostream& out, const WriteOptions& options) {
                     seen = options;
                     out << document.spans().size();
                     return 5;
                   });
  CLI::App* command = app.get_subcommands({})[0];
  EXPECT_NE(command->get_option_no_throw("--pretty"), nullptr);
  EXPECT_EQ(command->get_option_no_throw("--drop-unknown"), nullptr);
  app.parse("opts --pretty " + input, false);
  Captured out(std::cout);
  EXPECT_EQ(run(), 5);
  EXPECT_EQ(out.str(), "2\n");
  EXPECT_TRUE(seen.pretty);
  EXPECT_FALSE(seen.drop_unknown);
}

TEST(CliCommandsTest, EveryCommandIsRegisteredUnderItsName) {
  CLI::App app{"test", "test"};
  std::function<int()> run;
  for (const auto add : {AddValidateCommand, AddCatCommand, AddDocumentCommand,
                         AddSummaryCommand, AddMemoryCommand, AddHealthCommand, AddDiffCommand,
                         AddExportCommand, AddReportCommand, AddImportCommand, AddUpgradeCommand,
                         AddCompareCommand, AddVersionCommand}) {
    add(app, run);
  }
  std::vector<std::string> names;
  for (const CLI::App* command : app.get_subcommands({})) names.push_back(command->get_name());
  EXPECT_THAT(names, ElementsAre("validate", "cat", "document", "summary", "memory", "health",
                                 "diff", "export", "report", "import", "upgrade", "compare",
                                 "version"));
  EXPECT_FALSE(run);  // nothing parsed, nothing to run
  app.parse("version", false);
  ASSERT_TRUE(run);
  Captured out(std::cout);
  EXPECT_EQ(run(), kExitOk);
  EXPECT_EQ(out.str(), std::string("tracedoc ") + kVersion + "\n");
}

TEST(CliCommandsTest, PrintVersionWritesTheVersionLine) {
  Captured out(std::cout);
  EXPECT_EQ(PrintVersion(), kExitOk);
  EXPECT_EQ(out.str(), std::string("tracedoc ") + kVersion + "\n");
}

}  // namespace
}  // namespace tracedoc::cli
