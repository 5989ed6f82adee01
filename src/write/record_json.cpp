// The per-record JSON writers that do not fit the common shape (record_json.hpp): the meta and
// its run metadata, and the edge with its second tag.
#include "write/record_json.hpp"

#include "tracedoc/document.hpp"

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
void BeginRecord(emit::JsonEmitter& json, std::string_view kind, RecordStyle style) {
  if (style.with_kind) {
    json.BeginObjectWith("kind", kind);
  } else {
    json.BeginObject();
  }
}

void EmitRunMetaMembers(emit::JsonEmitter& json, const TraceRunMeta& run, bool drop_unknown,
                        const format::RevisionRules& rules) {
  const auto fields = rules.legacy_fields ? format::RunMeta6Fields() : format::RunMetaFields();
  if (!drop_unknown) {
    format::WriteFields(json, fields, run, run.unknown);
    return;
  }
  const RunMetaWithoutUnknown stripped(run);
  format::WriteFields(json, fields, stripped.run(), UnknownFields{});
}

void EmitRecord(emit::JsonEmitter& json, const MetaRecord& record, RecordStyle style) {
  BeginRecord(json, format::RecordTraits<MetaRecord>::kKind, style);
  json.Key("schema").String(record.schema);
  EmitRunMetaMembers(json, record.run, style.drop_unknown, format::MetaRules(record.schema));
  json.EndObject();
}

void EmitRecord(emit::JsonEmitter& json, const EdgeRecord& record, RecordStyle style) {
  // `edge_kind` is the second tag (§1.12): written right after `kind`, before the fields.
  // trace/6's edge is untagged (§9.2).
  BeginRecord(json, format::RecordTraits<EdgeRecord>::kKind, style);
  if (!style.rules->legacy_fields) format::WriteField(json, "edge_kind", record.edge_kind);
  format::WriteFields(json, format::FieldsOf(record, *style.rules), record,
                      style.drop_unknown ? UnknownFields{} : record.unknown);
  json.EndObject();
}

}  // namespace tracedoc::write
