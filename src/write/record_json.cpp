// The per-record JSON writers: `kind` (and an edge's `edge_kind`) by hand, every other member
// from the record's field table, then the unknown members unless dropped.
#include "write/record_json.hpp"

#include <cstring>
#include <span>
#include <string_view>
#include <vector>

#include "format/object_codec.hpp"
#include "format/record_fields.hpp"
#include "format/value_writers.hpp"

namespace tracedoc::write {
namespace {

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

template <class Record>
void AppendTableRecord(std::string& out, std::string_view kind,
                       std::span<const format::FieldSpec<Record>> fields, const Record& record,
                       RecordStyle style) {
  OpenRecord(out, kind, style);
  format::WriteFields(out, fields, record, style.drop_unknown ? UnknownFields{} : record.unknown);
  out += '}';
}

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

void AppendRunMetaMembers(std::string& out, const TraceRunMeta& run, bool drop_unknown) {
  if (!drop_unknown) {
    format::WriteFields(out, format::RunMetaFields(), run, run.unknown);
    return;
  }
  const RunMetaWithoutUnknown stripped(run);
  format::WriteFields(out, format::RunMetaFields(), stripped.run(), UnknownFields{});
}

void AppendRecordJson(std::string& out, const MetaRecord& record, RecordStyle style) {
  OpenRecord(out, "meta", style);
  format::WriteKey(out, "schema");
  format::WriteValue(out, record.schema);
  AppendRunMetaMembers(out, record.run, style.drop_unknown);
  out += '}';
}

void AppendRecordJson(std::string& out, const SpanStartRecord& record, RecordStyle style) {
  AppendTableRecord(out, "span_start", format::SpanStartFields(), record, style);
}
void AppendRecordJson(std::string& out, const SpanEndRecord& record, RecordStyle style) {
  AppendTableRecord(out, "span_end", format::SpanEndFields(), record, style);
}
void AppendRecordJson(std::string& out, const OpRecord& record, RecordStyle style) {
  AppendTableRecord(out, "op", format::OpFields(), record, style);
}
void AppendRecordJson(std::string& out, const TensorRecord& record, RecordStyle style) {
  AppendTableRecord(out, "tensor", format::TensorFields(), record, style);
}
void AppendRecordJson(std::string& out, const TensorStatsRecord& record, RecordStyle style) {
  AppendTableRecord(out, "tensor_stats", format::TensorStatsFields(), record, style);
}
void AppendRecordJson(std::string& out, const MemoryRecord& record, RecordStyle style) {
  AppendTableRecord(out, "memory", format::MemoryFields(), record, style);
}
void AppendRecordJson(std::string& out, const DeviceMemoryRecord& record, RecordStyle style) {
  AppendTableRecord(out, "device_memory", format::DeviceMemoryFields(), record, style);
}
void AppendRecordJson(std::string& out, const DeviceIntervalRecord& record, RecordStyle style) {
  AppendTableRecord(out, "device_interval", format::DeviceIntervalFields(), record, style);
}
void AppendRecordJson(std::string& out, const GradientRecord& record, RecordStyle style) {
  AppendTableRecord(out, "gradient", format::GradientFields(), record, style);
}
void AppendRecordJson(std::string& out, const TerminalRecord& record, RecordStyle style) {
  AppendTableRecord(out, "terminal", format::TerminalFields(), record, style);
}

void AppendRecordJson(std::string& out, const EdgeRecord& record, RecordStyle style) {
  // `edge_kind` is the second tag (§1.12): written right after `kind`, before the fields.
  OpenRecord(out, "edge", style);
  format::WriteFieldKey(out, "edge_kind");
  format::WriteValue(out, record.edge_kind);
  const auto fields =
      record.edge_kind == EdgeKind::kCall ? format::CallEdgeFields() : format::DataEdgeFields();
  format::WriteFields(out, fields, record, style.drop_unknown ? UnknownFields{} : record.unknown);
  out += '}';
}

}  // namespace tracedoc::write
