// The TraceSummary's JSON ("Output shapes", TraceSummary): every key always present, in the
// reference's order; a missing peak is `null`, not omitted.
#include <boost/describe/class.hpp>

#include <ostream>
#include <string>

#include "tracedoc/summary.hpp"
#include "emit/described_json.hpp"

namespace tracedoc {

// The members every revision writes, in their JSON's order (emit/described_json.hpp); the peak
// that ends the object is the revision's own.
BOOST_DESCRIBE_STRUCT(TraceSummary, (),
                      (op_count, total_ns, span_count, root_span_count, max_depth, alloc_count,
                       free_count))

namespace {

void EmitSummary(emit::JsonEmitter& json, const TraceSummary& summary) {
  json.BeginObject();
  emit::EmitDescribedMembers(json, summary);
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
