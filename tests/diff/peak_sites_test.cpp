// The logical peaks of two runs and the storages live at each, by allocation site (docs/diff.md
// §5): an extra storage at the peak is found at its site with exact counts and bytes.
#include "diff/peak_sites.hpp"

#include <gtest/gtest.h>

#include "support/diff_runs.hpp"
#include "support/fold_trace.hpp"

namespace tracedoc::diff {
namespace {

struct TwoRuns {
  TwoRuns(const std::string& base_text, const std::string& candidate_text)
      : base(testing::FoldTrace(base_text)), candidate(testing::FoldTrace(candidate_text)) {
    base_nodes = trie.Place(base);
    candidate_nodes = trie.Place(candidate);
  }
  PeakComparison Compare(bool include_unchanged = false) const {
    return ComparePeaks({&base, base_nodes}, {&candidate, candidate_nodes}, trie,
                        include_unchanged);
  }
  TraceDocument base;
  TraceDocument candidate;
  PathTrie trie;
  std::vector<PathNode> base_nodes;
  std::vector<PathNode> candidate_nodes;
};

TEST(DiffPeakSites, AnExtraStorageLiveAtThePeakIsCountedAtItsSite) {
  const TwoRuns runs(testdata::DiffRun(), testdata::DiffRun({.extra_storage = true}));
  const PeakComparison peaks = runs.Compare();
  const PeakSiteChange site{"train/forward", std::nullopt, {2, 150}, {3, 214}};
  EXPECT_EQ(peaks.overall.device, "");
  EXPECT_EQ(peaks.overall.live_bytes, (FigureChange{150, 214}));
  EXPECT_EQ(peaks.overall.sites, std::vector<PeakSiteChange>{site});
  ASSERT_EQ(peaks.devices.size(), 1u);
  EXPECT_EQ(peaks.devices[0], (PeakChange{"cpu", {150, 214}, {site}}));
}

TEST(DiffPeakSites, EqualRunsHaveNoChangesUnlessAskedForEverySite) {
  const TwoRuns runs(testdata::DiffRun(), testdata::DiffRun());
  const PeakComparison peaks = runs.Compare();
  EXPECT_EQ(peaks.overall, (PeakChange{"", {150, 150}, {}}));
  EXPECT_TRUE(peaks.devices.empty());
  const PeakSiteChange site{"train/forward", std::nullopt, {2, 150}, {2, 150}};
  const PeakComparison every = runs.Compare(true);
  EXPECT_EQ(every.overall.sites, std::vector<PeakSiteChange>{site});
  EXPECT_EQ(every.devices, (std::vector<PeakChange>{{"cpu", {150, 150}, {site}}}));
}

TEST(DiffPeakSites, ARenamedSpanMovesItsStoragesToANewSite) {
  const TwoRuns runs(testdata::DiffRun(), testdata::DiffRun({.child_name = "fwd"}));
  // By bytes changed, then path: "train/forward" < "train/fwd".
  EXPECT_EQ(runs.Compare().overall.sites,
            (std::vector<PeakSiteChange>{{"train/forward", std::nullopt, {2, 150}, {0, 0}},
                                         {"train/fwd", std::nullopt, {0, 0}, {2, 150}}}));
}

}  // namespace
}  // namespace tracedoc::diff
