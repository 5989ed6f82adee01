// Checks 5–8 (docs/analyses.md §6.3), on the document's span index: parents and parent cycles
// were found once when the document was sealed, in linear time however deep the chains.
#include <algorithm>
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

bool LiesOutside(const SpanRecord& child, const SpanRecord& parent) {
  return child.start_ns < parent.start_ns || SaturatingAdd(child.start_ns, child.duration_ns) >
                                                 SaturatingAdd(parent.start_ns, parent.duration_ns);
}

}  // namespace

void CheckSpanStructure(HealthContext& context) {
  const RecordList<SpanRecord> spans = context.document().spans();
  const SpanIndex index = context.document().span_index();

  // Spans are in id order, so a repeated id is next to itself.
  if (std::adjacent_find(spans.begin(), spans.end(), [](const SpanRecord& a, const SpanRecord& b) {
        return a.id == b.id;
      }) != spans.end()) {
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

  for (SpanPosition i = 0; i < spans.size(); ++i) {
    const SpanRecord& span = spans[i];
    if (!span.closed) {
      if (context.failed()) {
        context.AddWarning(HealthCode::kOpenSpan, Message("span `", span.id, "` was interrupted"));
      } else {
        context.AddError(HealthCode::kOpenSpan, Message("span `", span.id, "` was not closed"));
      }
    }
    if (span.parent_id) {
      const std::optional<SpanPosition> parent = index.parent(i);
      if (!parent) {
        context.AddError(
            HealthCode::kUnknownParent,
            Message("span `", span.id, "` refers to missing parent `", *span.parent_id, "`"));
      } else if (span.closed && spans[*parent].closed && LiesOutside(span, spans[*parent])) {
        context.AddError(
            HealthCode::kChildOutsideParent,
            Message("span `", span.id, "` lies outside parent `", *span.parent_id, "`"));
      }
    }
    if (index.reaches_cycle(i)) {
      context.AddError(HealthCode::kSpanCycle,
                       Message("span `", span.id, "` participates in a parent cycle"));
    }
  }
}

}  // namespace tracedoc::health
