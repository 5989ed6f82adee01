// One valid line of every record kind with every optional field present (so that every field
// can be mutated), and whole traces built from them that fold under trace/10 and trace/9.
#ifndef TRACEDOC_TESTS_SCHEMA_RECORD_LINES_HPP_
#define TRACEDOC_TESTS_SCHEMA_RECORD_LINES_HPP_

#include <string>
#include <string_view>
#include <vector>

#include "line_schema.hpp"

namespace tracedoc::schema_test {

/// A record kind's full line.
struct KindLine {
  std::string_view kind;
  std::string line;
};

/// The full meta line of `revision`: comparison identity, gradient contract and every
/// capture-contract list included.
inline std::string FullMeta(Revision revision) {
  return std::string(R"({"kind":"meta","schema":")") + std::string(RevisionSchemaString(revision)) +
         R"(","run_id":"run-1","correlation_id":"demo/update-1","entrypoint":"demo::train","phase":"train","timestamp":"2026-01-01T00:00:00Z","capture_step":1,"warmup_steps":0,"device":"cuda:0","measured_region_device_synchronized":true,"timing_mode":"device_synchronized","capture_contract":{"measurement_scope":"profiled_work","operations":"complete","tensors":"partial","gradients":"complete","gradient_contract":{"manifest_sha256":"ab12","expected":[{"root":"vb","key":"encoder.weight","family":"encoder"}],"families":[{"family":"encoder","expectation":"active","min_present":1}]},"logical_memory":"complete","physical_memory":"partial","device_timing":"complete","required_semantic_labels":["seam/hidden"],"gpu_expected_semantic_labels":["seam/hidden"],"cpu_only_semantic_labels":["seam/loss"]},"comparison_identity":{"implementation_id":"impl-a","workload_id":"w","model_id":"m","config_id":"c","data_id":"d","seed_policy":"fixed","physical_batch":32,"accumulation_steps":1,"precision":"f32","device_state":"warm","pair_id":"p-1"},"tags":{"host":"ci"},"candle_version":"0.8.0"})";
}

inline constexpr std::string_view kFullSpanStart =
    R"({"kind":"span_start","id":"span-op","parent_id":"span-root","name":"matmul","start_ns":10,"span_kind":"op","measured":true,"step":"forward"})";
inline constexpr std::string_view kFullSpanEnd =
    R"({"kind":"span_end","id":"span-op","duration_ns":1200})";
inline constexpr std::string_view kFullOp =
    R"({"kind":"op","span_id":"span-op","op_name":"matmul","inputs":["t0","t1"],"output":"t2","shape":[32,32],"dtype":"f32","device":"cuda:0","duration_ns":1200,"timestamp_ns":10,"output_dense_bytes":4096,"input_dense_bytes":8192})";
inline constexpr std::string_view kFullTensor =
    R"({"kind":"tensor","span_id":"span-op","tensor_id":"t2","label":"hidden","shape":[32,32],"dtype":"f32","device":"cuda:0","requires_grad":true,"dense_bytes":4096,"category":"activation"})";
inline constexpr std::string_view kFullTensorStats =
    R"({"kind":"tensor_stats","span_id":"span-op","label":"seam/hidden","shape":[32,32],"dtype":"f32","elements":1024,"non_finite":0,"rms":0.75,"abs_max":3.5,"mean":-0.125})";
inline constexpr std::string_view kFullMemory =
    R"({"kind":"memory","timestamp_ns":1200,"storage_id":"storage-t2","tensor_id":"t2","span_id":"span-op","op_name":"matmul","device":"cuda:0","bytes":4096,"action":"alloc","shape":[32,32],"dtype":"f32","category":"activation"})";
inline constexpr std::string_view kFullDeviceMemory =
    R"({"kind":"device_memory","timestamp_ns":1300,"device":"cuda:0","used_bytes":4096,"free_bytes":1044480,"reserved_bytes":8192,"capacity_bytes":1048576})";
inline constexpr std::string_view kFullDeviceInterval =
    R"({"kind":"device_interval","span_id":"span-op","device":"cuda:0","stream_id":"stream-0","clock_id":"clock-0","backend":"cuda","start_ns":20,"duration_ns":900})";
inline constexpr std::string_view kFullGradient =
    R"({"kind":"gradient","event_id":"grad-1","root":"vb","key":"encoder.weight","state":"present","norm":0.42})";
inline constexpr std::string_view kFullCallEdge =
    R"({"kind":"edge","edge_kind":"call","from_span":"span-root","to_span":"span-op","host_duration_ns":1200})";
inline constexpr std::string_view kFullDataEdge =
    R"({"kind":"edge","edge_kind":"data","from_tensor":"t0","to_tensor":"t2"})";
inline constexpr std::string_view kFullTerminal =
    R"({"kind":"terminal","outcome":"failed","timestamp_ns":5000,"reason":"out of memory"})";

/// Every kind's full line under `revision` (trace/9 has no tensor_stats); edges twice, once per
/// edge_kind.
inline std::vector<KindLine> FullLines(Revision revision) {
  std::vector<KindLine> lines = {
      {"meta", FullMeta(revision)},
      {"span_start", std::string(kFullSpanStart)},
      {"span_end", std::string(kFullSpanEnd)},
      {"op", std::string(kFullOp)},
      {"tensor", std::string(kFullTensor)},
      {"tensor_stats", std::string(kFullTensorStats)},
      {"memory", std::string(kFullMemory)},
      {"device_memory", std::string(kFullDeviceMemory)},
      {"device_interval", std::string(kFullDeviceInterval)},
      {"gradient", std::string(kFullGradient)},
      {"edge", std::string(kFullCallEdge)},
      {"edge", std::string(kFullDataEdge)},
      {"terminal", std::string(kFullTerminal)},
  };
  if (revision == Revision::kTrace9)
    std::erase_if(lines, [](const KindLine& l) { return l.kind == "tensor_stats"; });
  return lines;
}

/// A trace that folds under `revision`: the full lines, plus the minimal forms (required keys
/// only) of the kinds whose optional fields the full lines always carry.
inline std::string FullTrace(Revision revision) {
  std::string trace = FullMeta(revision) + '\n';
  trace +=
      R"({"kind":"span_start","id":"span-root","name":"demo::train","start_ns":0,"span_kind":"function"})";
  trace += '\n';
  for (const KindLine& line : FullLines(revision)) {
    if (line.kind == "meta" || line.kind == "terminal") continue;
    trace += line.line;
    trace += '\n';
  }
  trace +=
      R"({"kind":"op","span_id":"span-root","op_name":"add","shape":[],"dtype":"f32","device":"cpu","duration_ns":5,"input_dense_bytes":0})";
  trace += '\n';
  trace +=
      R"({"kind":"tensor","span_id":"span-root","tensor_id":"t3","shape":[2],"dtype":"bf16","device":"cpu"})";
  trace += '\n';
  trace +=
      R"({"kind":"memory","timestamp_ns":2400,"storage_id":"storage-t2","tensor_id":"t2","span_id":"span-root","device":"cuda:0","bytes":4096,"action":"free","dtype":"f32"})";
  trace += '\n';
  trace += R"({"kind":"device_memory","timestamp_ns":2500,"device":"cuda:0"})";
  trace += '\n';
  trace +=
      R"({"kind":"gradient","event_id":"grad-2","root":"vb","key":"decoder.bias","state":"missing","norm":null})";
  trace += '\n';
  trace += R"({"kind":"span_end","id":"span-root"})";
  trace += '\n';
  trace += kFullTerminal;
  trace += '\n';
  return trace;
}

}  // namespace tracedoc::schema_test

#endif  // TRACEDOC_TESTS_SCHEMA_RECORD_LINES_HPP_
