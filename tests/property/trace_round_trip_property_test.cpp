// The round-trip guarantees of docs/trace-format.md §3.3 and docs/tracedoc.md §3–§4 over generated
// streams (issue 6): Read(Write(doc)) == doc, the canonical output is a fixed point, and
// ToEvents(doc) folds back to doc.
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "property/generated_trace_case.hpp"
#include "property/property_case_count.hpp"
#include "tracedoc/document_builder.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc::property {
namespace {

RC_GTEST_PROP(TraceRoundTripProperty, ReadingTheWrittenDocumentGivesItBack, ()) {
  const TraceDocument doc = GeneratedDocument();
  const std::string written = WriteJsonl(doc);
  const Result<TraceDocument> again = ReadTrace(TraceInput::FromString(written));
  if (!again) RC_FAIL(FormatError("<written>", again.error()) + "\nwritten:\n" + written);
  if (!(again.value() == doc)) RC_FAIL("the document read back differs; written:\n" + written);
}

RC_GTEST_PROP(TraceRoundTripProperty, CanonicalOutputIsAFixedPoint, ()) {
  const TraceDocument doc = GeneratedDocument();
  // With its unknown members, and without them (the reference's bytes).
  const bool drop_unknown = *rc::gen::arbitrary<bool>();
  RC_TAG(drop_unknown ? "unknown members dropped" : "unknown members kept");
  const WriteOptions options{drop_unknown};
  const std::string written = WriteJsonl(doc, options);
  const Result<TraceDocument> again = ReadTrace(TraceInput::FromString(written));
  if (!again) RC_FAIL(FormatError("<written>", again.error()) + "\nwritten:\n" + written);
  const std::string rewritten = WriteJsonl(again.value(), options);
  if (rewritten != written) {
    RC_FAIL("written:\n" + written + "\nwritten again:\n" + rewritten);
  }
}

RC_GTEST_PROP(TraceRoundTripProperty, ToEventsFoldsBackToTheSameDocument, ()) {
  const TraceDocument doc = GeneratedDocument();
  const std::vector<Event> events = ToEvents(doc);
  DocumentBuilder builder;
  for (std::uint64_t i = 0; i < events.size(); ++i) {
    const Result<void> added = builder.Add(events[i], RecordPosition{i + 1, i});
    if (!added) RC_FAIL(FormatError("<events>", added.error()));
  }
  const Result<TraceDocument> folded = std::move(builder).Finish();
  if (!folded) RC_FAIL(FormatError("<events>", folded.error()));
  RC_ASSERT(folded.value() == doc);
}

}  // namespace
}  // namespace tracedoc::property
