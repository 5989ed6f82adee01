// One record as one compact JSON object, through its record traits (format/record_traits: the
// kind and the table the decoder reads with), so the written key order and omissions match.
#pragma once

#include <string_view>

#include "emit/json_emitter.hpp"
#include "format/object_codec.hpp"
#include "format/record_traits.hpp"
#include "format/revision_rules.hpp"
#include "format/trace6_fields.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc::write {

struct RecordStyle {
  /// Open with `"kind":...` as a JSONL line does; a record inside the document JSON has none.
  bool with_kind = true;
  /// Leave out the unknown members, nested objects' included.
  bool drop_unknown = false;
  /// The revision whose keys are written (trace/6's: docs/legacy-trace6.md §9.2). A meta
  /// follows its own schema.
  const format::RevisionRules* rules = &format::kTrace10Rules;
};

/// Opens a record: `{"kind":"<kind>"`, or `{` when the style has no kind.
void BeginRecord(emit::JsonEmitter& json, std::string_view kind, RecordStyle style);

/// Writes the record as one object: its `kind`, the members of its field table, then its
/// unknown members unless dropped (the record's traits say which kind and which table).
template <class Record>
void EmitRecord(emit::JsonEmitter& json, const Record& record, RecordStyle style) {
  BeginRecord(json, format::RecordTraits<Record>::kKind, style);
  format::WriteFields(json, format::FieldsOf(record, *style.rules), record,
                      style.drop_unknown ? UnknownFields{} : record.unknown);
  json.EndObject();
}
/// A meta without kind is `{"schema":...,<run fields>}`.
void EmitRecord(emit::JsonEmitter& json, const MetaRecord& record, RecordStyle style);
/// An edge carries `edge_kind` right after `kind`, before its fields (§1.12).
void EmitRecord(emit::JsonEmitter& json, const EdgeRecord& record, RecordStyle style);

/// Writes the run metadata's members (§1.2 table order, or trace/6's §9.1, then its unknown
/// members) into the object open in `json`: the flattened meta line and the document's nested
/// `run` share it.
void EmitRunMetaMembers(emit::JsonEmitter& json, const TraceRunMeta& run, bool drop_unknown,
                        const format::RevisionRules& rules);

}  // namespace tracedoc::write
