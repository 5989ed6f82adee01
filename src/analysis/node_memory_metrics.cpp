// Memory attributed to graph nodes (docs/analyses.md §5.5). Lifetimes are grouped by allocation span
// first, so each span's ancestor chain is walked once however many lifetimes it allocated.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "util/saturating.hpp"
#include "analysis/interval_clipping.hpp"
#include "tracedoc/memory.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc {
namespace {

using NodeMetricsMap = std::map<std::string, NodeMemoryMetrics, std::less<>>;

NodeMemoryMetrics& Node(NodeMetricsMap& nodes, std::string_view id) {
  const auto it = nodes.find(id);
  if (it != nodes.end()) return it->second;
  return nodes.emplace(std::string(id), NodeMemoryMetrics{}).first->second;
}

std::string DefaultOpNodeId(std::string_view span_id, std::uint64_t op_index) {
  std::string id(span_id);
  id += "/op/";
  id += std::to_string(op_index);
  return id;
}

// Steps 1 and 4: output bytes per op node, and the allocations whose (span, op name) names
// exactly one mapped op.
void AttributeToOps(const TraceDocument& document, const OpNodeIds& op_node_ids,
                    const std::optional<LogicalMemoryProfile>& logical, NodeMetricsMap& nodes) {
  boost::unordered_flat_map<std::string_view, std::uint64_t, util::SeededHash> ops_in_span;
  // (span id, op name) → the mapped op nodes with that name.
  std::map<std::pair<std::string_view, std::string_view>, std::vector<std::string_view>> by_name;
  for (const OpRecord& op : document.ops()) {
    const std::uint64_t index = ops_in_span[op.span_id]++;
    const auto mapped = op_node_ids.find(OpNodeKey{op.span_id, index});
    NodeMemoryMetrics& node = mapped != op_node_ids.end()
                                  ? Node(nodes, mapped->second)
                                  : Node(nodes, DefaultOpNodeId(op.span_id, index));
    if (op.output_dense_bytes) node.output_dense_bytes = op.output_dense_bytes;
    if (mapped != op_node_ids.end()) by_name[{op.span_id, op.op_name}].push_back(mapped->second);
  }
  if (!logical) return;
  for (const LogicalStorageLifetime& lifetime : logical->lifetimes) {
    if (!lifetime.op_name) continue;
    const auto it = by_name.find({lifetime.allocation_span_id, *lifetime.op_name});
    // Two ops of one name in one span are ambiguous: the bytes stay at span level.
    if (it == by_name.end() || it->second.size() != 1) continue;
    NodeMemoryMetrics& node = Node(nodes, it->second.front());
    node.direct_allocated_bytes =
        util::SaturatingAdd(node.direct_allocated_bytes.value_or(0), lifetime.bytes);
  }
}

// Step 5: per span, the bytes it allocated directly and its subtree's clipped peak and residual.
void AttributeToSpans(const TraceDocument& document, const LogicalMemoryProfile& logical,
                      NodeMetricsMap& nodes) {
  const RecordList<SpanRecord> spans = document.spans();
  // Without complete coverage, "no lifetime here" may only mean "not captured": leave None.
  const bool complete = document.run().capture_contract.logical_memory == CoverageLevel::kComplete;
  const SpanIndex index = document.span_index();
  std::vector<std::vector<const LogicalStorageLifetime*>> allocated_in(spans.size());
  for (const LogicalStorageLifetime& lifetime : logical.lifetimes) {
    if (const auto span = index.Find(lifetime.allocation_span_id)) {
      allocated_in[*span].push_back(&lifetime);
    }
  }
  // subtree_sources[i]: the spans in i's subtree (itself included) that allocated something.
  // The walk up from a source stops at the first span it meets twice (a parent cycle); a span
  // is met in this walk when its mark is the walk's number.
  std::vector<std::vector<std::size_t>> subtree_sources(spans.size());
  std::vector<std::size_t> walk_of(spans.size(), 0);
  std::size_t walk = 0;
  for (std::size_t s = 0; s < spans.size(); ++s) {
    if (allocated_in[s].empty()) continue;
    ++walk;
    for (std::optional<SpanPosition> at = static_cast<SpanPosition>(s);
         at && walk_of[*at] != walk; at = index.parent(*at)) {
      walk_of[*at] = walk;
      subtree_sources[*at].push_back(s);
    }
  }
  std::vector<const LogicalStorageLifetime*> subtree;
  for (std::size_t i = 0; i < spans.size(); ++i) {
    const SpanRecord& span = spans[i];
    NodeMemoryMetrics& node = Node(nodes, span.id);
    if (complete || !allocated_in[i].empty()) {
      std::uint64_t direct = 0;
      for (const LogicalStorageLifetime* lifetime : allocated_in[i]) {
        direct = util::SaturatingAdd(direct, lifetime->bytes);
      }
      node.direct_allocated_bytes = direct;
    }
    subtree.clear();
    for (const std::size_t source : subtree_sources[i]) {
      subtree.insert(subtree.end(), allocated_in[source].begin(), allocated_in[source].end());
    }
    if (span.closed && (complete || !subtree.empty())) {
      const analysis::ClippedMemory clipped = analysis::ClipToInterval(
          span.start_ns, util::SaturatingAdd(span.start_ns, span.duration_ns), subtree);
      node.subtree_peak_live_bytes = clipped.peak_live_bytes;
      node.subtree_residual_bytes = clipped.residual_bytes;
    }
  }
}

}  // namespace

std::map<std::string, NodeMemoryMetrics, std::less<>> ComputeNodeMemoryMetrics(
    const TraceDocument& document, const OpNodeIds& op_node_ids,
    const std::optional<LogicalMemoryProfile>& logical) {
  NodeMetricsMap nodes;
  for (const SpanRecord& span : document.spans()) Node(nodes, span.id);
  AttributeToOps(document, op_node_ids, logical, nodes);
  if (logical) AttributeToSpans(document, *logical, nodes);
  return nodes;
}

std::map<std::string, NodeMemoryMetrics, std::less<>> ComputeNodeMemoryMetrics(
    const TraceDocument& document, const OpNodeIds& op_node_ids) {
  return ComputeNodeMemoryMetrics(document, op_node_ids, AnalyzeLogicalMemory(document));
}

}  // namespace tracedoc
