// One rule-breaking mutation of a generated stream fails with that rule's code at the line,
// record index and field the mutation predicts, and ValidateTrace fails identically (issue 6).
// Two properties, so each rule group gets its own 1,000 cases: the fold rules of
// docs/trace-format.md §2.2, and the line- and record-level codes of docs/tracedoc.md §2.
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "property/generated_trace_case.hpp"
#include "property/property_case_count.hpp"
#include "property/trace_mutations.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc::property {
namespace {

bool IsStreamCode(ErrorCode code) { return ErrorCodeStage(code) == ErrorStage::kStream; }

std::vector<Mutation> MutationsWhere(bool stream_codes) {
  std::vector<Mutation> out;
  for (const Mutation& m : Mutations()) {
    if (IsStreamCode(m.code) == stream_codes) out.push_back(m);
  }
  return out;
}

void CheckMutation(const std::vector<Mutation>& catalogue) {
  const GeneratedTrace trace = GenerateTraceCase();
  const Mutation mutation = *rc::gen::elementOf(catalogue);
  RC_TAG(mutation.name);
  TraceGenerator gen(*rc::gen::arbitrary<std::uint64_t>());
  const MutatedTrace mutated = mutation.apply(trace, gen);
  RC_LOG() << "mutation " << mutation.name << ", stream:\n" << mutated.text << '\n';
  RC_ASSERT(mutated.code == mutation.code);

  const Result<TraceDocument> read =
      ReadTrace(TraceInput::FromString(mutated.text), mutated.options);
  RC_ASSERT(!read.has_value());
  const Error& error = read.error();
  RC_LOG() << "got " << FormatError("<mutated>", error) << " (field '" << error.field << "')\n";
  RC_ASSERT(ErrorCodeName(error.code) == ErrorCodeName(mutated.code));
  RC_ASSERT(error.line == mutated.line);
  RC_ASSERT(error.index == mutated.index);
  if (mutated.field) RC_ASSERT(error.field == *mutated.field);

  const Result<void> validated =
      ValidateTrace(TraceInput::FromString(mutated.text), mutated.options);
  RC_ASSERT(!validated.has_value());
  RC_ASSERT(validated.error() == error);
}

RC_GTEST_PROP(TraceMutationProperty, BrokenFoldRuleFailsWithItsCodeAtItsLine, ()) {
  static const std::vector<Mutation> kFoldRules = MutationsWhere(true);
  CheckMutation(kFoldRules);
}

RC_GTEST_PROP(TraceMutationProperty, BrokenRecordRuleFailsWithItsCodeAtItsLine, ()) {
  static const std::vector<Mutation> kRecordRules = MutationsWhere(false);
  CheckMutation(kRecordRules);
}

// The catalogue covers every code a trace's bytes can cause: all codes but io_error and the
// spool and export stages', which only a Cirron spool or a TraceML export can break.
TEST(TraceMutationCatalogue, CoversEveryErrorCodeButIoError) {
  std::vector<bool> covered(kErrorCodeCount, false);
  for (const Mutation& m : Mutations()) covered[static_cast<int>(m.code)] = true;
  for (int code = 0; code < kErrorCodeCount; ++code) {
    const auto c = static_cast<ErrorCode>(code);
    const bool trace_code = c != ErrorCode::kIoError && ErrorCodeStage(c) != ErrorStage::kSpool &&
                            ErrorCodeStage(c) != ErrorStage::kExport;
    EXPECT_EQ(covered[code], trace_code) << ErrorCodeName(c);
  }
}

}  // namespace
}  // namespace tracedoc::property
