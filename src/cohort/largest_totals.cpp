#include "cohort/largest_totals.hpp"

#include <string_view>

#include "analysis/path_trie.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::cohort {

std::vector<PartTotals> LargestOpNames(std::span<const TraceDocument* const> runs,
                                       std::size_t limit) {
  return LargestTotals<std::string_view, util::SeededHash>(
      runs.size(), limit,
      [&](std::size_t run, const auto& add) {
        for (const OpRecord& op : runs[run]->ops()) add(op.op_name, op.duration_ns);
      },
      std::less<>(), [](std::string_view name) { return std::string(name); });
}

std::vector<PartTotals> LargestSpanPaths(std::span<const TraceDocument* const> runs,
                                         std::size_t limit) {
  analysis::PathTrie trie;
  std::vector<std::vector<analysis::PathNode>> placed;
  placed.reserve(runs.size());
  for (std::size_t run = 0; run < runs.size(); ++run) {
    const bool last = run + 1 == runs.size();
    placed.push_back(last ? trie.PlaceLast(*runs[run]) : trie.Place(*runs[run]));
  }
  trie.ForgetLookup();
  return LargestTotals<analysis::PathNode, boost::hash<analysis::PathNode>>(
      runs.size(), limit,
      [&](std::size_t run, const auto& add) {
        const std::span<const SpanRecord> spans = runs[run]->spans();
        for (std::size_t s = 0; s < spans.size(); ++s) {
          if (placed[run][s] != analysis::kNoPathNode) add(placed[run][s], spans[s].duration_ns);
        }
      },
      std::less<>(), [&](analysis::PathNode node) { return trie.Path(node); });
}

}  // namespace tracedoc::cohort
