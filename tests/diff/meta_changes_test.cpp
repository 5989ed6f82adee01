// The run's fields compared (docs/diff.md §2): only differing fields, in the documented order,
// with None for a side that lacks the field.
#include "diff/meta_changes.hpp"

#include <gtest/gtest.h>

#include "support/diff_runs.hpp"
#include "support/fold_trace.hpp"

namespace tracedoc::diff {
namespace {

std::string Replaced(std::string text, std::string_view from, std::string_view to) {
  text.replace(text.find(from), from.size(), to);
  return text;
}

TEST(DiffMeta, EqualRunsHaveNoChanges) {
  const TraceDocument run = testing::FoldTrace(testdata::DiffRun());
  EXPECT_TRUE(CompareMeta(SnapshotMeta(run), SnapshotMeta(run)).empty());
}

TEST(DiffMeta, DifferingFieldsInOrderWithNoneForAMissingTag) {
  const std::string base_text =
      Replaced(testdata::DiffRun(), R"("tags":{})", R"("tags":{"host":"a","seed":"1"})");
  std::string candidate_text = Replaced(base_text, R"("run_id":"run-1")", R"("run_id":"run-2")");
  candidate_text = Replaced(candidate_text, R"("host":"a","seed":"1")", R"("seed":"1","zone":"z")");
  candidate_text = Replaced(candidate_text, R"("operations":"none")", R"("operations":"partial")");
  // Each run is gone once its snapshot is taken, as in `tracedoc diff`.
  const MetaSnapshot base = SnapshotMeta(testing::FoldTrace(base_text));
  const MetaSnapshot candidate = SnapshotMeta(testing::FoldTrace(candidate_text));
  EXPECT_EQ(CompareMeta(base, candidate), (std::vector<MetaFieldChange>{
                                              {"run_id", "run-1", "run-2"},
                                              {"capture_contract.operations", "none", "partial"},
                                              {"tags.host", "a", std::nullopt},
                                              {"tags.zone", std::nullopt, "z"},
                                          }));
}

}  // namespace
}  // namespace tracedoc::diff
