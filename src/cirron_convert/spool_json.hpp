// The spool's values as JSON text a trace line can hold (docs/cirron-conversion.md, "Unknown
// keys"): marks, snapshots and batches as the spool wrote them, with each bare NaN, Infinity
// and -Infinity (which JSON and so the trace reader refuse) turned into that word as a string.
#ifndef TRACEDOC_CIRRON_CONVERT_SPOOL_JSON_HPP_
#define TRACEDOC_CIRRON_CONVERT_SPOOL_JSON_HPP_

#include <string>
#include <string_view>
#include <vector>

#include "tracedoc/cirron_spool.hpp"

namespace tracedoc::cirron_convert {

/// The spool's spelling of a snapshot mode: stats, sampled, full.
std::string_view SnapshotModeName(CirronSnapshotMode mode);

/// Appends a finite `value` in the canonical double layout, else `"NaN"`, `"Infinity"` or
/// `"-Infinity"` (a string).
void AppendSpoolNumber(std::string& out, double value);

/// Appends compact JSON from the spool reader (attrs, unknown values), its bare non-finite
/// literals quoted.
void AppendPortableJson(std::string& out, std::string_view spool_json);

/// Appends `,"key":value` for each unknown key, in order.
void AppendUnknownMembers(std::string& out, const std::vector<CirronUnknownKey>& unknown);

/// Appends the unknown keys as one object, `{"key":value,...}`.
void AppendUnknownObject(std::string& out, const std::vector<CirronUnknownKey>& unknown);

/// Appends a snapshot's `stats` (or `null`).
void AppendStatsJson(std::string& out, const std::optional<CirronTensorStats>& stats);

/// Appends a mark as one object: its keys in the spool's order, then its unknown keys.
void AppendMarkJson(std::string& out, const CirronMark& mark);

/// Appends a snapshot as one object: its keys in the spool's order, then its unknown keys.
void AppendSnapshotJson(std::string& out, const CirronSnapshot& snapshot);

/// Appends a batch without its records: schema_version, sdk_version, batch_id, created_ns,
/// then its unknown keys.
void AppendBatchJson(std::string& out, const CirronBatch& batch);

}  // namespace tracedoc::cirron_convert

#endif  // TRACEDOC_CIRRON_CONVERT_SPOOL_JSON_HPP_
