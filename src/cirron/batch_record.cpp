// The batch object (docs/cirron-spool.md, "Batch").
#include "cirron/record_members.hpp"
#include "cirron/record_readers.hpp"

namespace tracedoc::cirron {
namespace {

enum Slot : std::size_t {
  kSchemaVersion,
  kSdkVersion,
  kBatchId,
  kCreatedNs,
  kSpans,
  kMarks,
  kSnapshots,
  kSlotCount
};
constexpr std::array<std::string_view, kSlotCount> kKeys = {
    "schema_version", "sdk_version", "batch_id", "created_ns", "spans", "marks", "snapshots"};

constexpr std::uint64_t kSchemaVersion1 = 1;

// A reader of an array of records of one type.
template <class Read>
auto ReadRecords(Read read) {
  return
      [read](const JsonValue& value, const JsonPath& path) { return ReadArray(value, path, read); };
}

}  // namespace

Checked<CirronBatch> ReadBatchObject(const JsonValue& value) {
  CirronBatch batch;
  BOOST_OUTCOME_TRY(const auto members,
                    RecordMembers<kSlotCount>::Collect(value, kKeys, JsonPath(), batch.unknown));
  // The version decides every other rule, so it is checked first.
  BOOST_OUTCOME_TRY(const JsonValue* version, members.Required(kSchemaVersion));
  if (!version->IsUint64() || version->GetUint64() != kSchemaVersion1) {
    return FieldErrorAt(ErrorCode::kCirronUnsupportedSchema, members.PathOf(kSchemaVersion),
                        "schema_version " + CompactJson(*version) + " is not 1, the one read");
  }
  BOOST_OUTCOME_TRY(batch.sdk_version, members.Get(kSdkVersion, ReadString));
  BOOST_OUTCOME_TRY(batch.batch_id, members.Get(kBatchId, ReadHexId));
  BOOST_OUTCOME_TRY(batch.created_ns, members.Get(kCreatedNs, ReadCount));
  BOOST_OUTCOME_TRY(batch.spans, members.Get(kSpans, ReadRecords(ReadSpan)));
  BOOST_OUTCOME_TRY(batch.marks, members.Get(kMarks, ReadRecords(ReadMark)));
  BOOST_OUTCOME_TRY(batch.snapshots, members.Get(kSnapshots, ReadRecords(ReadSnapshot)));
  return batch;
}

}  // namespace tracedoc::cirron
