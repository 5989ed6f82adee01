// Runs for cohort comparisons: a trace/10 capture that passes every rule of docs/compare.md
// (complete, structurally valid, production_equivalent, one closed measured span, a comparison
// identity), with its measured duration and op durations chosen by the test.
#ifndef TRACEDOC_TESTS_SUPPORT_COHORT_RUNS_HPP_
#define TRACEDOC_TESTS_SUPPORT_COHORT_RUNS_HPP_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tracedoc::testing {

struct CohortRun {
  std::string run_id;
  std::uint64_t measured_ns = 1'000'000;
  /// Ops inside the measured span, each (op_name, duration_ns), one after the other.
  std::vector<std::pair<std::string, std::uint64_t>> ops{};
  std::optional<std::string> pair_id{};
  std::string implementation_id = "impl";
  std::string entrypoint = "bench::step";
  std::string measurement_scope = "production_equivalent";
  std::string precision = "bf16";
  bool identity = true;
  /// How many spans are measured (the rules want exactly one) and whether they are closed.
  int measured_spans = 1;
  bool closed = true;
  bool failed = false;
  /// (from, to): replacements made in the text last, for the meta's other keys.
  std::vector<std::pair<std::string, std::string>> text_edits{};
};

/// The run as trace/10 JSONL.
inline std::string CohortRunJsonl(const CohortRun& run) {
  std::string identity;
  if (run.identity) {
    identity = R"(,"comparison_identity":{"implementation_id":")" + run.implementation_id +
               R"(","workload_id":"w","model_id":"m","config_id":"c","data_id":"d",)"
               R"("seed_policy":"fixed","physical_batch":32,"accumulation_steps":1,"precision":")" +
               run.precision + R"(","device_state":"warm")" +
               (run.pair_id ? R"(,"pair_id":")" + *run.pair_id + '"' : std::string()) + "}";
  }
  std::string text =
      R"({"kind":"meta","schema":"candle-graph/trace/10","run_id":")" + run.run_id +
      R"(","correlation_id":"c","entrypoint":")" + run.entrypoint +
      R"(","phase":"train","timestamp":"2026-12-06T00:00:00Z","capture_step":3,"warmup_steps":2,)"
      R"("device":"cpu","measured_region_device_synchronized":false,"timing_mode":"host",)"
      R"("capture_contract":{"measurement_scope":")" + run.measurement_scope +
      R"(","operations":"complete","tensors":"none","gradients":"none","logical_memory":"none",)"
      R"("physical_memory":"none","device_timing":"none"})" + identity + R"(,"tags":{}})" "\n";
  text += R"({"kind":"span_start","id":"root","name":"bench::step","start_ns":0,"span_kind":"function","measured":false})" "\n";
  for (int m = 0; m < run.measured_spans; ++m) {
    text += R"({"kind":"span_start","id":"measured)" + std::to_string(m) +
            R"(","parent_id":"root","name":"measured","start_ns":0,"span_kind":"function","measured":true})" "\n";
  }
  std::uint64_t at = 0;
  for (std::size_t i = 0; i < run.ops.size(); ++i) {
    const auto& [name, duration] = run.ops[i];
    text += R"({"kind":"op","span_id":"measured0","op_name":")" + name +
            R"(","inputs":[],"output":"t)" + std::to_string(i) +
            R"(","shape":[1],"dtype":"f32","device":"cpu","duration_ns":)" +
            std::to_string(duration) + R"(,"timestamp_ns":)" + std::to_string(at) +
            R"(,"output_dense_bytes":4,"input_dense_bytes":0})" "\n";
    at += duration;
  }
  if (run.closed) {
    for (int m = 0; m < run.measured_spans; ++m) {
      text += R"({"kind":"span_end","id":"measured)" + std::to_string(m) +
              R"(","duration_ns":)" + std::to_string(run.measured_ns) + "}\n";
    }
  }
  text += R"({"kind":"span_end","id":"root","duration_ns":)" + std::to_string(run.measured_ns + 10) + "}\n";
  const std::string end = std::to_string(run.measured_ns + 10);
  text += run.failed
              ? R"({"kind":"terminal","outcome":"failed","timestamp_ns":)" + end + R"(,"reason":"oom"})" "\n"
              : R"({"kind":"terminal","outcome":"complete","timestamp_ns":)" + end + "}\n";
  for (const auto& [from, to] : run.text_edits) {
    if (const std::size_t at = text.find(from); at != std::string::npos) {
      text.replace(at, from.size(), to);
    }
  }
  return text;
}

}  // namespace tracedoc::testing

#endif  // TRACEDOC_TESTS_SUPPORT_COHORT_RUNS_HPP_
