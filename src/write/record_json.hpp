// One record as one compact JSON object, through its record traits (format/record_traits: the
// kind and the table the decoder reads with), so the written key order and omissions match.
#ifndef TRACEDOC_SRC_WRITE_RECORD_JSON_HPP_
#define TRACEDOC_SRC_WRITE_RECORD_JSON_HPP_

#include <string>
#include <string_view>

#include "format/object_codec.hpp"
#include "format/record_traits.hpp"
#include "tracedoc/event.hpp"

namespace tracedoc::write {

struct RecordStyle {
  /// Open with `"kind":...` as a JSONL line does; a record inside the document JSON has none.
  bool with_kind = true;
  /// Leave out the unknown members, nested objects' included.
  bool drop_unknown = false;
};

/// Opens a record: `{"kind":"<kind>"`, or `{` when the style has no kind.
void OpenRecord(std::string& out, std::string_view kind, RecordStyle style);

/// Appends the record as `{...}`: its `kind`, the members of its field table, then its unknown
/// members unless dropped (the record's traits say which kind and which table).
template <class Record>
void AppendRecordJson(std::string& out, const Record& record, RecordStyle style) {
  OpenRecord(out, format::RecordTraits<Record>::kKind, style);
  format::WriteFields(out, format::RecordTraits<Record>::Fields(record), record,
                      style.drop_unknown ? UnknownFields{} : record.unknown);
  out += '}';
}
/// A meta without kind is `{"schema":...,<run fields>}`.
void AppendRecordJson(std::string& out, const MetaRecord& record, RecordStyle style);
/// An edge carries `edge_kind` right after `kind`, before its fields (§1.12).
void AppendRecordJson(std::string& out, const EdgeRecord& record, RecordStyle style);

/// Appends the run metadata's members (§1.2 table order, then its unknown members) to an object
/// already opened in `out`: the flattened meta line and the document's nested `run` share it.
void AppendRunMetaMembers(std::string& out, const TraceRunMeta& run, bool drop_unknown);

}  // namespace tracedoc::write

#endif  // TRACEDOC_SRC_WRITE_RECORD_JSON_HPP_
