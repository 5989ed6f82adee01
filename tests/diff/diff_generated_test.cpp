// diff(A, A) is empty for generated runs of every format (docs/diff.md): candle-graph traces of
// many seeds, converted TraceML exports and converted Cirron spools; each run read twice, so the
// two documents share no storage and every string is compared by value.
#include <cstdint>
#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "support/cirron_spool_writer.hpp"
#include "support/converted_traceml.hpp"
#include "support/fold_trace.hpp"
#include "support/trace_generator.hpp"
#include "tracedoc/diff.hpp"

namespace tracedoc {
namespace {

// Empty, both ways of listing, and nothing for the strictest gate.
void ExpectNoDifference(const TraceDocument& a, const TraceDocument& b) {
  const TraceDiff diff = DiffTraces(a, b);
  EXPECT_TRUE(diff.empty());
  EXPECT_TRUE(DiffTraces(a, b, {.include_unchanged = true}).empty());
  EXPECT_TRUE(FindRegressions(diff, {.threshold_millipercent = 0}).empty());
}

TEST(DiffGenerated, TracesOfManySeedsAgainstThemselves) {
  for (std::uint64_t seed = 1; seed <= 25; ++seed) {
    SCOPED_TRACE(seed);
    const std::string text = generator::GenerateTrace(500 + 97 * seed, seed);
    ExpectNoDifference(testing::FoldTrace(text), testing::FoldTrace(text));
  }
}

TEST(DiffGenerated, ConvertedTraceMLExportsAgainstThemselves) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    SCOPED_TRACE(seed);
    const Result<TraceDocument> a = testing_support::ConvertedTraceMLExport(seed, 40);
    const Result<TraceDocument> b = testing_support::ConvertedTraceMLExport(seed, 40);
    ASSERT_TRUE(a.has_value() && b.has_value());
    ASSERT_FALSE(a.value().converted_facts().steps.empty());
    ExpectNoDifference(a.value(), b.value());
  }
}

TEST(DiffGenerated, ConvertedCirronSpoolsAgainstThemselves) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    SCOPED_TRACE(seed);
    testing_support::CirronSpoolPlan plan;
    plan.seed = seed;
    CirronSpool spool;
    spool.batches = testing_support::GenerateCirronSpool(plan).batches;
    const Result<TraceDocument> a = testing_support::ConvertTypedSpool(spool);
    const Result<TraceDocument> b = testing_support::ConvertTypedSpool(spool);
    ASSERT_TRUE(a.has_value() && b.has_value());
    ExpectNoDifference(a.value(), b.value());
  }
}

// `tracedoc diff` drops the base before reading the candidate: the differ must have copied every
// name it reports. The base read again and kept alive gives the reference; the candidate read
// after the dropped base is likely to reuse its memory, so a view left behind shows as a wrong
// name here (and as a use after free under ASan).
void ExpectTheSameWithTheBaseDropped(const std::string& base_text,
                                     const std::string& candidate_text) {
  const DiffOptions every{.include_unchanged = true};
  TraceDiffer differ(every);
  differ.AddBase(testing::FoldTrace(base_text));
  const TraceDiff streamed = std::move(differ).Finish(testing::FoldTrace(candidate_text));
  const TraceDiff reference =
      DiffTraces(testing::FoldTrace(base_text), testing::FoldTrace(candidate_text), every);
  EXPECT_FALSE(streamed.spans.empty());
  EXPECT_FALSE(streamed.ops.empty());
  EXPECT_EQ(streamed, reference);
}

TEST(DiffGenerated, TheBaseDroppedBeforeTheCandidateIsReadChangesNothing) {
  ExpectTheSameWithTheBaseDropped(generator::GenerateTrace(20000, 7),
                                  generator::GenerateTrace(20000, 8));
  ExpectTheSameWithTheBaseDropped(generator::GenerateTrace(5000, 9),
                                  generator::GenerateTrace(5000, 9));
}

}  // namespace
}  // namespace tracedoc
