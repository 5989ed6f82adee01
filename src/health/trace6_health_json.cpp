// The trace/6 health report's JSON (docs/legacy-trace6.md §9.4): `trusted`, `issues` as trace/10
// writes them, and the coverage counts; every key always present.
#include <ostream>
#include <string>

#include "emit/json_emitter.hpp"
#include "health/issues_json.hpp"
#include "tracedoc/trace6_health.hpp"

namespace tracedoc {
namespace {

void EmitCoverage(emit::JsonEmitter& json, const Trace6EvidenceCoverage& coverage) {
  json.BeginObject();
  json.Key("spans").U64(coverage.spans);
  json.Key("closed_spans").U64(coverage.closed_spans);
  json.Key("root_spans").U64(coverage.root_spans);
  json.Key("measured_spans").U64(coverage.measured_spans);
  json.Key("operations").U64(coverage.operations);
  json.Key("tensors").U64(coverage.tensors);
  json.Key("memory_events").U64(coverage.memory_events);
  json.Key("device_memory_samples").U64(coverage.device_memory_samples);
  json.Key("gradients").U64(coverage.gradients);
  json.Key("edges").U64(coverage.edges);
  json.Key("forward_spans").U64(coverage.forward_spans);
  json.Key("backward_spans").U64(coverage.backward_spans);
  json.Key("optimizer_spans").U64(coverage.optimizer_spans);
  json.EndObject();
}

void EmitHealth(emit::JsonEmitter& json, const Trace6Health& health) {
  json.BeginObject();
  json.Key("trusted").Bool(health.trusted);
  json.Key("issues");
  health::EmitIssues(json, health.issues);
  json.Key("coverage");
  EmitCoverage(json, health.coverage);
  json.EndObject();
}

}  // namespace

std::string WriteTrace6HealthJson(const Trace6Health& health, const WriteOptions& options) {
  return emit::EmitJsonString(options.pretty, EmitHealth, health);
}

void WriteTrace6HealthJson(const Trace6Health& health, std::ostream& out,
                           const WriteOptions& options) {
  emit::EmitJson(out, options.pretty, EmitHealth, health);
}

}  // namespace tracedoc
