// The span paths of two runs in one trie (docs/diff.md §3): a span's node is its parent's node,
// its name and its number among the earlier siblings of that name, so equal paths of the two runs
// meet in one node without any path being spelt out. Only the changes a diff reports are.
#pragma once

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "tracedoc/document.hpp"
#include "util/seeded_hash.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::analysis {

/// A node of the trie; nodes are numbered in the order they were first placed.
using PathNode = std::uint32_t;
inline constexpr PathNode kNoPathNode = std::numeric_limits<PathNode>::max();

class PathTrie {
 public:
  /// Whether the trie copies the names of its nodes: a trie that outlives the documents it
  /// placed (a cohort comparison drops each run once it is placed) must.
  enum class Names : std::uint8_t { kViewed, kOwned };

  explicit PathTrie(Names names = Names::kViewed)
      : owned_names_(names == Names::kOwned ? std::make_unique<util::StringPool>() : nullptr) {}

  /// Places every span of `document` that is reached from a top span (a root, or a span whose
  /// parent_id names no span), walking children in start order; returns each span's node,
  /// indexed by SpanPosition: kNoPathNode for a span on or below a parent cycle. New nodes are
  /// numbered in the document's pre-order. Unless its names are kOwned, the trie keeps views of the
  /// document's names: the document must outlive the trie.
  std::vector<PathNode> Place(const TraceDocument& document);

  /// As Place, for the last document the trie takes (Place must not be called after it): its
  /// new nodes are not added to the table that finds a node, and when that table is empty (the
  /// trie's only document) nothing is looked up, since every span is then a node of its own.
  std::vector<PathNode> PlaceLast(const TraceDocument& document);

  /// Frees the table that finds a node by (parent, name, number), once every run is placed:
  /// Path and size still work, Place must not be called again. On two runs of 10^6 records
  /// the table is tens of MB that the rest of a comparison can use.
  void ForgetLookup();

  /// The number of nodes.
  std::size_t size() const noexcept { return nodes_.size(); }

  /// The node's path: its segments from the top joined by `/`, each the name with `\`, `/` and
  /// `[` escaped by `\`, followed by `[k]` for the k-th (0-based, k ≥ 1) sibling of that name.
  /// Bounded, so that listing every span of a deep chain stays linear: a node deeper than
  /// kHeadSegments + kTailSegments keeps its first kHeadSegments and last kTailSegments
  /// segments with `/…/` between, and a name longer than kMaxNameBytes is cut there (at a
  /// character boundary) and ends in `…`. O(kHeadSegments + kTailSegments) time.
  std::string Path(PathNode node) const;

  static constexpr std::uint32_t kHeadSegments = 4;
  static constexpr std::uint32_t kTailSegments = 8;
  static constexpr std::size_t kMaxNameBytes = 256;

 private:
  struct Node {
    PathNode parent = kNoPathNode;
    std::uint32_t number = 0;
    std::string_view name;
    /// Segments from the top: 1 for a top span.
    std::uint32_t depth = 1;
    /// The node's ancestor (or itself) at depth min(depth, kHeadSegments): where the head of
    /// an elided path ends, found without walking the chain.
    PathNode head = kNoPathNode;
  };
  // (parent node << 32 | number, name) → node.
  using Key = std::pair<std::uint64_t, std::string_view>;

  std::vector<PathNode> Place(const TraceDocument& document, bool last);
  /// The node (parent, name, number), added when new; `last`: not added to ids_.
  PathNode Intern(PathNode parent, std::string_view name, std::uint32_t number, bool last);

  std::vector<Node> nodes_;
  boost::unordered_flat_map<Key, PathNode, util::SeededHash> ids_;
  /// The copies of the nodes' names when they are kOwned; null when they are viewed.
  std::unique_ptr<util::StringPool> owned_names_;
};

}  // namespace tracedoc::analysis
