// The spans of a TraceDocument as a tree: find a span by id, step to its parent and children, and
// reach the records it holds. Built once when the document is sealed; TraceDocument::span_index().
#ifndef TRACEDOC_SPAN_INDEX_HPP_
#define TRACEDOC_SPAN_INDEX_HPP_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace tracedoc {

/// A span's position in TraceDocument::spans() (which is in id order).
using SpanPosition = std::uint32_t;

namespace detail {
struct DocumentData;
}

/// A view of a document's span index: cheap to copy, valid while any copy of the document lives.
/// Every position it takes must be below size(); every list it returns is a view into the
/// document, never a copy. Nothing allocates and nothing throws.
///
/// The shapes the format allows (docs/trace-format.md §2.2 rules 3 and 4, "left to health"):
/// - Duplicate ids: the fold rejects them (duplicate_span_start), so Find is exact.
/// - Unknown parents: a `parent_id` that names no span is kept; parent() is None for it, as for a
///   root, and the span is nobody's child and not in roots().
/// - Cycles: the fold keeps them. Each span on a cycle is the child of the span its parent_id
///   names, so walking parent() from a span in or below a cycle never ends; reaches_cycle() says
///   when, and depth() stays finite (docs/analyses.md §4).
class SpanIndex {
 public:
  /// The number of spans.
  std::size_t size() const noexcept;

  /// The span with `id`, if there is one. Expected O(1): a keyed hash of the id.
  std::optional<SpanPosition> Find(std::string_view id) const noexcept;

  /// The span `span`'s parent_id names; None without a parent_id or when it names no span.
  std::optional<SpanPosition> parent(SpanPosition span) const noexcept;

  /// The spans whose parent() is `span`, by start_ns, then by id.
  std::span<const SpanPosition> children(SpanPosition span) const noexcept;

  /// The spans without a parent_id, by start_ns, then by id.
  std::span<const SpanPosition> roots() const noexcept;

  /// The depth of docs/analyses.md §4: the number of distinct ids met walking up from the span's
  /// parent_id until there is none or an id repeats; a parent_id naming no span counts one hop.
  /// A root has depth 0.
  std::uint64_t depth(SpanPosition span) const noexcept;

  /// The largest depth() over all spans; 0 without spans (the summary's `max_depth`).
  std::uint64_t max_depth() const noexcept;

  /// Whether walking parent() from `span` meets a span twice: it is on a parent cycle, or below
  /// one (health's `span_cycle`).
  bool reaches_cycle(SpanPosition span) const noexcept;

  /// Positions in TraceDocument::ops(), tensors() and memory() of the records whose `span_id` is
  /// the span's id, each list in input order.
  std::span<const std::uint32_t> ops(SpanPosition span) const noexcept;
  std::span<const std::uint32_t> tensors(SpanPosition span) const noexcept;
  std::span<const std::uint32_t> memory(SpanPosition span) const noexcept;

  /// The span's duration_ns minus the sum of its children's duration_ns, 0 when the children's
  /// sum is larger (they overlap, or outlast the span) and for an open span. O(children).
  std::uint64_t self_time_ns(SpanPosition span) const noexcept;

 private:
  friend class TraceDocument;
  explicit SpanIndex(const detail::DocumentData* data) noexcept : data_(data) {}
  const detail::DocumentData* data_;
};

}  // namespace tracedoc

#endif  // TRACEDOC_SPAN_INDEX_HPP_
