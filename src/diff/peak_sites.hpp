// The logical memory peaks of two runs (docs/diff.md §5): the peak over all devices and each
// device's, and the storages live at each, matched across the runs by allocation site (the
// aligned path of the allocating span, and the op) since storage ids need not agree.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "analysis/path_trie.hpp"
#include "tracedoc/diff.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::diff {

using analysis::kNoPathNode;
using analysis::PathNode;
using analysis::PathTrie;

/// One run, its spans placed in the trie (PathTrie::Place).
struct PlacedRun {
  const TraceDocument* document = nullptr;
  std::span<const PathNode> nodes;
};

struct PeakComparison {
  /// Device "".
  PeakChange overall;
  /// Ascending byte-wise by device: every device with a change, or every device either run
  /// allocated on with `include_unchanged`.
  std::vector<PeakChange> devices;
};

class PeakTally;

/// The peaks' sites taken one run at a time, each run droppable once added (its names are
/// copied); the trie must hold every run's nodes by the time of Compare.
class PeakSites {
 public:
  explicit PeakSites(const PathTrie& trie);
  ~PeakSites();
  PeakSites(const PeakSites&) = delete;
  PeakSites& operator=(const PeakSites&) = delete;

  /// Side 0 is the base, 1 the candidate; each is added once.
  void AddRun(int side, const PlacedRun& run);
  /// The peaks with the sites that changed, or every site with `include_unchanged`.
  PeakComparison Compare(bool include_unchanged) const;

 private:
  std::unique_ptr<PeakTally> tally_;
};

/// The peaks of both runs' logical planes (built from their memory events, whatever the
/// revision), with the sites that changed, or every site with `include_unchanged`.
PeakComparison ComparePeaks(const PlacedRun& base, const PlacedRun& candidate, const PathTrie& trie,
                            bool include_unchanged);

}  // namespace tracedoc::diff
