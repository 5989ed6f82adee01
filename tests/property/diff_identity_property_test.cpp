// Issue 30, item 5: diff(A, A) is empty, and passes the gate at 0 %, for a run of every format:
// a generated trace (trace/10 or trace/9), a generated Cirron spool and a generated TraceML
// export, each converted through the one way in. And a run compared with its own canonical
// output read back (another document, equal records) is empty too: the diff sees figures, not
// the document's identity.
#include <string>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "property/generated_trace_case.hpp"
#include "property/property_case_count.hpp"
#include "support/cirron_spool_writer.hpp"
#include "support/traceml_export_generator.hpp"
#include "tracedoc/diff.hpp"
#include "tracedoc/open.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc::property {
namespace {

// The document's canonical output read back: equal records, another document.
TraceDocument ReadBackCanonical(const TraceDocument& document) {
  Result<TraceDocument> again = ReadTrace(TraceInput::FromString(WriteJsonl(document)));
  if (!again) RC_FAIL(FormatError("<canonical>", again.error()));
  return std::move(again).value();
}

void AssertDiffOfItselfIsEmpty(const TraceDocument& document) {
  const TraceDiff same = DiffTraces(document, document);
  RC_ASSERT(same.empty());
  RC_ASSERT(FindRegressions(same, DiffGate{}).empty());
  const TraceDiff copy = DiffTraces(document, ReadBackCanonical(document));
  RC_ASSERT(copy.empty());
}

RC_GTEST_PROP(DiffIdentityProperty, AGeneratedTraceDiffedWithItselfIsEmpty, ()) {
  AssertDiffOfItselfIsEmpty(GeneratedDocument());
}

RC_GTEST_PROP(DiffIdentityProperty, AGeneratedCirronSpoolDiffedWithItselfIsEmpty, ()) {
  testing_support::CirronSpoolPlan plan;
  plan.seed = *rc::gen::arbitrary<std::uint64_t>();
  plan.epochs = *rc::gen::inRange(1, 3);
  plan.steps_per_epoch = *rc::gen::inRange(1, 4);
  plan.records_per_batch = *rc::gen::inRange(1, 33);
  plan.nan_losses = *rc::gen::arbitrary<bool>();
  CirronSpool spool;
  spool.batches = testing_support::GenerateCirronSpool(plan).batches;
  const Result<TraceDocument> document = testing_support::ConvertTypedSpool(spool);
  if (!document) RC_FAIL(FormatError("<spool>", document.error()));
  AssertDiffOfItselfIsEmpty(document.value());
}

RC_GTEST_PROP(DiffIdentityProperty, AGeneratedTraceMLExportDiffedWithItselfIsEmpty, ()) {
  testing_support::TraceMLExportPlan plan;
  plan.seed = *rc::gen::arbitrary<std::uint64_t>();
  plan.nodes = *rc::gen::inRange<std::uint64_t>(1, 3);
  plan.gpus_per_node = *rc::gen::inRange<std::uint64_t>(1, 3);
  plan.steps = *rc::gen::inRange<std::uint64_t>(2, 8);
  plan.missing_steps = 0;
  OpenOptions open;
  open.format = InputFormat::kTraceMLExport;
  const Result<TraceDocument> document = ReadDocument(
      TraceInput::FromString(testing_support::GenerateTraceMLExport(plan).text), open);
  if (!document) RC_FAIL(FormatError("<export>", document.error()));
  AssertDiffOfItselfIsEmpty(document.value());
}

}  // namespace
}  // namespace tracedoc::property
