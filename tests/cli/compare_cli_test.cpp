// `tracedoc compare`: the text and JSON outputs, and the exit codes of the gate: 0 when it
// passes, 1 when the candidate is slower or the runs cannot be compared (fail-closed), 2 for
// usage errors and unreadable input.
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cohort/cohort_test_runs.hpp"
#include "support/cli_fixture.hpp"

namespace tracedoc::testdata {
namespace {

class CompareCliTest : public CliFixture {
 protected:
  // Writes the runs as `<prefix>-<i>.jsonl` and returns the file names, space separated.
  std::string WriteCohort(const std::vector<testing::CohortRun>& runs) {
    std::string names;
    for (const testing::CohortRun& run : runs) {
      const std::string name = run.run_id + ".jsonl";
      WriteFile(name, testing::CohortRunJsonl(run));
      names += " " + name;
    }
    return names;
  }

  // Ten runs a side; the candidate's measured time and matmul scaled by `factor` percent.
  std::pair<std::string, std::string> Cohorts(std::uint64_t percent) {
    std::mt19937_64 engine(11);
    const std::string baseline =
        WriteCohort(testing::DrawCohort("a", 10, 10'000'000, 4'000'000, 400'000, engine));
    const std::string candidate = WriteCohort(testing::DrawCohort(
        "b", 10, 100'000 * percent, 40'000 * percent, 400'000, engine));
    return {baseline, candidate};
  }
};

TEST_F(CompareCliTest, ASlowerCandidateFailsTheGateAndSaysWhichOp) {
  const auto [baseline, candidate] = Cohorts(125);
  const RunResult text = Run("compare --baseline" + baseline + " --candidate" + candidate);
  EXPECT_EQ(text.exit_code, 0) << text.err;  // without the gate, a verdict is not a failure
  EXPECT_TRUE(text.out.starts_with("verdict: candidate_slower (10 baseline and 10 candidate runs)\n"))
      << text.out;
  EXPECT_NE(text.out.find("candidate_slower  +"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("  op matmul\n"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("  span bench::step/measured\n"), std::string::npos) << text.out;

  const RunResult gate = Run("compare --fail-on-slower --json --baseline" + baseline +
                             " --candidate" + candidate);
  EXPECT_EQ(gate.exit_code, 1) << gate.err;
  EXPECT_TRUE(gate.out.starts_with(
      R"({"schema":"tracedoc/comparison/1","verdict":"candidate_slower","reasons":[],)"
      R"("baseline_runs":10,"candidate_runs":10,"paired":false,"measured_region":{)"))
      << gate.out;
  EXPECT_TRUE(gate.out.ends_with("}\n"));
}

TEST_F(CompareCliTest, NoChangePassesTheGate) {
  const auto [baseline, candidate] = Cohorts(100);
  const RunResult gate =
      Run("compare --fail-on-slower --baseline" + baseline + " --candidate" + candidate);
  EXPECT_EQ(gate.exit_code, 0) << gate.out << gate.err;
  EXPECT_TRUE(gate.out.starts_with("verdict: inconclusive")) << gate.out;
}

TEST_F(CompareCliTest, IneligibleRunsFailTheGateClosedWithEveryReason) {
  std::mt19937_64 engine(3);
  const std::string baseline = WriteCohort(testing::DrawCohort("a", 3, 1000, 100, 10, engine));
  const std::string candidate = WriteCohort(testing::DrawCohort("b", 5, 1000, 100, 10, engine));
  const RunResult text = Run("compare --baseline" + baseline + " --candidate" + candidate);
  EXPECT_EQ(text.exit_code, 0);
  EXPECT_EQ(text.out,
            "verdict: ineligible (3 baseline and 5 candidate runs)\n"
            "  too_few_baseline_runs: the baseline has 3 runs; a comparison needs at least 5\n");
  const RunResult gate =
      Run("compare --fail-on-slower --baseline" + baseline + " --candidate" + candidate);
  EXPECT_EQ(gate.exit_code, 1);
}

TEST_F(CompareCliTest, AMissingFileIsExit2AndARejectedTraceExit1) {
  const auto [baseline, candidate] = Cohorts(100);
  const RunResult missing =
      Run("compare --baseline" + baseline + " nowhere.jsonl --candidate" + candidate);
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("nowhere.jsonl:0: error[io_error]:"), std::string::npos)
      << missing.err;
  WriteFile("broken.jsonl", "{\"kind\":\"meta\"}\n");
  const RunResult broken =
      Run("compare --baseline" + baseline + " broken.jsonl --candidate" + candidate);
  EXPECT_EQ(broken.exit_code, 1);
  EXPECT_TRUE(broken.err.starts_with("broken.jsonl:1: error[missing_field]:")) << broken.err;
  EXPECT_EQ(Run("compare --baseline" + baseline).exit_code, 2);  // no --candidate
  EXPECT_EQ(Run("compare --resamples 0 --baseline" + baseline + " --candidate" + candidate).exit_code,
            2);
}

}  // namespace
}  // namespace tracedoc::testdata
