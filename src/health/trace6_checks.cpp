// The checks only trace/6 health makes (docs/legacy-trace6.md §9.4): children that outlast their
// parent, edges naming unknown spans, memory paired per (device, tensor id), and its own
// absence warnings for the two memory planes.
#include "health/checks.hpp"

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/unordered/unordered_flat_set.hpp>

#include "health/message.hpp"
#include "health/span_lookup.hpp"
#include "util/saturating.hpp"
#include "util/seeded_hash.hpp"
#include "util/stable_order.hpp"

namespace tracedoc::health {

void CheckTrace6ChildDurations(HealthContext& context) {
  const RecordList<SpanRecord> spans = context.document().spans();
  const SpanIndex index = context.document().span_index();
  for (SpanPosition i = 0; i < spans.size(); ++i) {
    if (!spans[i].closed) continue;
    // An open child has no duration yet; it adds nothing.
    std::uint64_t children = 0;
    for (const SpanPosition child : index.children(i)) {
      if (spans[child].closed) children = util::SaturatingAdd(children, spans[child].duration_ns);
    }
    if (children > spans[i].duration_ns) {
      context.AddError(HealthCode::kChildrenExceedParent,
                       Message("children of span `", spans[i].id, "` last ", Decimal{children},
                               " ns in total, more than the span's ", Decimal{spans[i].duration_ns},
                               " ns"));
    }
  }
}

void CheckTrace6Edges(HealthContext& context) {
  SpanLookup from_spans(context.document(), context.span_views());
  SpanLookup to_spans(context.document(), context.span_views());
  for (const EdgeRecord& edge : context.document().edges()) {
    // One issue however many endpoints are unknown.
    if (!from_spans.Find(edge.from) || !to_spans.Find(edge.to)) {
      context.AddError(HealthCode::kUnknownEdgeSpan,
                       Message("edge `", edge.from, "` -> `", edge.to, "` refers to a missing span"));
    }
  }
}

void CheckTrace6MemoryPairing(HealthContext& context) {
  const RecordList<MemoryRecord> events = context.document().memory();
  // By timestamp only, as trace/10's check 15: equal timestamps keep document order.
  const std::vector<std::uint32_t> order =
      util::StableOrder<std::uint32_t>(events.size(), [&](std::uint32_t a, std::uint32_t b) {
        return events[a].timestamp_ns < events[b].timestamp_ns;
      });
  // Keyed: devices and tensor ids come from the input.
  boost::unordered_flat_set<std::pair<std::string_view, std::string_view>, util::SeededHash> live;
  for (const std::uint32_t i : order) {
    const MemoryRecord& event = events[i];
    const std::pair<std::string_view, std::string_view> key{event.device, event.tensor_id};
    if (event.action == MemoryAction::kAlloc) {
      if (!live.insert(key).second) {
        context.AddError(HealthCode::kDuplicateAllocation,
                         Message("tensor `", event.tensor_id, "` on `", event.device,
                                 "` was allocated again while live"));
      }
    } else if (live.erase(key) == 0) {
      context.AddError(HealthCode::kUnpairedFree,
                       Message("tensor `", event.tensor_id, "` on `", event.device,
                               "` was freed while not live"));
    }
  }
}

void CheckTrace6AbsentEvidence(HealthContext& context, const EvidenceCoverage& coverage) {
  CheckAbsentOpsAndTensors(context, coverage);
  if (coverage.memory_events == 0) {
    context.AddWarning(HealthCode::kMemoryAbsent, "no memory events were captured");
  }
  if (coverage.device_memory_samples == 0) {
    context.AddWarning(HealthCode::kDeviceMemoryAbsent, "no device-memory samples were captured");
  }
  CheckAbsentTrainingEvidence(context, coverage);
}

}  // namespace tracedoc::health
