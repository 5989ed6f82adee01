// The spans of a document as a parent graph: lookup by id and the cycle-safe parent walks of
// docs/analyses.md §4 (depth) and §5.5 (subtree membership). Parents need not exist or be acyclic.
#ifndef TRACEDOC_SRC_ANALYSIS_SPAN_TREE_HPP_
#define TRACEDOC_SRC_ANALYSIS_SPAN_TREE_HPP_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "tracedoc/document.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::analysis {

class SpanTree {
 public:
  explicit SpanTree(std::span<const SpanRecord> spans);

  /// The index of the span with `id`; the last one in document order if ids repeat.
  std::optional<std::size_t> Find(std::string_view id) const;

  /// The maximum over all spans of the §4 depth: the number of distinct ids met walking up from
  /// the span's parent until an id repeats or has no parent (an unknown id counts, then ends the
  /// walk). O(n) over all spans: each id's count is computed once.
  std::uint64_t MaxDepth() const;

  /// Calls `visit(index)` for the span named `id` and each of its ancestors, stopping at the
  /// first repeated span, a missing parent or an unknown id. Nothing when `id` is unknown.
  template <class Visit>
  void ForEachSelfAndAncestor(std::string_view id, Visit&& visit) {
    const std::optional<std::size_t> start = Find(id);
    if (!start) return;
    ++epoch_;
    for (std::int64_t i = static_cast<std::int64_t>(*start); i >= 0; i = parent_[i]) {
      if (seen_[i] == epoch_) return;
      seen_[i] = epoch_;
      visit(static_cast<std::size_t>(i));
    }
  }

 private:
  // parent_ values below 0: the span has no parent, or its parent id names no span.
  static constexpr std::int64_t kNoParent = -1;
  static constexpr std::int64_t kUnknownParent = -2;

  // Builds by_content_ on first use: only an id that is not some span's own view needs it.
  std::optional<std::size_t> FindByContent(std::string_view id) const;

  std::span<const SpanRecord> spans_;
  // A document interns its strings, so a parent id is normally the very view of its span's id:
  // found by address, the lookup neither hashes nor reads the id's bytes, which on a big trace
  // lie scattered over the string pool. Equal addresses are equal strings (sizes are checked),
  // and a miss falls back to comparing contents. (A repeated id is one interned view, so the
  // last span with it wins here as in by_content_.)
  boost::unordered_flat_map<const char*, std::size_t> by_address_;
  mutable std::optional<boost::unordered_flat_map<std::string_view, std::size_t, util::SeededHash>>
      by_content_;
  std::vector<std::int64_t> parent_;
  // Marks for ForEachSelfAndAncestor: a span is seen in this walk when its mark equals epoch_,
  // so no set is cleared or allocated per walk.
  std::vector<std::uint64_t> seen_;
  std::uint64_t epoch_ = 0;
};

}  // namespace tracedoc::analysis

#endif  // TRACEDOC_SRC_ANALYSIS_SPAN_TREE_HPP_
