// AnalyzeCirronScopes (docs/cirron-spool.md, "Scope shape"): a generated run has the canonical
// shape; each departure gives its one finding; an evicted parent judges nothing.
#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "support/cirron_spool_writer.hpp"
#include "tracedoc/cirron_scopes.hpp"

namespace tracedoc {
namespace {

CirronSpool GeneratedRun() {
  testing_support::CirronSpoolPlan plan;
  plan.seed = 3;
  CirronSpool spool;
  spool.batches = testing_support::GenerateCirronSpool(plan).batches;
  return spool;
}

CirronSpan* Named(CirronSpool& spool, std::string_view name) {
  for (CirronBatch& batch : spool.batches) {
    for (CirronSpan& span : batch.spans) {
      if (span.name == name) return &span;
    }
  }
  return nullptr;
}

std::vector<std::string> Codes(const CirronSpool& spool) {
  std::vector<std::string> codes;
  for (const Diagnostic& finding : AnalyzeCirronScopes(spool)) {
    codes.emplace_back(DiagnosticCodeName(finding.code));
  }
  return codes;
}

TEST(CirronScopesTest, AGeneratedRunHasTheCanonicalShape) {
  EXPECT_TRUE(AnalyzeCirronScopes(GeneratedRun()).empty());
}

TEST(CirronScopesTest, EachDepartureGivesItsFinding) {
  struct Case {
    const char* name;
    std::function<void(CirronSpool&)> apply;
    std::vector<std::string> codes;
  };
  const std::vector<Case> cases = {
      {"StepUnderPhase",
       [](CirronSpool& s) { Named(s, "step")->parent_id = Named(s, "forward")->id; },
       {"cirron_step_not_under_epoch"}},
      {"PhaseUnderEpoch",
       [](CirronSpool& s) { Named(s, "forward")->parent_id = Named(s, "epoch")->id; },
       {"cirron_phase_not_under_step"}},
      {"EpochWithoutIndex",
       [](CirronSpool& s) { Named(s, "epoch")->index.reset(); },
       {"cirron_missing_index"}},
      {"NoSession",
       [](CirronSpool& s) { Named(s, "cirron.session")->name = "main"; },
       {"cirron_no_session", "cirron_epoch_not_under_session", "cirron_epoch_not_under_session"}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    CirronSpool spool = GeneratedRun();
    c.apply(spool);
    EXPECT_EQ(Codes(spool), c.codes);
  }
}

TEST(CirronScopesTest, NestedEpochIsAnError) {
  CirronSpool spool = GeneratedRun();
  std::vector<CirronSpan*> epochs;
  for (CirronBatch& batch : spool.batches) {
    for (CirronSpan& span : batch.spans) {
      if (span.name == "epoch") epochs.push_back(&span);
    }
  }
  ASSERT_EQ(epochs.size(), 2u);
  epochs[1]->parent_id = epochs[0]->id;
  const std::vector<Diagnostic> findings = AnalyzeCirronScopes(spool);
  ASSERT_EQ(findings.size(), 1u);
  EXPECT_EQ(findings[0].code, DiagnosticCode::kCirronNestedEpoch);
  EXPECT_EQ(findings[0].severity, Severity::kError);
  // It names the span, its file and its place in the batch.
  EXPECT_THAT(findings[0].message, ::testing::HasSubstr(epochs[1]->id));
  EXPECT_FALSE(findings[0].file.empty());
  EXPECT_THAT(findings[0].field, ::testing::StartsWith("spans["));
}

// A parent's name, however long, is quoted up to a bound: 2,000 children of a 100 kB name
// cost 2,000 short messages, not 200 MB.
TEST(CirronScopesTest, FindingsQuoteNamesUpToABound) {
  CirronSpool spool = GeneratedRun();
  CirronSpan* step = Named(spool, "step");
  step->name = std::string(100000, 'x');
  std::size_t longest = 0;
  std::size_t count = 0;
  for (const Diagnostic& finding : AnalyzeCirronScopes(spool)) {
    if (finding.code != DiagnosticCode::kCirronPhaseNotUnderStep) continue;
    ++count;
    longest = std::max(longest, finding.message.size());
    EXPECT_THAT(finding.message, ::testing::HasSubstr("(100000 bytes)"));
  }
  EXPECT_GT(count, 0u);
  EXPECT_LT(longest, 400u);
}

TEST(CirronScopesTest, RequestsBelongUnderTheSession) {
  CirronSpool spool = GeneratedRun();
  Named(spool, "step")->name = "request";
  // The request's phases are now under a request, not a step.
  const std::vector<std::string> codes = Codes(spool);
  EXPECT_EQ(std::count(codes.begin(), codes.end(), "cirron_request_not_under_session"), 1);
}

TEST(CirronScopesTest, AnEvictedParentJudgesNothing) {
  CirronSpool spool = GeneratedRun();
  Named(spool, "forward")->parent_id = std::string(32, 'e');
  EXPECT_TRUE(AnalyzeCirronScopes(spool).empty());
}

}  // namespace
}  // namespace tracedoc
