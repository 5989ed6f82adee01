// One record as one compact JSON object, through the field tables of format/record_fields (the
// tables the decoder reads with), so the written key order and omissions match the read side.
#ifndef TRACEDOC_SRC_WRITE_RECORD_JSON_HPP_
#define TRACEDOC_SRC_WRITE_RECORD_JSON_HPP_

#include <string>

#include "tracedoc/event.hpp"

namespace tracedoc::write {

struct RecordStyle {
  /// Open with `"kind":...` as a JSONL line does; a record inside the document JSON has none.
  bool with_kind = true;
  /// Leave out the unknown members, nested objects' included.
  bool drop_unknown = false;
};

/// Appends the record as `{...}`. A meta without kind is `{"schema":...,<run fields>}`; an edge
/// always carries `edge_kind`.
void AppendRecordJson(std::string& out, const MetaRecord& record, RecordStyle style);
void AppendRecordJson(std::string& out, const SpanStartRecord& record, RecordStyle style);
void AppendRecordJson(std::string& out, const SpanEndRecord& record, RecordStyle style);
void AppendRecordJson(std::string& out, const OpRecord& record, RecordStyle style);
void AppendRecordJson(std::string& out, const TensorRecord& record, RecordStyle style);
void AppendRecordJson(std::string& out, const TensorStatsRecord& record, RecordStyle style);
void AppendRecordJson(std::string& out, const MemoryRecord& record, RecordStyle style);
void AppendRecordJson(std::string& out, const DeviceMemoryRecord& record, RecordStyle style);
void AppendRecordJson(std::string& out, const DeviceIntervalRecord& record, RecordStyle style);
void AppendRecordJson(std::string& out, const GradientRecord& record, RecordStyle style);
void AppendRecordJson(std::string& out, const EdgeRecord& record, RecordStyle style);
void AppendRecordJson(std::string& out, const TerminalRecord& record, RecordStyle style);

/// Appends the run metadata's members (§1.2 table order, then its unknown members) to an object
/// already opened in `out`: the flattened meta line and the document's nested `run` share it.
void AppendRunMetaMembers(std::string& out, const TraceRunMeta& run, bool drop_unknown);

}  // namespace tracedoc::write

#endif  // TRACEDOC_SRC_WRITE_RECORD_JSON_HPP_
