// TraceML records as the exporter wrote them (docs/traceml-conversion.md, "Records kept whole"):
// `stream`, `schema_version`, then the stream's columns in the seed's order (hostname only when
// the export has it, `rank` where the stream has one), then the record's unknown fields. This is
// how a converted document keeps what trace/10 has no field for.
#ifndef TRACEDOC_SRC_TRACEML_CONVERT_RECORD_JSON_HPP_
#define TRACEDOC_SRC_TRACEML_CONVERT_RECORD_JSON_HPP_

#include <string>

#include "tracedoc/traceml_export.hpp"

namespace tracedoc::traceml_convert {

/// Appends one record as a JSON object. `with_events` is for step_time: false leaves out the
/// `events` map, whose entries the phase spans carry.
void AppendRecordJson(std::string& out, const TraceMLStepTime& record, bool has_hostname,
                      bool with_events);
void AppendRecordJson(std::string& out, const TraceMLStepMemory& record, bool has_hostname);
void AppendRecordJson(std::string& out, const TraceMLSystem& record, bool has_hostname);
void AppendRecordJson(std::string& out, const TraceMLSystemGpu& record, bool has_hostname);
void AppendRecordJson(std::string& out, const TraceMLProcess& record, bool has_hostname);
void AppendRecordJson(std::string& out, const TraceMLRuntimeEnvironment& record,
                      bool has_hostname);
void AppendRecordJson(std::string& out, const TraceMLOutputLine& record, bool has_hostname);

/// Appends one `events[name][device]` entry: `{"name":…,"device":…,"is_gpu":…,"duration_ms":…,
/// "cpu_ms":…,"gpu_ms":…,"n_calls":…}`.
void AppendPhaseSampleJson(std::string& out, const TraceMLPhaseSample& sample);

/// Appends the closing line: `written_records`, `dropped_batches`, its unknown fields, `line`.
void AppendClosingJson(std::string& out, const TraceMLClosingLine& closing);

}  // namespace tracedoc::traceml_convert

#endif  // TRACEDOC_SRC_TRACEML_CONVERT_RECORD_JSON_HPP_
