// The TraceSummary's JSON ("Output shapes", TraceSummary): every key always present, in the
// reference's order; a missing peak is `null`, not omitted.
#include <ostream>
#include <string>

#include "tracedoc/summary.hpp"
#include "emit/json_emitter.hpp"

namespace tracedoc {
namespace {

void EmitSummary(emit::JsonEmitter& json, const TraceSummary& summary) {
  json.BeginObject();
  json.Key("op_count").U64(summary.op_count);
  json.Key("total_ns").U64(summary.total_ns);
  json.Key("span_count").U64(summary.span_count);
  json.Key("root_span_count").U64(summary.root_span_count);
  json.Key("max_depth").U64(summary.max_depth);
  json.Key("alloc_count").U64(summary.alloc_count);
  json.Key("free_count").U64(summary.free_count);
  if (summary.trace6) {
    json.Key("peak_bytes").U64(summary.peak_bytes);
  } else {
    json.Key("logical_peak_bytes").U64OrNull(summary.logical_peak_bytes);
  }
  json.EndObject();
}

}  // namespace

std::string WriteSummaryJson(const TraceSummary& summary, const WriteOptions& options) {
  return emit::EmitJsonString(options.pretty, EmitSummary, summary);
}

void WriteSummaryJson(const TraceSummary& summary, std::ostream& out, const WriteOptions& options) {
  emit::EmitJson(out, options.pretty, EmitSummary, summary);
}

}  // namespace tracedoc
