// The field rules of each record type of a batch (docs/cirron-spool.md, "Records"): one reader
// per type, each in its own file, returning the typed record or the first rule it breaks.
#ifndef TRACEDOC_CIRRON_RECORD_READERS_HPP_
#define TRACEDOC_CIRRON_RECORD_READERS_HPP_

#include "cirron/field_values.hpp"
#include "tracedoc/cirron_spool.hpp"

namespace tracedoc::cirron {

/// `spans[i]`: ids, times (end_ns >= start_ns: cirron_end_before_start), nullable measures.
Checked<CirronSpan> ReadSpan(const JsonValue& value, const JsonPath& path);
/// `marks[i]`: span_id a hex id or "root", value agreeing with value_type, kind.
Checked<CirronMark> ReadMark(const JsonValue& value, const JsonPath& path);
/// `snapshots[i]`: mode and blob_uri agreeing, the stats and their histogram.
Checked<CirronSnapshot> ReadSnapshot(const JsonValue& value, const JsonPath& path);
/// The batch object: schema_version first (cirron_unsupported_schema), then every field and
/// record. `file_name` is not checked here.
Checked<CirronBatch> ReadBatchObject(const JsonValue& value);

}  // namespace tracedoc::cirron

#endif  // TRACEDOC_CIRRON_RECORD_READERS_HPP_
