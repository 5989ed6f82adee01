// The TraceSummary's JSON ("Output shapes", TraceSummary): every key always present, in the
// reference's order; a missing peak is `null`, not omitted.
#include <string>
#include <string_view>

#include "tracedoc/summary.hpp"
#include "emit/json_format.hpp"
#include "emit/pretty_json.hpp"

namespace tracedoc {
namespace {

void AppendMember(std::string& out, std::string_view key, std::uint64_t value) {
  emit::AppendJsonString(out, key);
  out += ':';
  emit::AppendJsonU64(out, value);
  out += ',';
}

}  // namespace

std::string WriteSummaryJson(const TraceSummary& summary, const SummaryJsonOptions& options) {
  std::string out = "{";
  AppendMember(out, "op_count", summary.op_count);
  AppendMember(out, "total_ns", summary.total_ns);
  AppendMember(out, "span_count", summary.span_count);
  AppendMember(out, "root_span_count", summary.root_span_count);
  AppendMember(out, "max_depth", summary.max_depth);
  AppendMember(out, "alloc_count", summary.alloc_count);
  AppendMember(out, "free_count", summary.free_count);
  out += "\"logical_peak_bytes\":";
  if (summary.logical_peak_bytes) {
    emit::AppendJsonU64(out, *summary.logical_peak_bytes);
  } else {
    out += "null";
  }
  out += '}';
  return options.pretty ? emit::PrettyJson(out) : out;
}

}  // namespace tracedoc
