// The `tracedoc validate` command line (docs/tracedoc.md §6), run as a child process on files in a
// temporary directory: exit codes, the one-line stderr form, --json objects and `-` for stdin.
// And what every command shares: --version, --help with an example, an unknown command, and a
// failed write to standard output.
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/cli_fixture.hpp"
#include "support/test_traces.hpp"
#include "tracedoc/version.hpp"

namespace tracedoc {
namespace {

using testdata::kCompleteTerminal0;
using testdata::kMeta10;
using testdata::Lines;

constexpr std::string_view kUnknownSpanEndLine = R"({"kind":"span_end","id":"s9","duration_ns":0})";

// META10 ⏎ an unknown span_end ⏎ terminal: unknown_span_end on line 2, index 1.
std::string BadTrace() { return Lines({kMeta10, kUnknownSpanEndLine, kCompleteTerminal0}); }
std::string GoodTrace() { return Lines({kMeta10, "", kCompleteTerminal0}); }

class CliTest : public testdata::CliFixture {
 protected:
  // Runs `tracedoc ARGUMENTS` with stdout on /dev/full, where every write fails (ENOSPC). The
  // braces let this redirection win over the fixture's own one of the group's stdout.
  testdata::RunResult RunIntoFullStdout(const std::string& arguments) {
    return RunShell("{ " + testdata::ShellQuote(TRACEDOC_CLI_PATH) + " " + arguments +
                    " >/dev/full; }");
  }
};

TEST_F(CliTest, ValidateAcceptsAValidFileSilently) {
  WriteFile("good.jsonl", GoodTrace());
  const testdata::RunResult run = Run("validate good.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "");
}

TEST_F(CliTest, ValidateAcceptsTheSample) {
  WriteFile("sample.jsonl", testdata::kSample);
  const testdata::RunResult run = Run("validate sample.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "");
}

TEST_F(CliTest, ValidateRejectsWithOneStderrLine) {
  WriteFile("bad.jsonl", BadTrace());
  const testdata::RunResult run = Run("validate bad.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err,
            "bad.jsonl:2: error[unknown_span_end]: span_end for unknown span `s9` at index 1\n");
}

TEST_F(CliTest, ValidateNamesStreamErrorsAtLineZero) {
  WriteFile("open.jsonl", Lines({kMeta10}));
  const testdata::RunResult run = Run("validate open.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err,
            "open.jsonl:0: error[missing_terminal]: trace stream is missing its terminal event\n");
}

TEST_F(CliTest, ValidateNamesLineErrorsAtTheirPhysicalLine) {
  WriteFile(
      "e5.jsonl",
      Lines(
          {kMeta10, "", "",
           R"({"kind":"span_start","id":"s2","parent_id":"s1","name":"fwd","start_ns":5,"kind":"function"})",
           kCompleteTerminal0}));
  const testdata::RunResult run = Run("validate e5.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "e5.jsonl:4: error[duplicate_key]: duplicate field `kind`\n");
}

TEST_F(CliTest, ValidateSeveralFilesWithOneBadExitsOne) {
  WriteFile("a.jsonl", GoodTrace());
  WriteFile("bad.jsonl", BadTrace());
  WriteFile("c.jsonl", GoodTrace());
  const testdata::RunResult run = Run("validate a.jsonl bad.jsonl c.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err,
            "bad.jsonl:2: error[unknown_span_end]: span_end for unknown span `s9` at index 1\n");
}

TEST_F(CliTest, ValidateSeveralBadFilesPrintOneLineEachInOrder) {
  WriteFile("bad.jsonl", BadTrace());
  WriteFile("empty.jsonl", "");
  const testdata::RunResult run = Run("validate empty.jsonl bad.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err,
            "empty.jsonl:0: error[missing_meta]: trace stream is missing a meta event with run "
            "metadata\n"
            "bad.jsonl:2: error[unknown_span_end]: span_end for unknown span `s9` at index 1\n");
}

TEST_F(CliTest, ValidateSeveralGoodFilesExitsZero) {
  WriteFile("a.jsonl", GoodTrace());
  WriteFile("b.jsonl", testdata::kSample);
  const testdata::RunResult run = Run("validate a.jsonl b.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "");
}

TEST_F(CliTest, MissingFileExitsTwo) {
  const testdata::RunResult run = Run("validate missing.jsonl");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_THAT(run.err, ::testing::StartsWith("missing.jsonl:0: error[io_error]: "));
  EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << "one line";
}

TEST_F(CliTest, MissingFileAmongOthersExitsTwo) {
  WriteFile("good.jsonl", GoodTrace());
  WriteFile("bad.jsonl", BadTrace());
  EXPECT_EQ(Run("validate good.jsonl missing.jsonl").exit_code, 2);
  EXPECT_EQ(Run("validate bad.jsonl missing.jsonl").exit_code, 2);
  EXPECT_EQ(Run("validate missing.jsonl bad.jsonl").exit_code, 2);
}

TEST_F(CliTest, DirectoryIsUnreadableAndExitsTwo) {
  std::filesystem::create_directories(dir_ / "sub");
  EXPECT_EQ(Run("validate sub").exit_code, 2);
}

TEST_F(CliTest, NoArgumentsIsAUsageError) {
  const testdata::RunResult run = Run("");
  EXPECT_EQ(run.exit_code, 2);
}

constexpr std::string_view kCommandList =
    "Commands:\n"
    "  validate  Check that traces fold; exit 0 if all do\n"
    "  cat       Write a trace back as canonical JSONL on standard output\n"
    "  document  Print the folded trace as one JSON object\n"
    "  summary   Print the summary of a trace or a TraceML run as JSON\n"
    "  memory    Print the logical and physical memory profile as JSON\n"
    "  health    Print the health report as JSON; exit 0 if structurally valid, 1 if not\n"
    "  diff      Compare two runs; with --fail-over, exit 1 when the candidate regressed\n"
    "  export    Write the trace for a timeline viewer (Perfetto UI, chrome://tracing, speedscope) or traces as tables (SQLite, NDJSON)\n"
    "  report    Write a self-contained HTML report: answers, timeline, memory, steps, top ops, health\n"
    "  import    Convert a Cirron spool or a TraceML export into trace/10 JSONL\n"
    "  upgrade   Write a trace/6 or trace/9 trace as canonical candle-graph/trace/10 JSONL\n"
    "  compare   Compare replicated cohorts of runs: is the candidate slower, faster, or neither?\n"
    "  query     Load traces as tables (docs/tables.md) and run one read-only SQL query over them\n"
    "  version   Print the version of tracedoc\n"
    "Run 'tracedoc COMMAND --help' for a command's options.\n";

TEST_F(CliTest, UnknownCommandIsNamedAndTheCommandsListed) {
  const testdata::RunResult run = Run("frobnicate");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "unknown command 'frobnicate'\n" + std::string(kCommandList));
}

TEST_F(CliTest, UnknownCommandIsTheFirstWordEvenWithMoreAfterIt) {
  WriteFile("good.jsonl", GoodTrace());
  const testdata::RunResult run = Run("Validate good.jsonl");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "unknown command 'Validate'\n" + std::string(kCommandList));
}

TEST_F(CliTest, UnknownOptionWithoutACommandIsNotAnUnknownCommand) {
  const testdata::RunResult run = Run("--frobnicate");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_EQ(run.out, "");
  EXPECT_THAT(run.err, ::testing::Not(::testing::HasSubstr("unknown command")));
}

// ---- version and help --------------------------------------------------------------------------

TEST_F(CliTest, VersionFlagPrintsTheLibraryVersion) {
  const testdata::RunResult run = Run("--version");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "tracedoc " + std::string(kVersion) + "\n");
  EXPECT_EQ(run.err, "");
}

TEST_F(CliTest, VersionCommandPrintsTheLibraryVersion) {
  const testdata::RunResult run = Run("version");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "tracedoc " + std::string(kVersion) + "\n");
  EXPECT_EQ(run.err, "");
}

TEST_F(CliTest, VersionIsTheProjectVersion) {
  EXPECT_EQ(std::string(kVersion), std::to_string(TRACEDOC_VERSION_MAJOR) + "." +
                                       std::to_string(TRACEDOC_VERSION_MINOR) + "." +
                                       std::to_string(TRACEDOC_VERSION_PATCH));
  EXPECT_THAT(std::string(kVersion), ::testing::MatchesRegex(R"([0-9]+\.[0-9]+\.[0-9]+)"));
}

TEST_F(CliTest, VersionCommandTakesNoArguments) { EXPECT_EQ(Run("version extra").exit_code, 2); }

TEST_F(CliTest, HelpNamesTheProgramTracedoc) {
  const testdata::RunResult run = Run("--help");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_THAT(run.out,
              ::testing::StartsWith("tracedoc: read, check and analyse candle-graph traces\n"
                                    "Usage: tracedoc [OPTIONS] SUBCOMMAND\n"));
  EXPECT_EQ(run.out.find(TRACEDOC_CLI_PATH), std::string::npos) << run.out;
  EXPECT_THAT(run.out, ::testing::EndsWith("\nExample: tracedoc validate run.jsonl\n"));
  EXPECT_EQ(run.err, "");
}

TEST_F(CliTest, EveryCommandsHelpEndsWithAnExample) {
  const std::pair<std::string_view, std::string_view> examples[] = {
      {"validate", "tracedoc validate --all --json run.jsonl other.jsonl"},
      {"cat", "tracedoc cat --drop-unknown run.jsonl > canonical.jsonl"},
      {"document", "tracedoc document --pretty run.jsonl"},
      {"summary", "tracedoc summary --pretty run.jsonl"},
      {"memory", "tracedoc memory --pretty run.jsonl"},
      {"health", "tracedoc health --pretty run.jsonl"},
      {"diff", "tracedoc diff --fail-over 10% base.jsonl candidate.jsonl"},
      {"export", "tracedoc export --format chrome run.jsonl -o run.trace.json"},
      {"report", "tracedoc report run.jsonl -o report.html"},
      {"query", "tracedoc query run.jsonl \"SELECT name, count(*) AS n FROM spans GROUP BY name "
                "ORDER BY n DESC LIMIT 5\""},
      {"version", "tracedoc version"},
  };
  for (const auto& [command, example] : examples) {
    const testdata::RunResult run = Run(std::string(command) + " --help");
    EXPECT_EQ(run.exit_code, 0) << command;
    EXPECT_THAT(run.out,
                ::testing::HasSubstr("\nUsage: tracedoc " + std::string(command) + " [OPTIONS]"))
        << command;
    EXPECT_THAT(run.out, ::testing::EndsWith("\n\nExample: " + std::string(example) + "\n"))
        << command;
    EXPECT_EQ(run.err, "") << command;
  }
}

// ---- a failed write to standard output ---------------------------------------------------------

TEST_F(CliTest, EveryCommandReportsAFailedWriteToStandardOutput) {
  WriteFile("sample.jsonl", testdata::kSample);
  const std::pair<std::string_view, std::string_view> runs[] = {
      {"validate", "validate --json sample.jsonl"},
      {"cat", "cat sample.jsonl"},
      {"document", "document sample.jsonl"},
      {"summary", "summary sample.jsonl"},
      {"memory", "memory sample.jsonl"},
      {"health", "health sample.jsonl"},
      {"diff", "diff sample.jsonl sample.jsonl"},
      {"query", "query sample.jsonl \"SELECT name FROM spans\""},
      {"version", "version"},
      {"version", "--version"},
  };
  for (const auto& [command, arguments] : runs) {
    const testdata::RunResult run = RunIntoFullStdout(std::string(arguments));
    EXPECT_EQ(run.exit_code, 2) << arguments;
    EXPECT_EQ(run.err, "tracedoc " + std::string(command) + ": cannot write to standard output\n")
        << arguments;
  }
}

TEST_F(CliTest, ValidateWithoutJsonWritesNothingSoAFullStdoutIsNoError) {
  WriteFile("sample.jsonl", testdata::kSample);
  const testdata::RunResult run = RunIntoFullStdout("validate sample.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.err, "");
}

TEST_F(CliTest, ValidateWithoutFilesIsAUsageError) { EXPECT_EQ(Run("validate").exit_code, 2); }

TEST_F(CliTest, UnknownOptionIsAUsageError) {
  WriteFile("good.jsonl", GoodTrace());
  EXPECT_EQ(Run("validate --no-such-option good.jsonl").exit_code, 2);
}

// ---- --json ------------------------------------------------------------------------------------

TEST_F(CliTest, JsonForAValidFile) {
  WriteFile("good.jsonl", GoodTrace());
  const testdata::RunResult run = Run("validate --json good.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "{\"file\":\"good.jsonl\",\"ok\":true,\"error\":null}\n");
  EXPECT_EQ(run.err, "");
}

TEST_F(CliTest, JsonForAFoldError) {
  WriteFile("bad.jsonl", BadTrace());
  const testdata::RunResult run = Run("validate --json bad.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out,
            "{\"file\":\"bad.jsonl\",\"ok\":false,\"error\":{\"code\":\"unknown_span_end\","
            "\"line\":2,\"index\":1,\"column\":null,\"field\":null,\"message\":\"span_end for "
            "unknown span `s9` at index 1\"}}\n");
  EXPECT_EQ(run.err, "");
}

TEST_F(CliTest, JsonForARecordErrorNamesTheField) {
  std::string meta(kMeta10);
  const std::size_t begin = meta.find(R"(,"capture_contract")");
  meta.erase(begin, meta.find(R"(,"tags")") - begin);
  WriteFile("e2.jsonl", Lines({"", meta, kCompleteTerminal0}));
  const testdata::RunResult run = Run("validate --json e2.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out,
            "{\"file\":\"e2.jsonl\",\"ok\":false,\"error\":{\"code\":\"missing_field\","
            "\"line\":2,\"index\":0,\"column\":null,\"field\":\"capture_contract\","
            "\"message\":\"missing field `capture_contract`\"}}\n");
}

TEST_F(CliTest, JsonForASyntaxErrorHasAColumn) {
  WriteFile("syntax.jsonl", Lines({kMeta10, "{\"kind\":}", kCompleteTerminal0}));
  const testdata::RunResult run = Run("validate --json syntax.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_THAT(
      run.out,
      ::testing::MatchesRegex(
          R"(\{"file":"syntax\.jsonl","ok":false,"error":\{"code":"invalid_json","line":2,"index":1,"column":[1-9][0-9]*,"field":null,"message":".+"\}\}
)"));
}

TEST_F(CliTest, JsonForAStreamErrorHasLineZeroAndNoIndex) {
  // Line 0 stands for "the stream as a whole" (docs/tracedoc.md §2); the index is absent.
  WriteFile("open.jsonl", Lines({kMeta10}));
  const testdata::RunResult run = Run("validate --json open.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out,
            "{\"file\":\"open.jsonl\",\"ok\":false,\"error\":{\"code\":\"missing_terminal\","
            "\"line\":0,\"index\":null,\"column\":null,\"field\":null,\"message\":\"trace "
            "stream is missing its terminal event\"}}\n");
}

TEST_F(CliTest, JsonEscapesTheMessage) {
  // The schema a"b<TAB>: its debug form in the message holds a quote and a backslash.
  std::string meta(kMeta10);
  meta.replace(meta.find("candle-graph/trace/10"), 21, R"(a\"b\t)");
  WriteFile("schema.jsonl", Lines({meta, kCompleteTerminal0}));
  const testdata::RunResult run = Run("validate --json schema.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(
      run.out,
      R"({"file":"schema.jsonl","ok":false,"error":{"code":"unsupported_schema","line":1,"index":0,"column":null,"field":null,"message":"unsupported trace schema \"a\\\"b\\t\"; expected \"candle-graph/trace/10\", \"candle-graph/trace/9\" or \"candle-graph/trace/6\""}})"
      "\n");
}

TEST_F(CliTest, JsonPrintsOneObjectPerFileInOrder) {
  WriteFile("a.jsonl", GoodTrace());
  WriteFile("bad.jsonl", BadTrace());
  const testdata::RunResult run = Run("validate --json bad.jsonl a.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.out,
            "{\"file\":\"bad.jsonl\",\"ok\":false,\"error\":{\"code\":\"unknown_span_end\","
            "\"line\":2,\"index\":1,\"column\":null,\"field\":null,\"message\":\"span_end for "
            "unknown span `s9` at index 1\"}}\n"
            "{\"file\":\"a.jsonl\",\"ok\":true,\"error\":null}\n");
  EXPECT_EQ(run.err, "");
}

TEST_F(CliTest, JsonForAMissingFileExitsTwo) {
  const testdata::RunResult run = Run("validate --json missing.jsonl");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_THAT(run.out,
              ::testing::StartsWith("{\"file\":\"missing.jsonl\",\"ok\":false,\"error\":{\"code\":"
                                    "\"io_error\","));
}

// ---- standard input ----------------------------------------------------------------------------

TEST_F(CliTest, DashReadsStandardInput) {
  WriteFile("in.jsonl", GoodTrace());
  const testdata::RunResult run = Run("validate -", "in.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "");
}

TEST_F(CliTest, DashNamesStandardInputInErrors) {
  WriteFile("in.jsonl", BadTrace());
  const testdata::RunResult run = Run("validate -", "in.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "-:2: error[unknown_span_end]: span_end for unknown span `s9` at index 1\n");
}

TEST_F(CliTest, DashReadsAPipe) {
  // Enough lines that the pipe delivers them in several reads.
  std::string text = std::string(kMeta10) + "\n";
  for (int i = 0; i < 20000; ++i) {
    text += R"({"kind":"gradient","event_id":"g)" + std::to_string(i) +
            R"(","root":"vb","key":"w","state":"missing"})"
            "\n";
  }
  WriteFile("good.jsonl", text + std::string(kCompleteTerminal0) + "\n");
  WriteFile("bad.jsonl", text + std::string(kUnknownSpanEndLine) + "\n");
  const testdata::RunResult good = RunPiped("validate -", "good.jsonl");
  EXPECT_EQ(good.exit_code, 0);
  EXPECT_EQ(good.err, "");
  const testdata::RunResult bad = RunPiped("validate -", "bad.jsonl");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_EQ(bad.err,
            "-:20002: error[unknown_span_end]: span_end for unknown span `s9` at index 20001\n");
}

TEST_F(CliTest, DashWithJson) {
  WriteFile("in.jsonl", GoodTrace());
  const testdata::RunResult run = Run("validate --json -", "in.jsonl");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out, "{\"file\":\"-\",\"ok\":true,\"error\":null}\n");
}

TEST_F(CliTest, EmptyStandardInputIsMissingMeta) {
  const testdata::RunResult run = Run("validate -");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err,
            "-:0: error[missing_meta]: trace stream is missing a meta event with run metadata\n");
}

TEST_F(CliTest, CrlfFileFromStandardInput) {
  WriteFile("in.jsonl",
            std::string(kMeta10) + "\r\n\r\n" + std::string(kUnknownSpanEndLine) + "\r\n");
  const testdata::RunResult run = Run("validate -", "in.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err, "-:3: error[unknown_span_end]: span_end for unknown span `s9` at index 1\n");
}

TEST_F(CliTest, ErrorLineStaysOneLineWhenTheMessageHoldsANewline) {
  // The message names the span id word for word; its newline is escaped on stderr only.
  WriteFile("newline.jsonl",
            Lines({kMeta10, R"({"kind":"span_end","id":"a\nb"})", kCompleteTerminal0}));
  const testdata::RunResult run = Run("validate newline.jsonl");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err,
            "newline.jsonl:2: error[unknown_span_end]: span_end for unknown span `a\\nb` at "
            "index 1\n");
}

TEST_F(CliTest, ThreadsGiveTheSameErrorAsOneThread) {
  WriteFile("bad.jsonl", BadTrace());
  const testdata::RunResult one = Run("validate bad.jsonl");
  const testdata::RunResult two = Run("validate --threads 2 bad.jsonl");
  EXPECT_EQ(two.exit_code, 1);
  EXPECT_EQ(two.err, one.err);
  const testdata::RunResult summary = Run("summary --threads 2 bad.jsonl");
  EXPECT_EQ(summary.exit_code, 1);
  EXPECT_EQ(summary.err, one.err);
}

TEST_F(CliTest, ThreadsGiveTheSameOutputAsOneThread) {
  WriteFile("sample.jsonl", testdata::kSample);
  for (const char* command : {"cat", "document", "summary", "memory", "health"}) {
    const testdata::RunResult one = Run(std::string(command) + " sample.jsonl");
    const testdata::RunResult four = Run(std::string(command) + " --threads 4 sample.jsonl");
    EXPECT_EQ(four.exit_code, one.exit_code) << command;
    EXPECT_EQ(four.out, one.out) << command;
    EXPECT_FALSE(four.out.empty()) << command;
  }
}

TEST_F(CliTest, ThreadsOutsideOneTo256AreAUsageError) {
  WriteFile("good.jsonl", GoodTrace());
  EXPECT_EQ(Run("validate --threads 0 good.jsonl").exit_code, 2);
  EXPECT_EQ(Run("cat --threads 257 good.jsonl").exit_code, 2);
  EXPECT_EQ(Run("summary --threads x good.jsonl").exit_code, 2);
}

}  // namespace

}  // namespace tracedoc
