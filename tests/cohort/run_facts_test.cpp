// What the rules read of a run: its one measured span and whether it is closed, the outcome,
// the health verdict and the pair id; the rules against the reference runs decided as it is
// read, with nothing of the run kept but the facts.
#include "cohort/run_facts.hpp"

#include <memory>

#include <gtest/gtest.h>

#include "cohort_test_runs.hpp"

namespace tracedoc::cohort {
namespace {

TEST(CohortRunFactsTest, AGoodRunHasItsMeasuredTimeAndPairAndBreaksNoRule) {
  RunFactsReader reader;
  const TraceDocument run = testing::FoldTrace(
      testing::CohortRunJsonl({.run_id = "a", .measured_ns = 1234, .pair_id = "p7"}));
  const RunFacts facts = reader.Read(run);
  EXPECT_EQ(facts.measured_ns, 1234u);
  EXPECT_EQ(facts.broken, 0u);
  EXPECT_EQ(facts.pair_id, "p7");
}

TEST(CohortRunFactsTest, AnOpenOrDoubledMeasuredSpanHasNoMeasuredTime) {
  RunFactsReader reader;
  const TraceDocument open = testing::FoldTrace(
      testing::CohortRunJsonl({.run_id = "a", .closed = false, .failed = true}));
  const RunFacts open_facts = reader.Read(open);
  EXPECT_TRUE(open_facts.Breaks(CohortRule::kMeasuredSpanOpen));
  EXPECT_FALSE(open_facts.Breaks(CohortRule::kNotOneMeasuredSpan));
  EXPECT_EQ(open_facts.measured_ns, 0u);
  EXPECT_TRUE(open_facts.Breaks(CohortRule::kCaptureIncomplete));
  const TraceDocument doubled =
      testing::FoldTrace(testing::CohortRunJsonl({.run_id = "b", .measured_spans = 2}));
  const RunFacts doubled_facts = reader.Read(doubled);
  EXPECT_TRUE(doubled_facts.Breaks(CohortRule::kNotOneMeasuredSpan));
  EXPECT_EQ(doubled_facts.measured_ns, 0u);
  EXPECT_TRUE(doubled_facts.Breaks(CohortRule::kStructurallyInvalid));
  EXPECT_FALSE(doubled_facts.pair_id.has_value());
}

TEST(CohortRunFactsTest, TheReferencesOutliveTheirDocuments) {
  RunFactsReader reader;
  // The first run (the reference) and the first with an identity are gone before the others
  // are read: the reader keeps copies, not views (ASan would see a view).
  {
    const auto first = std::make_unique<TraceDocument>(
        testing::FoldTrace(testing::CohortRunJsonl({.run_id = "a0", .identity = false})));
    EXPECT_TRUE(reader.Read(*first).Breaks(CohortRule::kMissingComparisonIdentity));
    const auto second =
        std::make_unique<TraceDocument>(testing::FoldTrace(testing::CohortRunJsonl({.run_id = "a1"})));
    EXPECT_EQ(reader.Read(*second).broken, 0u);
  }
  const TraceDocument same = testing::FoldTrace(testing::CohortRunJsonl({.run_id = "a2"}));
  EXPECT_EQ(reader.Read(same).broken, 0u);
  const TraceDocument other = testing::FoldTrace(
      testing::CohortRunJsonl({.run_id = "a0", .entrypoint = "other::step", .precision = "f32"}));
  const RunFacts facts = reader.Read(other);
  EXPECT_TRUE(facts.Breaks(CohortRule::kDifferentEntrypoint));
  EXPECT_TRUE(facts.Breaks(CohortRule::kDifferentComparisonIdentity));
  EXPECT_TRUE(facts.Breaks(CohortRule::kDuplicateRunId));
  EXPECT_FALSE(facts.Breaks(CohortRule::kDifferentPhase));
}

}  // namespace
}  // namespace tracedoc::cohort
