// Issue 16, item 4: any generated Cirron spool (docs/cirron-spool.md), read into a document
// (docs/cirron-conversion.md), gives a document whose canonical JSONL reads back with
// ReadTrace and is a fixed point, with one span per spool span and every mark kept in a
// `cirron_marks` unknown key. The spools come from the seeded writer of tests/support: several
// batches, parents and marks' spans in other batches, the oldest batches evicted, NaN losses,
// unknown keys, sampled snapshots with blob URIs. Each batch is read from its text, as a file is.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <boost/json/parse.hpp>
#include <boost/json/value.hpp>
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "property/property_case_count.hpp"
#include "support/cirron_spool_writer.hpp"
#include "tracedoc/converted_facts.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc::property {
namespace {

using testing_support::CirronSpoolPlan;
using testing_support::GeneratedSpool;

// Small runs (at most 3 epochs of 3 steps, ~80 records) keep the sanitizer build fast; the
// batch size decides how often a span's parent and marks land in another batch.
CirronSpoolPlan DrawPlan() {
  CirronSpoolPlan plan;
  plan.seed = *rc::gen::arbitrary<std::uint64_t>();
  plan.epochs = *rc::gen::inRange(1, 4);
  plan.steps_per_epoch = *rc::gen::inRange(1, 4);
  plan.records_per_batch = *rc::gen::inRange(1, 33);
  plan.nan_losses = *rc::gen::arbitrary<bool>();
  plan.unknown_keys = *rc::gen::arbitrary<bool>();
  plan.sampled_snapshots = *rc::gen::arbitrary<bool>();
  return plan;
}

// The batches the SDK's cap left: the first `evicted` are gone. The last batch, which holds the
// session span, always stays, as a spool that keeps anything keeps its newest batch.
CirronSpool ReadKeptBatches(const GeneratedSpool& generated, std::size_t evicted) {
  CirronSpool spool;
  for (std::size_t i = evicted; i < generated.batches.size(); ++i) {
    const CirronBatch& batch = generated.batches[i];
    Result<CirronBatch> read =
        ReadCirronBatch(batch.file_name, generated.texts[i], {}, &spool.non_finite_numbers);
    if (!read) RC_FAIL(FormatError(batch.file_name, read.error()));
    spool.batches.push_back(std::move(read).value());
  }
  return spool;
}

// The ids of the marks in the `cirron_marks` arrays of one record's unknown keys.
void CollectMarkIds(const UnknownFields& unknown, std::vector<std::string>& ids) {
  for (const UnknownField field : unknown) {
    if (field.key != kCirronMarksKey) continue;
    boost::system::error_code error;
    const boost::json::value marks = boost::json::parse(field.json, error);
    RC_ASSERT(!error);
    RC_ASSERT(marks.is_array());
    for (const boost::json::value& mark : marks.get_array()) {
      const boost::json::value* id = mark.is_object() ? mark.get_object().if_contains("id") : nullptr;
      RC_ASSERT(id != nullptr);
      RC_ASSERT(id->is_string());
      ids.emplace_back(id->get_string());
    }
  }
}

RC_GTEST_PROP(CirronConversionProperty, AnySpoolConvertsReadsBackAndKeepsEverySpanAndMark, ()) {
  const CirronSpoolPlan plan = DrawPlan();
  const GeneratedSpool generated = testing_support::GenerateCirronSpool(plan);
  RC_PRE(!generated.batches.empty());
  const auto evicted = *rc::gen::inRange<std::size_t>(0, generated.batches.size());
  RC_TAG(evicted == 0 ? "whole spool" : "evicted batches");
  RC_TAG(generated.batches.size() - evicted > 1 ? "several batches" : "one batch");
  const CirronSpool spool = ReadKeptBatches(generated, evicted);

  const Result<TraceDocument> converted = testing_support::ConvertTypedSpool(spool);
  if (!converted) RC_FAIL(FormatError("<converted>", converted.error()));
  const std::string jsonl = WriteJsonl(converted.value());
  RC_LOG() << "converted:\n" << jsonl << '\n';
  const Result<TraceDocument> again = ReadTrace(TraceInput::FromString(jsonl));
  if (!again) RC_FAIL(FormatError("<canonical>", again.error()));
  RC_ASSERT(WriteJsonl(again.value()) == jsonl);
  RC_ASSERT(again.value() == converted.value());

  std::size_t spool_spans = 0;
  std::vector<std::string> spool_marks;
  for (const CirronBatch& batch : spool.batches) {
    spool_spans += batch.spans.size();
    for (const CirronMark& mark : batch.marks) spool_marks.push_back(mark.id);
  }
  const TraceDocument& document = again.value();
  RC_ASSERT(document.spans().size() == spool_spans);

  std::vector<std::string> kept_marks;
  CollectMarkIds(document.run().unknown, kept_marks);
  for (const SpanRecord& span : document.spans()) CollectMarkIds(span.start_unknown, kept_marks);
  RC_ASSERT(kept_marks.size() == spool_marks.size());
  std::ranges::sort(kept_marks);
  std::ranges::sort(spool_marks);
  RC_ASSERT(kept_marks == spool_marks);
}

}  // namespace
}  // namespace tracedoc::property
