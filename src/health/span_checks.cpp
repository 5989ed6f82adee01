// Checks 5–8 (docs/analyses.md §6.3). The parent-cycle check marks each id once (a walk over the
// functional graph id → parent id), so a deep chain costs linear time, not depth × spans.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "format/dense_bytes.hpp"
#include "health/checks.hpp"
#include "health/message.hpp"
#include "util/saturating.hpp"

namespace tracedoc::health {
using util::SaturatingAdd;
namespace {

// Whether walking parent ids from each span reaches an id twice, by span position. Only the
// positions the index holds (one per id) are meaningful; a span's walk starts at the indexed
// span with its id, so duplicates share the answer.
std::vector<bool> SpansInOrBelowCycle(std::span<const SpanRecord> spans, const SpanIndex& index) {
  enum class Mark : std::uint8_t { kUnvisited, kOnPath, kAcyclic, kCyclic };
  std::vector<Mark> marks(spans.size(), Mark::kUnvisited);
  std::vector<std::size_t> path;
  for (std::size_t start = 0; start < spans.size(); ++start) {
    const std::optional<std::size_t> first = index.PositionOf(spans[start].id);
    if (marks[*first] != Mark::kUnvisited) continue;
    std::optional<std::size_t> current = first;
    Mark outcome = Mark::kAcyclic;
    while (true) {
      if (!current) break;  // no parent, or a parent id that names no span
      const Mark mark = marks[*current];
      if (mark == Mark::kOnPath) {
        // Back on the path being walked: everything on it reaches this cycle.
        outcome = Mark::kCyclic;
        break;
      }
      if (mark != Mark::kUnvisited) {
        outcome = mark;
        break;
      }
      marks[*current] = Mark::kOnPath;
      path.push_back(*current);
      const std::optional<std::string_view>& parent = spans[*current].parent_id;
      current = parent ? index.PositionOf(*parent) : std::nullopt;
    }
    for (const std::size_t position : path) marks[position] = outcome;
    path.clear();
  }
  std::vector<bool> cyclic(spans.size(), false);
  for (std::size_t i = 0; i < spans.size(); ++i) {
    cyclic[i] = marks[*index.PositionOf(spans[i].id)] == Mark::kCyclic;
  }
  return cyclic;
}

bool LiesOutside(const SpanRecord& child, const SpanRecord& parent) {
  return child.start_ns < parent.start_ns || SaturatingAdd(child.start_ns, child.duration_ns) >
                                                 SaturatingAdd(parent.start_ns, parent.duration_ns);
}

}  // namespace

void CheckSpanStructure(HealthContext& context) {
  const std::span<const SpanRecord> spans = context.input().spans;
  const SpanIndex& index = context.spans();

  if (index.unique_count() != spans.size()) {
    context.AddError(HealthCode::kDuplicateSpanId, "span IDs must be unique");
  }

  std::uint64_t roots = 0;
  std::uint64_t measured = 0;
  for (const SpanRecord& span : spans) {
    roots += span.parent_id.has_value() ? 0 : 1;
    measured += span.measured ? 1 : 0;
  }
  if (roots != 1) {
    context.AddError(HealthCode::kRootCount,
                     Message("expected exactly one root span, found ", Decimal{roots}));
  }
  // A failed capture may have stopped before or inside its measured region.
  if (!context.failed() && measured != 1) {
    context.AddError(HealthCode::kMeasurementCount,
                     Message("expected exactly one measured region, found ", Decimal{measured}));
  }

  const std::vector<bool> cyclic = SpansInOrBelowCycle(spans, index);
  for (std::size_t i = 0; i < spans.size(); ++i) {
    const SpanRecord& span = spans[i];
    if (!span.closed) {
      if (context.failed()) {
        context.AddWarning(HealthCode::kOpenSpan, Message("span `", span.id, "` was interrupted"));
      } else {
        context.AddError(HealthCode::kOpenSpan, Message("span `", span.id, "` was not closed"));
      }
    }
    if (span.parent_id) {
      const SpanRecord* parent = index.Find(*span.parent_id);
      if (parent == nullptr) {
        context.AddError(
            HealthCode::kUnknownParent,
            Message("span `", span.id, "` refers to missing parent `", *span.parent_id, "`"));
      } else if (span.closed && parent->closed && LiesOutside(span, *parent)) {
        context.AddError(
            HealthCode::kChildOutsideParent,
            Message("span `", span.id, "` lies outside parent `", *span.parent_id, "`"));
      }
    }
    if (cyclic[i]) {
      context.AddError(HealthCode::kSpanCycle,
                       Message("span `", span.id, "` participates in a parent cycle"));
    }
  }
}

}  // namespace tracedoc::health
