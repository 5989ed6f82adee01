// The per-record JSON writers that do not fit the common shape (record_json.hpp): the meta and
// its run metadata, and the edge with its second tag.
#include "write/record_json.hpp"

#include <cstring>
#include <span>
#include <string_view>
#include <vector>

#include "format/object_codec.hpp"
#include "format/record_traits.hpp"
#include "format/value_writers.hpp"

namespace tracedoc::write {
namespace {

// The nested objects' writers always emit their unknown members, so dropping them means writing
// a copy without. The meta is one record per document, so the copy is cheap.
class RunMetaWithoutUnknown {
 public:
  explicit RunMetaWithoutUnknown(const TraceRunMeta& run) : run_(run) {
    run_.unknown = {};
    CaptureContract& contract = run_.capture_contract;
    contract.unknown = {};
    if (contract.gradient_contract.has_value()) {
      GradientContract& gradients = *contract.gradient_contract;
      gradients.unknown = {};
      expected_.assign(gradients.expected.begin(), gradients.expected.end());
      for (ExpectedGradient& entry : expected_) entry.unknown = {};
      families_.assign(gradients.families.begin(), gradients.families.end());
      for (GradientFamilyContract& family : families_) family.unknown = {};
      gradients.expected = ArrayView<ExpectedGradient>(expected_.data(), expected_.size());
      gradients.families = ArrayView<GradientFamilyContract>(families_.data(), families_.size());
    }
    if (run_.comparison_identity.has_value()) run_.comparison_identity->unknown = {};
  }
  RunMetaWithoutUnknown(const RunMetaWithoutUnknown&) = delete;
  RunMetaWithoutUnknown& operator=(const RunMetaWithoutUnknown&) = delete;

  const TraceRunMeta& run() const { return run_; }

 private:
  TraceRunMeta run_;
  std::vector<ExpectedGradient> expected_;
  std::vector<GradientFamilyContract> families_;
};

}  // namespace

// `kind` values are fixed ASCII identifiers: nothing to escape.
void OpenRecord(std::string& out, std::string_view kind, RecordStyle style) {
  if (!style.with_kind) {
    out += '{';
    return;
  }
  constexpr std::string_view kOpen = "{\"kind\":\"";
  char buffer[32];  // the longest kind, `device_interval`, fits with room to spare
  std::memcpy(buffer, kOpen.data(), kOpen.size());
  std::memcpy(buffer + kOpen.size(), kind.data(), kind.size());
  buffer[kOpen.size() + kind.size()] = '"';
  out.append(buffer, kOpen.size() + kind.size() + 1);
}

void AppendRunMetaMembers(std::string& out, const TraceRunMeta& run, bool drop_unknown) {
  if (!drop_unknown) {
    format::WriteFields(out, format::RunMetaFields(), run, run.unknown);
    return;
  }
  const RunMetaWithoutUnknown stripped(run);
  format::WriteFields(out, format::RunMetaFields(), stripped.run(), UnknownFields{});
}

void AppendRecordJson(std::string& out, const MetaRecord& record, RecordStyle style) {
  OpenRecord(out, format::RecordTraits<MetaRecord>::kKind, style);
  format::WriteKey(out, "schema");
  format::WriteValue(out, record.schema);
  AppendRunMetaMembers(out, record.run, style.drop_unknown);
  out += '}';
}

void AppendRecordJson(std::string& out, const EdgeRecord& record, RecordStyle style) {
  // `edge_kind` is the second tag (§1.12): written right after `kind`, before the fields.
  OpenRecord(out, format::RecordTraits<EdgeRecord>::kKind, style);
  format::WriteFieldKey(out, "edge_kind");
  format::WriteValue(out, record.edge_kind);
  format::WriteFields(out, format::RecordTraits<EdgeRecord>::Fields(record), record,
                      style.drop_unknown ? UnknownFields{} : record.unknown);
  out += '}';
}

}  // namespace tracedoc::write
