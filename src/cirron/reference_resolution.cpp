// References of a spool (docs/cirron-spool.md, "References").
#include "cirron/reference_resolution.hpp"

namespace tracedoc::cirron {

std::vector<UnresolvedReference> FindUnresolvedReferences(const std::vector<CirronBatch>& batches,
                                                          const IdRegistry& ids) {
  std::vector<UnresolvedReference> unresolved;
  for (std::size_t b = 0; b < batches.size(); ++b) {
    const CirronBatch& batch = batches[b];
    for (std::size_t i = 0; i < batch.spans.size(); ++i) {
      const CirronSpan& span = batch.spans[i];
      const JsonPath at = JsonPath().Key("spans").Index(i);
      if (span.parent_id && !ids.HasSpan(*span.parent_id)) {
        unresolved.push_back({CirronWarningCode::kMissingParent, b, at.Key("parent_id"),
                              "parent span " + *span.parent_id + " is not in the spool"});
      }
      for (std::size_t m = 0; m < span.mark_ids.size(); ++m) {
        if (!ids.HasMark(span.mark_ids[m])) {
          unresolved.push_back({CirronWarningCode::kMissingMark, b, at.Key("mark_ids").Index(m),
                                "mark " + span.mark_ids[m] + " is not in the spool"});
        }
      }
    }
    for (std::size_t i = 0; i < batch.marks.size(); ++i) {
      const std::string& span_id = batch.marks[i].span_id;
      if (span_id != "root" && !ids.HasSpan(span_id)) {
        unresolved.push_back({CirronWarningCode::kMissingSpan, b,
                              JsonPath().Key("marks").Index(i).Key("span_id"),
                              "span " + span_id + " is not in the spool"});
      }
    }
    for (std::size_t i = 0; i < batch.snapshots.size(); ++i) {
      const std::string& span_id = batch.snapshots[i].span_id;
      if (!ids.HasSpan(span_id)) {
        unresolved.push_back({CirronWarningCode::kMissingSpan, b,
                              JsonPath().Key("snapshots").Index(i).Key("span_id"),
                              "span " + span_id + " is not in the spool"});
      }
    }
  }
  return unresolved;
}

}  // namespace tracedoc::cirron
