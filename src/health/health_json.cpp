// The TraceHealth's JSON ("Output shapes", TraceHealth), or for a trace/6 report its own shape
// (docs/legacy-trace6.md §9.4: `trusted`, one `edges` count, no `capture_complete` or
// `device_intervals`): every key always present, in the reference's order; messages escaped as
// any other string (docs/trace-format.md §1.0).
#include <ostream>
#include <string>

#include "tracedoc/health.hpp"
#include "emit/json_emitter.hpp"
#include "health/issues_json.hpp"
#include "format/revision_rules.hpp"

namespace tracedoc {
namespace {

void EmitCoverage(emit::JsonEmitter& json, const EvidenceCoverage& coverage, bool legacy) {
  json.BeginObject();
  json.Key("spans").U64(coverage.spans);
  json.Key("closed_spans").U64(coverage.closed_spans);
  json.Key("root_spans").U64(coverage.root_spans);
  json.Key("measured_spans").U64(coverage.measured_spans);
  json.Key("operations").U64(coverage.operations);
  json.Key("tensors").U64(coverage.tensors);
  json.Key("memory_events").U64(coverage.memory_events);
  json.Key("device_memory_samples").U64(coverage.device_memory_samples);
  if (!legacy) json.Key("device_intervals").U64(coverage.device_intervals);
  json.Key("gradients").U64(coverage.gradients);
  if (legacy) {
    // Trace/6 edges have no kind: one count.
    json.Key("edges").U64(coverage.call_edges + coverage.data_edges);
  } else {
    json.Key("call_edges").U64(coverage.call_edges);
    json.Key("data_edges").U64(coverage.data_edges);
  }
  json.Key("forward_spans").U64(coverage.forward_spans);
  json.Key("backward_spans").U64(coverage.backward_spans);
  json.Key("optimizer_spans").U64(coverage.optimizer_spans);
  json.EndObject();
}

void EmitHealth(emit::JsonEmitter& json, const TraceHealth& health) {
  const bool legacy = format::RulesOf(health.revision).legacy_analyses;
  json.BeginObject();
  if (legacy) {
    json.Key("trusted").Bool(health.structurally_valid);
  } else {
    json.Key("structurally_valid").Bool(health.structurally_valid);
    json.Key("capture_complete").Bool(health.capture_complete);
  }
  json.Key("issues");
  health::EmitIssues(json, health.issues);
  json.Key("coverage");
  EmitCoverage(json, health.coverage, legacy);
  json.EndObject();
}

}  // namespace

std::string WriteHealthJson(const TraceHealth& health, const WriteOptions& options) {
  return emit::EmitJsonString(options.pretty, EmitHealth, health);
}

void WriteHealthJson(const TraceHealth& health, std::ostream& out, const WriteOptions& options) {
  emit::EmitJson(out, options.pretty, EmitHealth, health);
}

}  // namespace tracedoc
