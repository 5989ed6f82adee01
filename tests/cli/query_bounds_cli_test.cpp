// `tracedoc query` and `tracedoc export --format sqlite|tables` against the findings of issue 42
// (docs/tables.md §5.1, docs/reliability.md), run as child processes, each finding's measured
// figure the bound: a value too long stops at the limit with the child's peak far below the
// 1.7 GB measured; ATTACH creates no file; `--db` is unchanged by a query that fails before or
// while it runs; the timeout exits 2; names with ESC, BEL and CR are escaped in table and CSV;
// NDJSON stays UTF-8; two exports into one database at once both succeed; a refused export
// leaves no file; a killed tables export's temporary goes with the next export.
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "support/cli_fixture.hpp"
#include "support/test_traces.hpp"
#include "support/trace_generator.hpp"

namespace tracedoc {
namespace {

using testdata::ReadFileBytes;

// A trace whose span, op and device names hold ESC, BEL and CR: a name that would retitle the
// terminal and overwrite its line with "FAKE OK".
constexpr std::string_view kHostileTableName = R"(\u001b]0;pwned\u0007\rFAKE OK)";

class QueryBoundsCliTest : public testdata::CliFixture {
 protected:
  void SetUp() override {
    CliFixture::SetUp();
    WriteFile("sample.jsonl", testdata::kSample);
  }

  struct Measured {
    int exit_code = -1;
    std::uint64_t peak_rss_bytes = 0;
  };

  // Runs `tracedoc ARGUMENTS` as RunShell does, and its peak resident memory as
  // tracedoc_peak_rss measures it: not this process's children's, which start at this process's
  // own size when forked (support/tools/peak_rss.cpp).
  Measured RunMeasured(const std::string& arguments) {
    const std::string command = "cd " + testdata::ShellQuote(dir_.string()) + " && " +
                                testdata::ShellQuote(TRACEDOC_PEAK_RSS_PATH) + " peak_kib.txt " +
                                testdata::ShellQuote(TRACEDOC_CLI_PATH) + " " + arguments +
                                " >stdout.txt 2>stderr.txt </dev/null";
    const pid_t child = ::fork();
    if (child == 0) {
      ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    int status = 0;
    Measured measured;
    if (::waitpid(child, &status, 0) == child && WIFEXITED(status)) {
      measured.exit_code = WEXITSTATUS(status);
    }
    const std::string peak_kib = ReadFileBytes(dir_ / "peak_kib.txt");
    EXPECT_FALSE(peak_kib.empty()) << "tracedoc_peak_rss wrote no figure";
    measured.peak_rss_bytes = peak_kib.empty() ? ~std::uint64_t{0} : std::stoull(peak_kib) * 1024;
    return measured;
  }

  std::string Err() const { return ReadFileBytes(dir_ / "stderr.txt"); }

  // runs.db holding sample.jsonl's run, and other.jsonl another run to load: runs.db's bytes.
  std::string ExportSampleBesideAnotherRun() {
    EXPECT_EQ(Run("export --format sqlite sample.jsonl -o runs.db").exit_code, 0);
    std::string other(testdata::kSample);
    other.replace(other.find("run-1"), 5, "run-2");
    WriteFile("other.jsonl", other);
    return ReadFileBytes(dir_ / "runs.db");
  }
};

bool Contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

TEST_F(QueryBoundsCliTest, AValueTooLongExitsTwoNamingTheLimitWithTheChildFarBelowTheFinding) {
  // 160 KB of input, as measured: 1.7 GB peak for the zeroblob, 444 MB printed for the blob.
  WriteFile("run.jsonl", generator::GenerateTrace(1'000, 5));
  for (const std::string sql : {"\"SELECT length(zeroblob(900000000) || '') AS n\"",
                                "\"SELECT randomblob(300000000) AS b\""}) {
    const Measured run = RunMeasured("query run.jsonl " + sql);
    EXPECT_EQ(run.exit_code, 2) << sql;
    EXPECT_TRUE(Contains(Err(), "--max-value-mib")) << Err();
    EXPECT_LT(run.peak_rss_bytes, std::uint64_t{200} << 20) << sql;
    EXPECT_LT(std::filesystem::file_size(dir_ / "stdout.txt"), 1024u) << sql;
  }
  const Measured raised =
      RunMeasured("query --max-value-mib 32 run.jsonl \"SELECT length(randomblob(20000000)) AS n\"");
  EXPECT_EQ(raised.exit_code, 0) << Err();
  EXPECT_EQ(ReadFileBytes(dir_ / "stdout.txt"), "{\"n\":20000000}\n");
}

TEST_F(QueryBoundsCliTest, AttachCreatesNoFileAndFts3TokenizerIsRefused) {
  for (const std::string sql : {"\"ATTACH DATABASE 'any.db' AS e\"",
                                "\"ATTACH 'file:uri.db?mode=rwc' AS e\""}) {
    const testdata::RunResult run = Run("query sample.jsonl " + sql);
    EXPECT_EQ(run.exit_code, 2) << sql;
    EXPECT_TRUE(Contains(run.err, "not authorized")) << run.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir_ / "any.db"));
  EXPECT_FALSE(std::filesystem::exists(dir_ / "uri.db"));
  const testdata::RunResult pointer =
      Run("query sample.jsonl \"SELECT hex(fts3_tokenizer('simple')) AS p\"");
  EXPECT_EQ(pointer.exit_code, 2);
  EXPECT_EQ(pointer.out, "");
  EXPECT_TRUE(Contains(pointer.err, "not authorized to use function: fts3_tokenizer"))
      << pointer.err;
}

TEST_F(QueryBoundsCliTest, TheDatabaseChangesOnlyWhenTheQuerySucceeds) {
  const std::string before = ExportSampleBesideAnotherRun();
  // A typo: refused before other.jsonl is read.
  const testdata::RunResult typo = Run("query --db runs.db other.jsonl \"SELEC count(*) FROM runs\"");
  EXPECT_EQ(typo.exit_code, 2);
  EXPECT_TRUE(Contains(typo.err, "syntax error")) << typo.err;
  EXPECT_EQ(ReadFileBytes(dir_ / "runs.db"), before);
  // A query that fails while it runs: the load is rolled back with it.
  const testdata::RunResult failed =
      Run("query --db runs.db other.jsonl \"SELECT length(zeroblob(900000000) || '') AS n\"");
  EXPECT_EQ(failed.exit_code, 2);
  EXPECT_EQ(ReadFileBytes(dir_ / "runs.db"), before);
  EXPECT_FALSE(std::filesystem::exists(dir_ / "runs.db-journal"));
  // One that succeeds keeps the load.
  const testdata::RunResult kept =
      Run("query --db runs.db other.jsonl \"SELECT count(*) AS n FROM runs\"");
  ASSERT_EQ(kept.exit_code, 0) << kept.err;
  EXPECT_EQ(kept.out, "{\"n\":2}\n");
  EXPECT_EQ(Run("query --db runs.db \"SELECT count(*) AS n FROM runs\"").out, "{\"n\":2}\n");
}

TEST_F(QueryBoundsCliTest, TheTimeoutExitsTwo) {
  const auto start = std::chrono::steady_clock::now();
  const testdata::RunResult run = Run(
      "query --timeout 0.3 sample.jsonl \"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
      "FROM n) SELECT count(*) FROM n\"");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Contains(run.err, "longer than its --timeout of 0.3 seconds")) << run.err;
}

TEST_F(QueryBoundsCliTest, CtrlCStopsTheQueryAndTheDatabaseStaysAsItWas) {
  const std::string before = ExportSampleBesideAnotherRun();
  const std::string cli = TRACEDOC_CLI_PATH;
  const std::string db = (dir_ / "runs.db").string();
  const std::string input = (dir_ / "other.jsonl").string();
  const std::string err = (dir_ / "interrupted.err").string();
  const std::filesystem::path out = dir_ / "interrupted.out";
  const pid_t child = ::fork();
  if (child == 0) {
    std::freopen(err.c_str(), "w", stderr);
    std::freopen(out.c_str(), "w", stdout);
    ::execl(cli.c_str(), "tracedoc", "query", "--db", db.c_str(), input.c_str(),
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n",
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  // The query never ends by itself; once its first rows are out, it is running (and Ctrl-C is
  // the query's to handle, not the load's).
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  const auto rows_out = [&out] {
    std::error_code missing;
    const std::uintmax_t bytes = std::filesystem::file_size(out, missing);
    return !missing && bytes > 0;
  };
  while (!rows_out() && std::chrono::steady_clock::now() < deadline) ::usleep(10'000);
  ::kill(child, SIGINT);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status)) << "ended by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 2);
  EXPECT_TRUE(Contains(ReadFileBytes(err), "the query was interrupted")) << ReadFileBytes(err);
  EXPECT_EQ(ReadFileBytes(dir_ / "runs.db"), before);
}

TEST_F(QueryBoundsCliTest, NamesWithControlBytesAreEscapedInTableAndCsv) {
  const std::string name(kHostileTableName);
  WriteFile("names.jsonl",
            testdata::Lines({testdata::kMeta10, testdata::SpanStartLine("s", name, 0),
                             testdata::OpLine("s", name, 1, 1), testdata::SpanEndLine("s", 5),
                             testdata::CompleteTerminalLine(5)}));
  const std::string sql =
      "\"SELECT s.name AS span, o.op_name AS op FROM spans s JOIN ops o USING (run_id)\"";
  const std::string escaped = "\\u001b]0;pwned\\u0007\\rFAKE OK";
  for (const std::string format : {"table", "csv"}) {
    const testdata::RunResult run = Run("query --format " + format + " names.jsonl " + sql);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    EXPECT_EQ(run.out.find_first_of("\x1b\x07\r"), std::string::npos) << format;
    EXPECT_TRUE(Contains(run.out, escaped + "  " + escaped) ||
                Contains(run.out, escaped + "," + escaped))
        << format << ": " << run.out;
  }
}

TEST_F(QueryBoundsCliTest, NdjsonIsUtf8AndCsvTellsNonFiniteFromNull) {
  const testdata::RunResult ndjson =
      Run("query sample.jsonl \"SELECT CAST(x'61ff62' AS TEXT) AS t, x'c0' AS b\"");
  ASSERT_EQ(ndjson.exit_code, 0) << ndjson.err;
  EXPECT_EQ(ndjson.out, "{\"t\":\"a\xEF\xBF\xBD" "b\",\"b\":\"\xEF\xBF\xBD\"}\n");
  const testdata::RunResult csv = Run(
      "query --format csv sample.jsonl \"SELECT 1e999 AS i, -1e999 AS m, NULL AS z, '' AS e, "
      "'NaN' AS t\"");
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_EQ(csv.out, "i,m,z,e,t\nInfinity,-Infinity,,\"\",NaN\n");
}

TEST_F(QueryBoundsCliTest, TwoExportsIntoOneNewDatabaseAtOnceBothSucceed) {
  // Three runs each: every run is one transaction, so the two processes take turns on the
  // write lock many times, the first of them over creating the tables.
  std::string a_files;
  std::string b_files;
  for (int i = 0; i < 3; ++i) {
    const std::string a = "a" + std::to_string(i) + ".jsonl";
    const std::string b = "b" + std::to_string(i) + ".jsonl";
    std::string trace = generator::GenerateTrace(20'000, 40 + i);
    const std::size_t run_id = trace.find("\"run_id\":\"") + 10;
    WriteFile(a, std::string(trace).insert(run_id, "a" + std::to_string(i) + "-"));
    WriteFile(b, trace.insert(run_id, "b" + std::to_string(i) + "-"));
    a_files += " " + a;
    b_files += " " + b;
  }
  const std::string cli = testdata::ShellQuote(TRACEDOC_CLI_PATH);
  // In braces: RunShell's `cd DIR &&` must hold for both.
  RunShell("{ (" + cli + " export --format sqlite" + a_files +
           " -o runs.db 2>a.err; echo $? >a.rc) & (" + cli + " export --format sqlite" + b_files +
           " -o runs.db 2>b.err; echo $? >b.rc) & wait; }");
  EXPECT_EQ(ReadFileBytes(dir_ / "a.rc"), "0\n") << ReadFileBytes(dir_ / "a.err");
  EXPECT_EQ(ReadFileBytes(dir_ / "b.rc"), "0\n") << ReadFileBytes(dir_ / "b.err");
  EXPECT_EQ(Run("query --db runs.db \"SELECT count(*) AS n FROM runs\"").out, "{\"n\":6}\n");
}

TEST_F(QueryBoundsCliTest, ARefusedExportLeavesNoFileItCreated) {
  // A journal link planted beside a database that does not exist yet.
  std::filesystem::create_symlink(dir_ / "elsewhere", dir_ / "new.db-journal");
  const testdata::RunResult run = Run("export --format sqlite sample.jsonl -o new.db");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(Contains(run.err, "new.db")) << run.err;
  EXPECT_FALSE(std::filesystem::exists(dir_ / "new.db"));
  EXPECT_FALSE(std::filesystem::exists(dir_ / "elsewhere"));
}

TEST_F(QueryBoundsCliTest, ATablesExportRemovesTheTemporaryAKilledOneLeft) {
  ASSERT_EQ(Run("export --format tables sample.jsonl -o out").exit_code, 0);
  const std::filesystem::path partition = dir_ / "out" / "spans" / "run_id=run-1";
  ASSERT_TRUE(std::filesystem::exists(partition / "part-0.ndjson"));
  WriteFile("out/spans/run_id=run-1/.part-0.ndjson.Ab12Cd", "half a file");
  WriteFile("out/spans/run_id=run-1/.keep", "not ours");
  ASSERT_EQ(Run("export --format tables sample.jsonl -o out").exit_code, 0);
  EXPECT_FALSE(std::filesystem::exists(partition / ".part-0.ndjson.Ab12Cd"));
  EXPECT_TRUE(std::filesystem::exists(partition / ".keep"));
}

}  // namespace
}  // namespace tracedoc
