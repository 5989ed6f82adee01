// The depth computation memoizes per id, so a chain of a million spans costs a million steps,
// not the quadratic walk-per-span the definition suggests.
#include "analysis/span_tree.hpp"

#include <algorithm>

namespace tracedoc::analysis {

SpanTree::SpanTree(std::span<const SpanRecord> spans)
    : spans_(spans), parent_(spans.size(), kNoParent), seen_(spans.size(), 0) {
  // Later spans overwrite earlier ones: the last of a repeated id wins.
  by_address_.reserve(spans.size());
  for (std::size_t i = 0; i < spans.size(); ++i)
    by_address_.insert_or_assign(spans[i].id.data(), i);
  for (std::size_t i = 0; i < spans.size(); ++i) {
    if (!spans[i].parent_id) continue;
    const std::optional<std::size_t> parent = Find(*spans[i].parent_id);
    parent_[i] = parent ? static_cast<std::int64_t>(*parent) : kUnknownParent;
  }
}

std::optional<std::size_t> SpanTree::Find(std::string_view id) const {
  if (const auto it = by_address_.find(id.data());
      it != by_address_.end() && spans_[it->second].id.size() == id.size()) {
    return it->second;
  }
  return FindByContent(id);
}

std::optional<std::size_t> SpanTree::FindByContent(std::string_view id) const {
  if (!by_content_) {
    by_content_.emplace();
    by_content_->reserve(spans_.size());
    for (std::size_t i = 0; i < spans_.size(); ++i) by_content_->insert_or_assign(spans_[i].id, i);
  }
  const auto it = by_content_->find(id);
  if (it == by_content_->end()) return std::nullopt;
  return it->second;
}

std::uint64_t SpanTree::MaxDepth() const {
  const std::size_t n = spans_.size();
  // chain[i]: the number of distinct ids on the walk that starts at span i itself (i counted).
  // Off a cycle it is 1 + the parent's; on a cycle it is the cycle's length.
  std::vector<std::uint64_t> chain(n, 0);
  enum : std::uint8_t { kNew, kOnPath, kDone };
  std::vector<std::uint8_t> state(n, kNew);
  std::vector<std::size_t> position(n, 0);
  std::vector<std::size_t> path;

  // The depth of span i: the chain of its parent; an unknown parent is one hop.
  const auto depth_of = [&](std::size_t i) -> std::uint64_t {
    const std::int64_t p = parent_[i];
    if (p == kNoParent) return 0;
    if (p == kUnknownParent) return 1;
    return chain[static_cast<std::size_t>(p)];
  };

  for (std::size_t start = 0; start < n; ++start) {
    if (state[start] != kNew) continue;
    path.clear();
    for (std::size_t j = start;;) {
      if (state[j] == kDone) break;
      if (state[j] == kOnPath) {
        const std::size_t cycle_length = path.size() - position[j];
        for (std::size_t k = position[j]; k < path.size(); ++k) {
          chain[path[k]] = cycle_length;
          state[path[k]] = kDone;
        }
        break;
      }
      state[j] = kOnPath;
      position[j] = path.size();
      path.push_back(j);
      if (parent_[j] < 0) break;
      j = static_cast<std::size_t>(parent_[j]);
    }
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      if (state[*it] == kDone) continue;
      chain[*it] = 1 + depth_of(*it);
      state[*it] = kDone;
    }
  }

  std::uint64_t max_depth = 0;
  for (std::size_t i = 0; i < n; ++i) max_depth = std::max(max_depth, depth_of(i));
  return max_depth;
}

}  // namespace tracedoc::analysis
