// The TraceHealth's JSON ("Output shapes", TraceHealth): every key always present, in the
// reference's order; messages escaped as any other string (docs/trace-format.md §1.0).
#include <cstdint>
#include <string>
#include <string_view>

#include "tracedoc/health.hpp"
#include "emit/json_format.hpp"
#include "emit/pretty_json.hpp"

namespace tracedoc {
namespace {

void AppendKey(std::string& out, std::string_view key) {
  emit::AppendJsonString(out, key);
  out += ':';
}

void AppendCount(std::string& out, std::string_view key, std::uint64_t value, bool last = false) {
  AppendKey(out, key);
  emit::AppendJsonU64(out, value);
  if (!last) out += ',';
}

void AppendCoverage(std::string& out, const EvidenceCoverage& coverage) {
  out += '{';
  AppendCount(out, "spans", coverage.spans);
  AppendCount(out, "closed_spans", coverage.closed_spans);
  AppendCount(out, "root_spans", coverage.root_spans);
  AppendCount(out, "measured_spans", coverage.measured_spans);
  AppendCount(out, "operations", coverage.operations);
  AppendCount(out, "tensors", coverage.tensors);
  AppendCount(out, "memory_events", coverage.memory_events);
  AppendCount(out, "device_memory_samples", coverage.device_memory_samples);
  AppendCount(out, "device_intervals", coverage.device_intervals);
  AppendCount(out, "gradients", coverage.gradients);
  AppendCount(out, "call_edges", coverage.call_edges);
  AppendCount(out, "data_edges", coverage.data_edges);
  AppendCount(out, "forward_spans", coverage.forward_spans);
  AppendCount(out, "backward_spans", coverage.backward_spans);
  AppendCount(out, "optimizer_spans", coverage.optimizer_spans, /*last=*/true);
  out += '}';
}

}  // namespace

std::string WriteHealthJson(const TraceHealth& health, const HealthJsonOptions& options) {
  std::string out = "{";
  AppendKey(out, "structurally_valid");
  out += health.structurally_valid ? "true," : "false,";
  AppendKey(out, "capture_complete");
  out += health.capture_complete ? "true," : "false,";
  AppendKey(out, "issues");
  out += '[';
  for (std::size_t i = 0; i < health.issues.size(); ++i) {
    const HealthIssue& issue = health.issues[i];
    if (i != 0) out += ',';
    out += '{';
    AppendKey(out, "severity");
    emit::AppendJsonString(out, HealthSeverityName(issue.severity));
    out += ',';
    AppendKey(out, "code");
    emit::AppendJsonString(out, HealthCodeName(issue.code));
    out += ',';
    AppendKey(out, "message");
    emit::AppendJsonString(out, issue.message);
    out += '}';
  }
  out += "],";
  AppendKey(out, "coverage");
  AppendCoverage(out, health.coverage);
  out += '}';
  return options.pretty ? emit::PrettyJson(out) : out;
}

}  // namespace tracedoc
