// A spool of several runs on the command line (docs/cirron-conversion.md, "Sessions"): the
// commands that read one trace exit 2 listing the sessions without --session and read the one
// it names with it; validate and health judge each session; import --all-sessions writes each.
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/cirron_spool_writer.hpp"
#include "support/cli_fixture.hpp"

namespace tracedoc::testdata {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class CirronSessionsCliTest : public CliFixture {
 protected:
  // `sessions` runs appended to one spool under the test's directory; returns `.cirron`.
  std::string WriteRuns(int sessions) {
    testing_support::CirronSpoolPlan plan;
    plan.seed = 21;
    plan.records_per_batch = 6;
    plan.sessions = sessions;
    spool_ = testing_support::GenerateCirronSpool(plan);
    WriteCirronSpool(spool_, dir_, 0, false);
    for (const CirronBatch& batch : spool_.batches) {
      for (const CirronSpan& span : batch.spans) {
        if (span.name == "cirron.session") ids_.push_back(span.id);
      }
    }
    return ".cirron";
  }

  testing_support::GeneratedSpool spool_;
  std::vector<std::string> ids_;
};

TEST_F(CirronSessionsCliTest, AOneTraceCommandAsksWhichSessionAndListsThem) {
  const std::string spool = WriteRuns(2);
  for (const std::string command : {"summary", "cat", "document", "memory", "report",
                                    "export --format chrome", "import"}) {
    const RunResult result = Run(command + " " + spool);
    EXPECT_EQ(result.exit_code, 2) << command;
    EXPECT_THAT(result.err, HasSubstr("error[invalid_value]")) << command;
    EXPECT_THAT(result.err, HasSubstr("  1  " + ids_[0])) << command;
    EXPECT_THAT(result.err, HasSubstr("  2  " + ids_[1])) << command;
    EXPECT_THAT(result.err, HasSubstr("--session")) << command;
    EXPECT_TRUE(result.out.empty()) << command;
  }
}

TEST_F(CirronSessionsCliTest, SessionChoosesTheRunByPositionOrId) {
  const std::string spool = WriteRuns(2);
  const RunResult second = Run("cat --session 2 " + spool);
  ASSERT_EQ(second.exit_code, 0) << second.err;
  EXPECT_THAT(second.out, HasSubstr("\"run_id\":\"" + ids_[1] + "\""));
  EXPECT_THAT(second.out, Not(HasSubstr(ids_[0])));
  EXPECT_EQ(Run("cat --session " + ids_[1] + " " + spool).out, second.out);
  const RunResult imported = Run("import --session 2 " + spool + " -o second.jsonl");
  ASSERT_EQ(imported.exit_code, 0) << imported.err;
  EXPECT_EQ(ReadFileBytes(dir_ / "second.jsonl"), second.out);
  const RunResult summary = Run("summary --session 1 " + spool);
  EXPECT_EQ(summary.exit_code, 0) << summary.err;
  const RunResult wrong = Run("summary --session 3 " + spool);
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_THAT(wrong.err, HasSubstr("no session"));
}

TEST_F(CirronSessionsCliTest, ValidateAndHealthJudgeEachSession) {
  const std::string spool = WriteRuns(3);
  const RunResult validated = Run("validate " + spool);
  EXPECT_EQ(validated.exit_code, 0) << validated.err;
  EXPECT_THAT(validated.err, HasSubstr("session 1 of 3, run_id " + ids_[0] + ": ok"));
  EXPECT_THAT(validated.err, HasSubstr("session 3 of 3, run_id " + ids_[2] + ": ok"));
  const RunResult json = Run("validate --json " + spool);
  EXPECT_EQ(json.exit_code, 0) << json.err;
  EXPECT_THAT(json.out, HasSubstr("\"session\":2,\"run_id\":\"" + ids_[1] + "\",\"ok\":true"));
  EXPECT_EQ(std::count(json.out.begin(), json.out.end(), '\n'), 3);
  // The spool's own warning (its marks on "root") is in the first run's object, not in each.
  const std::string warning = "\"code\":\"cirron_outside_session\"";
  std::size_t warnings = 0;
  for (std::size_t at = json.out.find(warning); at != std::string::npos;
       at = json.out.find(warning, at + 1)) {
    ++warnings;
  }
  EXPECT_EQ(warnings, 1u) << json.out;
  // Each session is one root: health is valid for every one (it was root_count before).
  const RunResult health = Run("health " + spool);
  EXPECT_EQ(health.exit_code, 0) << health.out;
  EXPECT_EQ(std::count(health.out.begin(), health.out.end(), '\n'), 3);
  EXPECT_THAT(health.out, Not(HasSubstr("root_count")));
  EXPECT_EQ(Run("health --session 2 " + spool).exit_code, 0);
}

TEST_F(CirronSessionsCliTest, ImportAllSessionsWritesOneTracePerSession) {
  const std::string spool = WriteRuns(2);
  const RunResult imported = Run("import --all-sessions " + spool + " -o runs");
  ASSERT_EQ(imported.exit_code, 0) << imported.err;
  for (int i = 0; i < 2; ++i) {
    const std::string name =
        "runs/session-" + std::to_string(i + 1) + "-" + ids_[static_cast<std::size_t>(i)] + ".jsonl";
    EXPECT_EQ(ReadFileBytes(dir_ / name),
              Run("cat --session " + std::to_string(i + 1) + " " + spool).out)
        << name;
    EXPECT_EQ(Run("validate " + name).exit_code, 0) << name;
  }
  EXPECT_EQ(Run("import --all-sessions " + spool).exit_code, 2);  // no -o DIR
}

TEST_F(CirronSessionsCliTest, TablesQueryAndCompareTakeEverySessionAsARun) {
  const std::string spool = WriteRuns(3);
  const RunResult query = Run("query " + spool + " \"SELECT run_id FROM runs ORDER BY run_id\"");
  ASSERT_EQ(query.exit_code, 0) << query.err;
  EXPECT_EQ(std::count(query.out.begin(), query.out.end(), '\n'), 3);
  for (const std::string& id : ids_) EXPECT_THAT(query.out, HasSubstr(id));
  const RunResult exported = Run("export --format sqlite " + spool + " -o runs.db");
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  const RunResult tables = Run("export --format tables " + spool + " -o tables");
  ASSERT_EQ(tables.exit_code, 0) << tables.err;
  for (const std::string& id : ids_) {
    EXPECT_TRUE(std::filesystem::exists(dir_ / "tables" / "runs" / ("run_id=" + id))) << id;
  }
  // Five runs into one spool is a cohort of five.
  const std::string five = "five";
  testing_support::CirronSpoolPlan plan;
  plan.seed = 33;
  plan.sessions = 5;
  WriteCirronSpool(testing_support::GenerateCirronSpool(plan), dir_ / five, 0, false);
  const RunResult compared =
      Run("compare --json --baseline five/.cirron --candidate five/.cirron");
  EXPECT_THAT(compared.out, HasSubstr("\"baseline_runs\":5"));
  EXPECT_THAT(compared.out, Not(HasSubstr("too_few_baseline_runs")));
}

TEST_F(CirronSessionsCliTest, DiffComparesTwoSessionsOfOneSpool) {
  const std::string spool = WriteRuns(2);
  const RunResult diff =
      Run("diff --json --session 1 --candidate-session 2 " + spool + " " + spool);
  EXPECT_EQ(diff.exit_code, 0) << diff.err;
  EXPECT_THAT(diff.out, HasSubstr(ids_[0]));
  EXPECT_THAT(diff.out, HasSubstr(ids_[1]));
  EXPECT_EQ(Run("diff " + spool + " " + spool).exit_code, 2);  // which sessions?
}

TEST_F(CirronSessionsCliTest, ASpoolOfOneSessionNeedsNoChoice) {
  const std::string spool = WriteRuns(1);
  const RunResult cat = Run("cat " + spool);
  ASSERT_EQ(cat.exit_code, 0) << cat.err;
  EXPECT_EQ(Run("cat --session 1 " + spool).out, cat.out);
  const RunResult validated = Run("validate --json " + spool);
  EXPECT_EQ(validated.exit_code, 0);
  EXPECT_THAT(validated.out, Not(HasSubstr("\"session\"")));
}

}  // namespace
}  // namespace tracedoc::testdata
