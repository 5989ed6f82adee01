// spans[] of a batch (docs/cirron-spool.md, "spans").
#include "cirron/record_members.hpp"
#include "cirron/record_readers.hpp"

namespace tracedoc::cirron {
namespace {

enum Slot : std::size_t {
  kId,
  kName,
  kParentId,
  kIndex,
  kStartNs,
  kEndNs,
  kCpuNs,
  kGpuNs,
  kMemoryPeakBytes,
  kThreadId,
  kPid,
  kRank,
  kAttrs,
  kMarkIds,
  kSlotCount
};
constexpr std::array<std::string_view, kSlotCount> kKeys = {
    "id",     "name",    "parent_id",         "index",     "start_ns", "end_ns",
    "cpu_ns", "gpu_ns",  "memory_peak_bytes", "thread_id", "pid",      "rank",
    "attrs",  "mark_ids"};

Checked<std::vector<std::string>> ReadIdList(const JsonValue& value, const JsonPath& path) {
  return ReadArray(value, path, ReadHexId);
}

}  // namespace

Checked<CirronSpan> ReadSpan(const JsonValue& value, const JsonPath& path) {
  CirronSpan span;
  BOOST_OUTCOME_TRY(const auto members,
                    RecordMembers<kSlotCount>::Collect(value, kKeys, path, span.unknown));
  BOOST_OUTCOME_TRY(span.id, members.Get(kId, ReadHexId));
  BOOST_OUTCOME_TRY(span.name, members.Get(kName, ReadString));
  BOOST_OUTCOME_TRY(span.parent_id, members.Get(kParentId, ReadNullableHexId));
  BOOST_OUTCOME_TRY(span.index, members.Get(kIndex, ReadNullableCount));
  BOOST_OUTCOME_TRY(span.start_ns, members.Get(kStartNs, ReadCount));
  BOOST_OUTCOME_TRY(span.end_ns, members.Get(kEndNs, ReadCount));
  if (span.end_ns < span.start_ns) {
    return FieldErrorAt(ErrorCode::kCirronEndBeforeStart, members.PathOf(kEndNs),
                        "end_ns " + std::to_string(span.end_ns) + " is before start_ns " +
                            std::to_string(span.start_ns));
  }
  BOOST_OUTCOME_TRY(span.cpu_ns, members.Get(kCpuNs, ReadNullableCount));
  BOOST_OUTCOME_TRY(span.gpu_ns, members.Get(kGpuNs, ReadNullableCount));
  BOOST_OUTCOME_TRY(span.memory_peak_bytes, members.Get(kMemoryPeakBytes, ReadNullableCount));
  BOOST_OUTCOME_TRY(span.thread_id, members.Get(kThreadId, ReadCount));
  BOOST_OUTCOME_TRY(span.pid, members.Get(kPid, ReadCount));
  BOOST_OUTCOME_TRY(span.rank, members.Get(kRank, ReadCount));
  BOOST_OUTCOME_TRY(span.attrs_json, members.Get(kAttrs, ReadObjectJson));
  BOOST_OUTCOME_TRY(span.mark_ids, members.Get(kMarkIds, ReadIdList));
  return span;
}

}  // namespace tracedoc::cirron
