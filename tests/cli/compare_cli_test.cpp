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

TEST_F(CompareCliTest, TooFewRunsToFindAnyPartAreSaidSoWithTheRunsThatWould) {
  std::mt19937_64 engine(5);
  const std::string baseline = WriteCohort(testing::DrawCohort("a", 2, 1000, 100, 10, engine));
  const std::string candidate = WriteCohort(testing::DrawCohort("b", 2, 2000, 200, 10, engine));
  const RunResult text =
      Run("compare --min-runs 2 --baseline" + baseline + " --candidate" + candidate);
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("op names and span paths (Mann-Whitney, Holm-adjusted over 4, family "
                          "alpha 0.05):\n  too few runs: no op name or span path can be found "
                          "slower or faster with 2 and 2 runs (the smallest p-value after Holm "
                          "over 4 is 1 > 0.05); 5 runs a side could\n"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("interval [-inf, +inf] at 98.75 %  p_adj 1  op matmul\n"),
            std::string::npos)
      << text.out;
  const RunResult json =
      Run("compare --json --min-runs 2 --baseline" + baseline + " --candidate" + candidate);
  EXPECT_EQ(json.exit_code, 0) << json.err;
  EXPECT_TRUE(json.out.ends_with(
      R"("parts_power":{"smallest_adjusted_p_value":1.0,"reachable":false,"runs_a_side_needed":5}})" "\n"))
      << json.out;
}

TEST_F(CompareCliTest, StandardInputIsOneRunReadOnce) {
  std::mt19937_64 engine(6);
  const std::vector<testing::CohortRun> runs = testing::DrawCohort("a", 5, 1000, 100, 10, engine);
  const std::string baseline = WriteCohort(runs);
  WriteFile("stdin.jsonl", testing::CohortRunJsonl({.run_id = "b-stdin"}));
  const std::string candidate = WriteCohort(testing::DrawCohort("b", 4, 1000, 100, 10, engine));
  const RunResult piped = RunPiped(
      "compare --json --baseline" + baseline + " --candidate -" + candidate, "stdin.jsonl");
  EXPECT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_NE(piped.out.find(R"("baseline_runs":5,"candidate_runs":5,)"), std::string::npos)
      << piped.out;
  EXPECT_NE(piped.out.find(R"("reasons":[],)"), std::string::npos) << piped.out;
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
