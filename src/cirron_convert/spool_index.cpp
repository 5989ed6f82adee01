// docs/cirron-conversion.md: which record each mark and snapshot lands on, and the clock.
#include "cirron_convert/spool_index.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <string>
#include <string_view>

#include <boost/unordered/unordered_flat_map.hpp>

#include "util/seeded_hash.hpp"

namespace tracedoc::cirron_convert {
namespace {

using SpanSlots =
    boost::unordered_flat_map<std::string_view, std::size_t, util::SeededHash, std::equal_to<>>;

AttachedRecords& HomeOf(SpoolIndex& index, const SpanSlots& slots, std::string_view span_id) {
  const auto found = slots.find(span_id);
  return found == slots.end() ? index.unattached : index.attached[found->second];
}

// Time 0: the earliest span start; without spans the earliest mark or snapshot, without those
// the first batch's seal.
std::uint64_t SessionStart(const CirronSpool& spool, const SpoolIndex& index) {
  constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t start = kNone;
  for (const CirronSpan* span : index.spans) start = std::min(start, span->start_ns);
  if (start != kNone) return start;
  for (const CirronBatch& batch : spool.batches) {
    for (const CirronMark& mark : batch.marks) start = std::min(start, mark.ts_ns);
    for (const CirronSnapshot& snapshot : batch.snapshots) start = std::min(start, snapshot.ts_ns);
  }
  if (start != kNone) return start;
  return spool.batches.empty() ? 0 : spool.batches.front().created_ns;
}

}  // namespace

SpoolIndex IndexSpool(const CirronSpool& spool) {
  SpoolIndex index;
  SpanSlots slots;
  for (const CirronBatch& batch : spool.batches) {
    for (const CirronSpan& span : batch.spans) {
      slots.emplace(span.id, index.spans.size());
      index.spans.push_back(&span);
      index.has_gpu_time = index.has_gpu_time || span.gpu_ns.has_value();
    }
  }
  index.attached.resize(index.spans.size());
  for (const CirronBatch& batch : spool.batches) {
    for (const CirronMark& mark : batch.marks) {
      HomeOf(index, slots, mark.span_id).marks.push_back(&mark);
    }
    for (const CirronSnapshot& snapshot : batch.snapshots) {
      std::optional<DerivedTensorStats> stats = DeriveTensorStats(snapshot);
      if (stats) {
        index.tensor_stats.push_back(ConvertedSnapshot{&snapshot, stats});
      } else {
        HomeOf(index, slots, snapshot.span_id).snapshots.push_back(&snapshot);
      }
    }
  }
  index.session_start_ns = SessionStart(spool, index);
  for (const CirronSpan* span : index.spans) {
    index.latest_evidence_ns = std::max(index.latest_evidence_ns, index.Relative(span->end_ns));
  }
  for (const CirronBatch& batch : spool.batches) {
    for (const CirronMark& mark : batch.marks) {
      index.latest_evidence_ns = std::max(index.latest_evidence_ns, index.Relative(mark.ts_ns));
    }
    for (const CirronSnapshot& snapshot : batch.snapshots) {
      index.latest_evidence_ns =
          std::max(index.latest_evidence_ns, index.Relative(snapshot.ts_ns));
    }
  }
  return index;
}

}  // namespace tracedoc::cirron_convert
