// Each fail-closed rule of docs/compare.md refuses the comparison with its own reason, naming
// the first run that breaks it and how many do; runs that keep every rule pass.
#include "cohort/eligibility.hpp"

#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cohort/run_facts.hpp"
#include "cohort_test_runs.hpp"

namespace tracedoc::cohort {
namespace {

using testing::CohortRun;

std::vector<CohortRun> Runs(const std::string& prefix, int count) {
  std::vector<CohortRun> runs;
  for (int i = 0; i < count; ++i) runs.push_back({.run_id = prefix + std::to_string(i)});
  return runs;
}

Eligibility CheckRuns(const std::vector<CohortRun>& baseline, const std::vector<CohortRun>& candidate) {
  const testing::FoldedCohort b = testing::Fold(baseline);
  const testing::FoldedCohort c = testing::Fold(candidate);
  // One reader over both cohorts, the baseline first: its first run is the reference.
  RunFactsReader reader;
  std::vector<RunFacts> bf;
  std::vector<RunFacts> cf;
  for (const TraceDocument* d : b.pointers) bf.push_back(reader.Read(*d));
  for (const TraceDocument* d : c.pointers) cf.push_back(reader.Read(*d));
  return CheckEligibility(bf, cf, 5);
}

// Five runs a side, candidate run `which` changed by `change`, checked.
Eligibility CheckWith(int which, const std::function<void(CohortRun&)>& change,
                      int baseline_runs = 5, int candidate_runs = 5) {
  std::vector<CohortRun> candidate = Runs("b", candidate_runs);
  if (which >= 0) change(candidate[static_cast<std::size_t>(which)]);
  return CheckRuns(Runs("a", baseline_runs), candidate);
}

std::vector<CohortRule> Rules(const Eligibility& eligibility) {
  std::vector<CohortRule> rules;
  for (const CohortReason& reason : eligibility.reasons) rules.push_back(reason.rule);
  return rules;
}

TEST(CohortEligibilityTest, RunsThatKeepEveryRulePassUnpaired) {
  const Eligibility checked = CheckWith(-1, {});
  EXPECT_TRUE(checked.reasons.empty());
  EXPECT_TRUE(checked.pairs.empty());
}

TEST(CohortEligibilityTest, TooFewRunsOnEitherSideAreTwoReasons) {
  const Eligibility checked = CheckWith(-1, {}, 4, 3);
  ASSERT_EQ(Rules(checked),
            (std::vector<CohortRule>{CohortRule::kTooFewBaselineRuns,
                                     CohortRule::kTooFewCandidateRuns}));
  EXPECT_EQ(checked.reasons[0].runs, 4u);
  EXPECT_EQ(checked.reasons[0].message,
            "the baseline has 4 runs; a comparison needs at least 5");
  EXPECT_EQ(checked.reasons[1].side, CohortSide::kCandidate);
  EXPECT_EQ(checked.reasons[1].runs, 3u);
}

struct RuleCase {
  CohortRule rule;
  std::function<void(CohortRun&)> change;
};

TEST(CohortEligibilityTest, EachRuleBrokenByOneCandidateRunIsItsOnlyReason) {
  const std::vector<RuleCase> cases = {
      {CohortRule::kDuplicateRunId, [](CohortRun& run) { run.run_id = "a0"; }},
      {CohortRule::kDifferentEntrypoint, [](CohortRun& run) { run.entrypoint = "other::step"; }},
      {CohortRule::kDifferentPhase,
       [](CohortRun& run) { run.text_edits = {{R"("phase":"train")", R"("phase":"infer")"}}; }},
      {CohortRule::kDifferentDevice,
       [](CohortRun& run) { run.text_edits = {{R"("device":"cpu","measured)", R"("device":"cuda:0","measured)"}}; }},
      {CohortRule::kDifferentTimingMode,
       [](CohortRun& run) {
         run.text_edits = {{R"("timing_mode":"host")", R"("timing_mode":"device_synchronized")"}};
       }},
      {CohortRule::kDifferentSynchronization,
       [](CohortRun& run) {
         run.text_edits = {{R"("measured_region_device_synchronized":false)",
                            R"("measured_region_device_synchronized":true)"}};
       }},
      {CohortRule::kDifferentWarmup,
       [](CohortRun& run) { run.text_edits = {{R"("warmup_steps":2)", R"("warmup_steps":1)"}}; }},
      {CohortRule::kDifferentCaptureStep,
       [](CohortRun& run) { run.text_edits = {{R"("capture_step":3)", R"("capture_step":4)"}}; }},
      {CohortRule::kDifferentCaptureContract,
       [](CohortRun& run) {
         run.text_edits = {{R"("tensors":"none")", R"("tensors":"partial")"}};
       }},
      {CohortRule::kCaptureIncomplete, [](CohortRun& run) { run.failed = true; }},
      // A second root span: root_count, an error of health.
      {CohortRule::kStructurallyInvalid,
       [](CohortRun& run) {
         run.text_edits = {{R"({"kind":"terminal")",
                            R"({"kind":"span_start","id":"root2","name":"x","start_ns":0,)"
                            R"("span_kind":"function","measured":false})" "\n"
                            R"({"kind":"span_end","id":"root2","duration_ns":5})" "\n"
                            R"({"kind":"terminal")"}};
       }},
      {CohortRule::kDifferentComparisonIdentity, [](CohortRun& run) { run.precision = "f32"; }},
  };
  for (const RuleCase& rule_case : cases) {
    const Eligibility checked = CheckWith(2, rule_case.change);
    ASSERT_EQ(Rules(checked), std::vector<CohortRule>{rule_case.rule})
        << CohortRuleName(rule_case.rule);
    const CohortReason& reason = checked.reasons.front();
    EXPECT_EQ(reason.side, CohortSide::kCandidate);
    EXPECT_EQ(reason.first_run, 2u);
    EXPECT_EQ(reason.runs, 1u);
    EXPECT_TRUE(reason.message.starts_with("candidate run 2 ")) << reason.message;
  }
}

TEST(CohortEligibilityTest, ProfiledWorkIsNotProductionEquivalentAndOneSuchRunAlsoDiffers) {
  std::vector<CohortRun> baseline = Runs("a", 5);
  std::vector<CohortRun> candidate = Runs("b", 5);
  for (CohortRun& run : baseline) run.measurement_scope = "profiled_work";
  for (CohortRun& run : candidate) run.measurement_scope = "profiled_work";
  const Eligibility all = CheckRuns(baseline, candidate);
  ASSERT_EQ(Rules(all), std::vector<CohortRule>{CohortRule::kNotProductionEquivalent});
  EXPECT_EQ(all.reasons[0].runs, 10u);
  // One run alone: its contract is no longer the others' either.
  const Eligibility one = CheckWith(3, [](CohortRun& run) { run.measurement_scope = "profiled_work"; });
  EXPECT_EQ(Rules(one),
            (std::vector<CohortRule>{CohortRule::kDifferentCaptureContract,
                                     CohortRule::kNotProductionEquivalent}));
}

TEST(CohortEligibilityTest, TwoMeasuredSpansAreNotOneAndHealthCallsThemAnError) {
  const Eligibility checked = CheckWith(0, [](CohortRun& run) { run.measured_spans = 2; });
  EXPECT_EQ(Rules(checked), (std::vector<CohortRule>{CohortRule::kStructurallyInvalid,
                                                     CohortRule::kNotOneMeasuredSpan}));
}

TEST(CohortEligibilityTest, AnImplementationIdIsWhatTheCandidateMayChange) {
  const Eligibility checked = CheckWith(0, [](CohortRun& run) { run.implementation_id = "new"; });
  EXPECT_TRUE(checked.reasons.empty());
}

TEST(CohortEligibilityTest, AFailedCaptureIsAlsoNotStructurallyValidWhenItsSpansStayOpen) {
  const Eligibility checked = CheckWith(1, [](CohortRun& run) {
    run.failed = true;
    run.closed = false;
  });
  EXPECT_EQ(Rules(checked),
            (std::vector<CohortRule>{CohortRule::kCaptureIncomplete,
                                     CohortRule::kMeasuredSpanOpen}));
}

TEST(CohortEligibilityTest, AMissingIdentityIsOneReasonAndNotAlsoADifferentOne) {
  const Eligibility checked = CheckWith(4, [](CohortRun& run) { run.identity = false; });
  ASSERT_EQ(Rules(checked),
            std::vector<CohortRule>{CohortRule::kMissingComparisonIdentity});
  EXPECT_EQ(checked.reasons[0].first_run, 4u);
}

TEST(CohortEligibilityTest, ManyRunsBreakingOneRuleAreCountedInOneReason) {
  std::vector<CohortRun> candidate = Runs("b", 5);
  for (CohortRun& run : candidate) run.entrypoint = "other";
  const Eligibility eligibility = CheckRuns(Runs("a", 5), candidate);
  ASSERT_EQ(eligibility.reasons.size(), 1u);
  EXPECT_EQ(eligibility.reasons[0].runs, 5u);
  EXPECT_EQ(eligibility.reasons[0].message,
            "candidate run 0 has another entrypoint (and 4 more runs)");
}

std::vector<CohortRun> Paired(const std::string& prefix) {
  std::vector<CohortRun> runs = Runs(prefix, 5);
  for (std::size_t i = 0; i < runs.size(); ++i) runs[i].pair_id = "p" + std::to_string(i);
  return runs;
}


TEST(CohortEligibilityTest, RunsThatAllNamePairsArePairedByPairId) {
  std::vector<CohortRun> candidate = Paired("b");
  std::swap(candidate[0].pair_id, candidate[3].pair_id);
  const Eligibility eligibility = CheckRuns(Paired("a"), candidate);
  EXPECT_TRUE(eligibility.reasons.empty());
  EXPECT_EQ(eligibility.pairs, (std::vector<std::pair<std::size_t, std::size_t>>{
                                   {0, 3}, {1, 1}, {2, 2}, {3, 0}, {4, 4}}));
}

TEST(CohortEligibilityTest, OneRunWithoutAPairIdLeavesTheCohortsUnpaired) {
  std::vector<CohortRun> candidate = Paired("b");
  candidate[1].pair_id.reset();
  const Eligibility eligibility = CheckRuns(Paired("a"), candidate);
  EXPECT_TRUE(eligibility.reasons.empty());
  EXPECT_TRUE(eligibility.pairs.empty());
}

TEST(CohortEligibilityTest, PairIdsThatDoNotMatchOneToOneAreUnmatched) {
  std::vector<CohortRun> candidate = Paired("b");
  candidate[4].pair_id = "p0";  // p0 twice, p4 never
  const Eligibility eligibility = CheckRuns(Paired("a"), candidate);
  ASSERT_EQ(Rules(eligibility), std::vector<CohortRule>{CohortRule::kUnmatchedPairIds});
  // The baseline's p4 without a partner comes first (baseline runs before candidate runs),
  // then the candidate's second p0.
  EXPECT_EQ(eligibility.reasons[0].side, CohortSide::kBaseline);
  EXPECT_EQ(eligibility.reasons[0].first_run, 4u);
  EXPECT_EQ(eligibility.reasons[0].runs, 2u);
  EXPECT_EQ(eligibility.reasons[0].message,
            "baseline run 4 has no candidate with its pair_id (and 1 more run)");
}

}  // namespace
}  // namespace tracedoc::cohort
