#include "analysis/path_trie.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <string>
#include <vector>

namespace tracedoc::analysis {
namespace {

std::uint64_t Pack(PathNode parent, std::uint32_t number) {
  return (std::uint64_t{parent} << 32) | number;
}

// The top spans: roots, and spans whose parent_id names no span (they would otherwise vanish
// from the comparison), together in start order, then id order.
std::vector<SpanPosition> TopSpans(const TraceDocument& document) {
  const SpanIndex index = document.span_index();
  const RecordList<SpanRecord> spans = document.spans();
  const std::span<const SpanPosition> roots_view = index.roots();
  std::vector<SpanPosition> tops(roots_view.begin(), roots_view.end());
  const std::size_t roots = tops.size();
  for (SpanPosition s = 0; s < spans.size(); ++s) {
    if (spans[s].parent_id && !index.parent(s)) tops.push_back(s);
  }
  if (tops.size() == roots) return tops;  // roots() is in that order already
  std::sort(tops.begin(), tops.end(), [&](SpanPosition a, SpanPosition b) {
    if (spans[a].start_ns != spans[b].start_ns) return spans[a].start_ns < spans[b].start_ns;
    return spans[a].id < spans[b].id;
  });
  return tops;
}

void AppendSegment(std::string& out, std::string_view name, std::uint32_t number) {
  const bool cut = name.size() > PathTrie::kMaxNameBytes;
  if (cut) {
    std::size_t end = PathTrie::kMaxNameBytes;
    // Back to the first byte of a UTF-8 character (never a continuation byte 10xxxxxx).
    while (end > 0 && (static_cast<unsigned char>(name[end]) & 0xC0) == 0x80) --end;
    name = name.substr(0, end);
  }
  // The runs between the bytes to escape go in whole: a path is mostly such runs. Found by a
  // plain loop: find_first_of calls memchr over its three bytes once per byte of the name.
  const auto special_at = [name](std::size_t at) {
    while (at < name.size() && name[at] != '\\' && name[at] != '/' && name[at] != '[') ++at;
    return at;
  };
  for (std::size_t at = 0; at < name.size();) {
    const std::size_t special = special_at(at);
    out.append(name.substr(at, special - at));
    if (special == name.size()) break;
    out += '\\';
    out += name[special];
    at = special + 1;
  }
  if (cut) out += "\xE2\x80\xA6";
  if (number == 0) return;
  out += '[';
  out += std::to_string(number);
  out += ']';
}

}  // namespace

PathNode PathTrie::Intern(PathNode parent, std::string_view name, std::uint32_t number,
                          bool last) {
  Key key{Pack(parent, number), name};
  if (owned_names_ != nullptr) {
    // Looked up by the document's view, stored by the copy: a node's name is copied once.
    if (const auto it = ids_.find(key); it != ids_.end()) return it->second;
    name = owned_names_->Intern(name);
    key.second = name;
  }
  if (last) {
    if (!ids_.empty()) {
      if (const auto it = ids_.find(key); it != ids_.end()) return it->second;
    }
  } else {
    const auto [it, inserted] =
        ids_.try_emplace(key, static_cast<PathNode>(nodes_.size()));
    if (!inserted) return it->second;
  }
  const auto node = static_cast<PathNode>(nodes_.size());
  Node added{parent, number, name, 1, node};
  if (parent != kNoPathNode) {
    added.depth = nodes_[parent].depth + 1;
    if (added.depth > kHeadSegments) added.head = nodes_[parent].head;
  }
  nodes_.push_back(added);
  return node;
}

std::vector<PathNode> PathTrie::Place(const TraceDocument& document) {
  return Place(document, false);
}

std::vector<PathNode> PathTrie::PlaceLast(const TraceDocument& document) {
  return Place(document, true);
}

std::vector<PathNode> PathTrie::Place(const TraceDocument& document, bool last) {
  const SpanIndex index = document.span_index();
  const RecordList<SpanRecord> spans = document.spans();
  std::vector<PathNode> placed(spans.size(), kNoPathNode);
  // How many children of each name a node has been given so far, in this document.
  boost::unordered_flat_map<Key, std::uint32_t, util::SeededHash> named;
  // Depth first with a stack (a chain of spans may be as deep as the trace is long); siblings
  // are pushed last first, so they are numbered and placed in start order.
  std::vector<std::pair<SpanPosition, PathNode>> stack;
  const std::vector<SpanPosition> tops = TopSpans(document);
  for (auto it = tops.rbegin(); it != tops.rend(); ++it) stack.emplace_back(*it, kNoPathNode);
  while (!stack.empty()) {
    const auto [span, parent] = stack.back();
    stack.pop_back();
    const std::string_view name = spans[span].name;
    std::uint32_t& number = named[Key{Pack(parent, 0), name}];
    const PathNode node = Intern(parent, name, number++, last);
    placed[span] = node;
    const std::span<const SpanPosition> children = index.children(span);
    for (auto it = children.rbegin(); it != children.rend(); ++it) stack.emplace_back(*it, node);
  }
  return placed;
}

void PathTrie::ForgetLookup() {
  // Swapped with an empty table: clear() keeps the buckets.
  decltype(ids_)().swap(ids_);
}

std::string PathTrie::Path(PathNode node) const {
  // The segments from `from` up `count` levels, top first.
  const auto append_up = [this](std::string& path, PathNode from, std::uint32_t count) {
    // At most kHeadSegments + kTailSegments levels: no allocation per path.
    std::array<PathNode, kHeadSegments + kTailSegments> chain{};
    std::size_t size = 0;
    for (PathNode at = from; at != kNoPathNode && size < count; at = nodes_[at].parent) {
      chain[size++] = at;
    }
    for (std::size_t i = size; i-- > 0;) {
      AppendSegment(path, nodes_[chain[i]].name, nodes_[chain[i]].number);
      if (i != 0) path += '/';
    }
  };
  std::string path;
  const std::uint32_t depth = nodes_[node].depth;
  if (depth <= kHeadSegments + kTailSegments) {
    append_up(path, node, depth);
    return path;
  }
  append_up(path, nodes_[node].head, kHeadSegments);
  path += "/\xE2\x80\xA6/";
  append_up(path, node, kTailSegments);
  return path;
}

}  // namespace tracedoc::analysis
