// `tracedoc diff BASE CANDIDATE` (docs/diff.md §6–§8), run as a child process: the table, --json,
// --top, and the gate's exit codes: 0 when nothing grew beyond --fail-over, 1 when something did
// or the span tree changed (unless --allow-structure), 2 for usage errors and unreadable input.
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/cli_fixture.hpp"
#include "support/diff_runs.hpp"
#include "support/trace_generator.hpp"

namespace tracedoc {
namespace {

using testdata::DiffRun;
using ::testing::HasSubstr;

class DiffCliTest : public testdata::CliFixture {
 protected:
  void SetUp() override {
    CliFixture::SetUp();
    WriteFile("base.jsonl", DiffRun());
    WriteFile("slower.jsonl", DiffRun({.matmul_ns = 1250}));
    WriteFile("renamed.jsonl", DiffRun({.child_name = "fwd"}));
  }
};

TEST_F(DiffCliTest, ARunAgainstItselfPassesTheStrictestGate) {
  const testdata::RunResult run = Run("diff --fail-over 0% base.jsonl base.jsonl");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_THAT(run.out, ::testing::StartsWith("no differences\n"));
}

TEST_F(DiffCliTest, AGeneratedRunAgainstItselfIsEmptyJson) {
  WriteFile("big.jsonl", generator::GenerateTrace(100'000, 11));
  const testdata::RunResult run = Run("diff --json --fail-over 0% big.jsonl big.jsonl");
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_THAT(run.out, HasSubstr(R"("structure":{"added":[],"removed":[]},"top":10,"spans":[],)"
                                 R"("ops":[],)"));
  EXPECT_THAT(run.out, HasSubstr(R"("health":{"new":[],"gone":[]},"steps":[],"regressions":[]})"));
}

TEST_F(DiffCliTest, AnOpSlowerThanTheThresholdExitsOne) {
  const testdata::RunResult run = Run("diff --json --fail-over 10% base.jsonl slower.jsonl");
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_THAT(run.out, HasSubstr(R"("regressions":[{"kind":"op_total_ns","subject":"matmul",)"
                                 R"("base":1000,"candidate":1250,"delta":250,"ratio":1.25}]})"
                                 "\n"));
}

TEST_F(DiffCliTest, GrowthOfExactlyTheThresholdPasses) {
  EXPECT_EQ(Run("diff --fail-over 25% base.jsonl slower.jsonl").exit_code, 0);
  EXPECT_EQ(Run("diff --fail-over 24.999% base.jsonl slower.jsonl").exit_code, 1);
  // Without --fail-over there is no gate.
  EXPECT_EQ(Run("diff base.jsonl slower.jsonl").exit_code, 0);
}

TEST_F(DiffCliTest, AStructureChangeFailsUnlessAllowed) {
  const testdata::RunResult run = Run("diff --fail-over 50% base.jsonl renamed.jsonl");
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_THAT(run.out, HasSubstr("structure: 1 paths added, 1 removed\n  + train/fwd\n"
                                 "  - train/forward\n"));
  EXPECT_THAT(run.out, HasSubstr("regressions (2):\n"));
  EXPECT_EQ(Run("diff --fail-over 50% --allow-structure base.jsonl renamed.jsonl").exit_code, 0);
}

TEST_F(DiffCliTest, UsageErrorsAndUnreadableInputExitTwo) {
  WriteFile("bad.jsonl", "{\"kind\":\"span_end\"}\n");
  const testdata::RunResult missing = Run("diff base.jsonl no-such-file.jsonl");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_THAT(missing.err, HasSubstr("no-such-file.jsonl:0: error[io_error]:"));
  // A trace that does not fold is as unreadable as a missing one: 1 is the verdict's.
  const testdata::RunResult bad = Run("diff --fail-over 10% bad.jsonl base.jsonl");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("bad.jsonl:1: error[missing_field]:"));
  EXPECT_EQ(Run("diff --fail-over ten base.jsonl base.jsonl").exit_code, 2);
  EXPECT_EQ(Run("diff --fail-over 10%% base.jsonl base.jsonl").exit_code, 2);
  EXPECT_EQ(Run("diff --allow-structure base.jsonl base.jsonl").exit_code, 2);
  EXPECT_EQ(Run("diff --top -1 base.jsonl base.jsonl").exit_code, 2);
  EXPECT_EQ(Run("diff base.jsonl").exit_code, 2);
  EXPECT_EQ(Run("diff - -", "base.jsonl").exit_code, 2);
}

TEST_F(DiffCliTest, StandardInputIsEitherSide) {
  EXPECT_EQ(Run("diff --fail-over 10% - slower.jsonl", "base.jsonl").exit_code, 1);
  EXPECT_EQ(Run("diff --fail-over 10% slower.jsonl -", "base.jsonl").exit_code, 0);
}

}  // namespace
}  // namespace tracedoc
