// What the rules read of a run: its one measured span and whether it is closed, the outcome,
// the health verdict and the pair id.
#include "cohort/run_facts.hpp"

#include <gtest/gtest.h>

#include "cohort_test_runs.hpp"

namespace tracedoc::cohort {
namespace {

TEST(CohortRunFactsTest, AGoodRunHasItsMeasuredTimeAndPair) {
  const TraceDocument run = testing::FoldTrace(
      testing::CohortRunJsonl({.run_id = "a", .measured_ns = 1234, .pair_id = "p7"}));
  const RunFacts facts = ReadRunFacts(run);
  EXPECT_EQ(facts.document, &run);
  EXPECT_EQ(facts.measured_spans, 1u);
  EXPECT_TRUE(facts.measured_closed);
  EXPECT_EQ(facts.measured_ns, 1234u);
  EXPECT_TRUE(facts.complete);
  EXPECT_TRUE(facts.structurally_valid);
  EXPECT_EQ(facts.pair_id, "p7");
}

TEST(CohortRunFactsTest, AnOpenOrDoubledMeasuredSpanHasNoMeasuredTime) {
  const TraceDocument open = testing::FoldTrace(
      testing::CohortRunJsonl({.run_id = "a", .closed = false, .failed = true}));
  const RunFacts open_facts = ReadRunFacts(open);
  EXPECT_EQ(open_facts.measured_spans, 1u);
  EXPECT_FALSE(open_facts.measured_closed);
  EXPECT_EQ(open_facts.measured_ns, 0u);
  EXPECT_FALSE(open_facts.complete);
  const TraceDocument doubled =
      testing::FoldTrace(testing::CohortRunJsonl({.run_id = "b", .measured_spans = 2}));
  const RunFacts doubled_facts = ReadRunFacts(doubled);
  EXPECT_EQ(doubled_facts.measured_spans, 2u);
  EXPECT_EQ(doubled_facts.measured_ns, 0u);
  EXPECT_FALSE(doubled_facts.structurally_valid);
  EXPECT_FALSE(doubled_facts.pair_id.has_value());
}

}  // namespace
}  // namespace tracedoc::cohort
