// Issue 17, item 4: for any generated TraceML export (tests/support/traceml_export_generator.hpp:
// random seed, nodes, GPUs, steps, first step, a gap of up to 2^63 steps, missing steps,
// duplicates, snapshot rate, hostnames, nulls), SummarizeTraceMLRun's per-rank step counts and
// missing steps and its per-stream duplicate and unplaced counts equal what the generator did.
// The summary reads the generator's typed export, from which its text is also written.
#include <cstddef>
#include <cstdint>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "property/property_case_count.hpp"
#include "support/traceml_export_generator.hpp"
#include "tracedoc/traceml_summary.hpp"

namespace tracedoc::property {
namespace {

using testing_support::GeneratedTraceMLExport;
using testing_support::TraceMLExportPlan;
using testing_support::TraceMLRankFacts;

TraceMLExportPlan DrawPlan() {
  TraceMLExportPlan plan;
  plan.seed = *rc::gen::arbitrary<std::uint64_t>();
  plan.nodes = *rc::gen::inRange<std::uint64_t>(1, 4);
  plan.gpus_per_node = *rc::gen::inRange<std::uint64_t>(1, 5);
  plan.steps = *rc::gen::inRange<std::uint64_t>(0, 13);
  // Below 2^62, so that first step + steps + a 2^63 gap stays within 64 bits.
  plan.first_step = *rc::gen::oneOf(rc::gen::just<std::uint64_t>(0),
                                    rc::gen::inRange<std::uint64_t>(0, std::uint64_t{1} << 62));
  plan.step_gap =
      *rc::gen::oneOf(rc::gen::just<std::uint64_t>(0), rc::gen::inRange<std::uint64_t>(1, 10),
                      rc::gen::just(std::uint64_t{1} << 63));
  plan.missing_steps = *rc::gen::inRange<std::uint64_t>(0, 8);
  plan.duplicates = *rc::gen::inRange<std::uint64_t>(0, 8);
  plan.snapshot_every = *rc::gen::inRange<std::uint64_t>(1, 4);
  plan.hostname = *rc::gen::arbitrary<bool>();
  plan.nulls = *rc::gen::arbitrary<bool>();
  return plan;
}

RC_GTEST_PROP(TraceMLSummaryProperty, PerRankCountsMissingStepsAndDuplicatesEqualTheGenerators,
              ()) {
  const TraceMLExportPlan plan = DrawPlan();
  const GeneratedTraceMLExport generated = testing_support::GenerateTraceMLExport(plan);
  const TraceMLRunSummary summary = SummarizeTraceMLRun(generated.records);

  RC_ASSERT(summary.record_count == generated.facts.record_count);
  RC_ASSERT(summary.duplicates_ignored == generated.facts.duplicates);
  RC_ASSERT(summary.unplaced_records[static_cast<std::size_t>(TraceMLStream::kStepTime)] ==
            generated.facts.unplaced_records);
  RC_ASSERT(summary.ranks.size() == generated.facts.ranks.size());
  for (std::size_t i = 0; i < summary.ranks.size(); ++i) {
    const TraceMLRankSummary& rank = summary.ranks[i];
    const TraceMLRankFacts& facts = generated.facts.ranks[i];
    RC_ASSERT(rank.rank == facts.global_rank);
    RC_ASSERT(rank.step_count == facts.step_count);
    RC_ASSERT(rank.timed_step_count == facts.step_count);
    RC_ASSERT(rank.missing_steps.size() == facts.missing_steps.size());
    std::uint64_t missing = 0;
    for (std::size_t r = 0; r < facts.missing_steps.size(); ++r) {
      RC_ASSERT(rank.missing_steps[r].first == facts.missing_steps[r].first);
      RC_ASSERT(rank.missing_steps[r].last == facts.missing_steps[r].second);
      missing += facts.missing_steps[r].second - facts.missing_steps[r].first + 1;
    }
    RC_ASSERT(rank.missing_step_count == missing);
  }
  // Every GPU of every node, once a sampler tick has run.
  const std::uint64_t gpus =
      plan.steps >= plan.snapshot_every ? plan.nodes * plan.gpus_per_node : 0;
  RC_ASSERT(summary.gpus.size() == gpus);

  std::uint64_t duplicates = 0;
  for (const std::uint64_t count : generated.facts.duplicates) duplicates += count;
  RC_TAG(plan.step_gap == 0 ? "no gap" : "gap");
  RC_TAG(duplicates == 0 ? "no duplicates" : "duplicates");
}

}  // namespace
}  // namespace tracedoc::property
