// Where each record of a spool lands in the trace (docs/cirron-conversion.md): the spans by id,
// the marks and stat-less snapshots grouped under their span, or under the meta when their span
// is not in the spool; the session's clock.
#ifndef TRACEDOC_CIRRON_CONVERT_SPOOL_INDEX_HPP_
#define TRACEDOC_CIRRON_CONVERT_SPOOL_INDEX_HPP_

#include <cstdint>
#include <optional>
#include <vector>

#include "cirron_convert/tensor_stats_rule.hpp"
#include "tracedoc/cirron_spool.hpp"

namespace tracedoc::cirron_convert {

/// What lands on one record beside its own fields: the marks and snapshots kept whole.
struct AttachedRecords {
  std::vector<const CirronMark*> marks;
  std::vector<const CirronSnapshot*> snapshots;
};

/// A snapshot with the tensor_stats it becomes, if any.
struct ConvertedSnapshot {
  const CirronSnapshot* snapshot = nullptr;
  std::optional<DerivedTensorStats> stats;
};

struct SpoolIndex {
  /// Every span, in batch and record order; `attached[i]` belongs to `spans[i]`.
  std::vector<const CirronSpan*> spans;
  std::vector<AttachedRecords> attached;
  /// Marks with span_id "root" or of a span not in the spool; stat-less snapshots of a span not
  /// in the spool. They go on the meta.
  AttachedRecords unattached;
  /// The snapshots that become tensor_stats, in batch and record order.
  std::vector<ConvertedSnapshot> tensor_stats;
  /// The earliest span start (else the earliest mark or snapshot time, else the first batch's
  /// created_ns): time 0 of the trace.
  std::uint64_t session_start_ns = 0;
  /// The latest span end, mark or snapshot time, relative to the session start.
  std::uint64_t latest_evidence_ns = 0;
  /// Whether any span has a gpu_ns (the meta's device is then `cuda`).
  bool has_gpu_time = false;

  /// `absolute_ns` relative to the session start, 0 when it is earlier.
  std::uint64_t Relative(std::uint64_t absolute_ns) const {
    return absolute_ns > session_start_ns ? absolute_ns - session_start_ns : 0;
  }
};

/// Indexes `spool` in time linear in its records.
SpoolIndex IndexSpool(const CirronSpool& spool);

}  // namespace tracedoc::cirron_convert

#endif  // TRACEDOC_CIRRON_CONVERT_SPOOL_INDEX_HPP_
