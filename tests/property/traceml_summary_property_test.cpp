// Issue 17, item 4: for any generated TraceML export (tests/support/traceml_export_generator.hpp:
// random seed, nodes, GPUs, steps, first step, a gap of up to 2^63 steps, missing steps,
// duplicates, snapshot rate, hostnames, nulls), SummarizeTraceMLRun's per-rank step counts and
// missing steps and its per-stream duplicate and unplaced counts equal what the generator did,
// both for the generator's typed export and for its text read back by ReadTraceMLExport (the
// path a file takes), and SummarizeTraceMLExport of the text (summarized as it is read) equals
// SummarizeTraceMLRun of the typed export. And the export converted by ReadDocument has one step
// span per distinct placed (rank, step), and its canonical JSONL reads back to the same document.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "property/property_case_count.hpp"
#include "support/traceml_export_generator.hpp"
#include "tracedoc/open.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/traceml_export.hpp"
#include "tracedoc/traceml_summary.hpp"
#include "tracedoc/writer.hpp"

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

// The generator's text as a file's reader gives it.
TraceMLExport ReadBack(const GeneratedTraceMLExport& generated) {
  Result<TraceMLExport> read = ReadTraceMLExport(TraceInput::FromString(generated.text));
  if (!read) RC_FAIL(FormatError("<generated>", read.error()));
  return std::move(read).value();
}

// The summary agrees with what the generator did.
void CheckSummary(const TraceMLExportPlan& plan, const GeneratedTraceMLExport& generated,
                  const TraceMLRunSummary& summary) {
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
}

RC_GTEST_PROP(TraceMLSummaryProperty, PerRankCountsMissingStepsAndDuplicatesEqualTheGenerators,
              ()) {
  const TraceMLExportPlan plan = DrawPlan();
  const GeneratedTraceMLExport generated = testing_support::GenerateTraceMLExport(plan);
  const TraceMLRunSummary typed = SummarizeTraceMLRun(generated.records);
  CheckSummary(plan, generated, typed);
  CheckSummary(plan, generated, SummarizeTraceMLRun(ReadBack(generated)));
  // Summarized as it is read, the text gives the summary of its typed records, exactly.
  const Result<TraceMLRunSummary> streamed =
      SummarizeTraceMLExport(TraceInput::FromString(generated.text));
  if (!streamed) RC_FAIL(FormatError("<generated>", streamed.error()));
  RC_ASSERT(streamed.value() == typed);

  std::uint64_t duplicates = 0;
  for (const std::uint64_t count : generated.facts.duplicates) duplicates += count;
  RC_TAG(plan.step_gap == 0 ? "no gap" : "gap");
  RC_TAG(duplicates == 0 ? "no duplicates" : "duplicates");
}

// The (rank, step) of a step span, whose id is `rN.sS` (docs/traceml-conversion.md, "Spans").
std::optional<std::pair<std::uint64_t, std::uint64_t>> StepSpanKey(std::string_view id) {
  const std::size_t dot = id.find(".s");
  if (id.size() < 2 || id[0] != 'r' || dot == std::string_view::npos) return std::nullopt;
  const std::string_view rank = id.substr(1, dot - 1);
  const std::string_view step = id.substr(dot + 2);
  auto decimal = [](std::string_view digits) -> std::optional<std::uint64_t> {
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos)
      return std::nullopt;
    return std::stoull(std::string(digits));
  };
  const std::optional<std::uint64_t> r = decimal(rank);
  const std::optional<std::uint64_t> s = decimal(step);
  if (!r || !s) return std::nullopt;
  return std::pair(*r, *s);
}

// The (rank, step) pairs the conversion places: the first record of each key decides, and it
// needs a global rank, a step and a timestamp.
std::set<std::pair<std::uint64_t, std::uint64_t>> PlacedSteps(const TraceMLExport& records) {
  std::set<std::pair<std::optional<std::uint64_t>, std::optional<std::uint64_t>>> seen;
  std::set<std::pair<std::uint64_t, std::uint64_t>> placed;
  for (const TraceMLStepTime& record : records.step_time) {
    if (!seen.emplace(record.identity.global_rank, record.step).second) continue;
    if (record.identity.global_rank && record.step && record.base.timestamp_unix_ns) {
      placed.emplace(*record.identity.global_rank, *record.step);
    }
  }
  return placed;
}

RC_GTEST_PROP(TraceMLSummaryProperty,
              TheConvertedExportHasOneStepSpanPerPlacedStepAndIsACanonicalFixedPoint, ()) {
  const TraceMLExportPlan plan = DrawPlan();
  const GeneratedTraceMLExport generated = testing_support::GenerateTraceMLExport(plan);
  const TraceMLExport records = ReadBack(generated);
  OpenOptions open;
  open.format = InputFormat::kTraceMLExport;
  const Result<TraceDocument> converted =
      ReadDocument(TraceInput::FromString(generated.text), open);
  if (!converted) RC_FAIL(FormatError("<converted>", converted.error()));

  std::set<std::pair<std::uint64_t, std::uint64_t>> step_spans;
  std::size_t step_span_count = 0;
  for (const SpanRecord& span : converted.value().spans()) {
    const auto key = StepSpanKey(span.id);
    if (!key) continue;
    ++step_span_count;
    step_spans.insert(*key);
    RC_ASSERT(span.name == "step " + std::to_string(key->second));
    RC_ASSERT(span.parent_id == "r" + std::to_string(key->first));
  }
  const std::set<std::pair<std::uint64_t, std::uint64_t>> placed = PlacedSteps(records);
  RC_ASSERT(step_span_count == placed.size());
  RC_ASSERT(step_spans == placed);

  const std::string jsonl = WriteJsonl(converted.value());
  const Result<TraceDocument> again = ReadTrace(TraceInput::FromString(jsonl));
  if (!again) RC_FAIL(FormatError("<canonical>", again.error()));
  RC_ASSERT(again.value() == converted.value());
  RC_ASSERT(WriteJsonl(again.value()) == jsonl);
  RC_TAG(placed.empty() ? "no step placed" : "steps placed");
}

}  // namespace
}  // namespace tracedoc::property
