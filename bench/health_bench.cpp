// Throughput of AnalyzeHealth on seeded training-step traces of 10^4 to 10^6 events (spans, ops,
// tensors, paired memory, samples, intervals, gradients, call and data edges), next to the cost
// of reading the same trace, so the checks can be seen to stay a small fraction of the read.

#include <cstddef>
#include <cstdint>
#include <map>
#include <random>
#include <stdexcept>
#include <string>

#include <benchmark/benchmark.h>

#include "tracedoc/health.hpp"
#include "tracedoc/reader.hpp"

namespace {

class HealthTraceGenerator {
 public:
  HealthTraceGenerator(std::uint64_t seed, std::int64_t events) : rng_(seed), target_(events) {}

  std::string Generate() {
    text_.reserve(static_cast<std::size_t>(target_) * 160);
    Line(
        R"({"kind":"meta","schema":"candle-graph/trace/10","run_id":"bench","correlation_id":"bench/1","entrypoint":"bench::train","phase":"train","timestamp":"2026-01-01T00:00:00Z","capture_step":2,"warmup_steps":1,"device":"cuda:0","timing_mode":"host","capture_contract":{"measurement_scope":"profiled_work","operations":"complete","tensors":"complete","gradients":"partial","logical_memory":"complete","physical_memory":"partial","device_timing":"partial","required_semantic_labels":["bench::train"]},"tags":{}})");
    Line(
        R"({"kind":"span_start","id":"root","name":"bench::train","start_ns":0,"span_kind":"function","measured":true})");
    static constexpr const char* kSteps[] = {"forward", "backward", "optimizer"};
    for (std::uint64_t module = 0; records_ + 2 < target_; ++module) {
      const std::string id = "m" + std::to_string(module);
      const std::uint64_t start = now_;
      Line(R"({"kind":"span_start","id":")" + id + R"(","parent_id":"root","name":"layer.)" +
           std::to_string(module % 48) + R"(","start_ns":)" + std::to_string(start) +
           R"(,"span_kind":"module","step":")" + kSteps[module % 3] + "\"}");
      const int ops = 2 + static_cast<int>(rng_() % 6);
      for (int i = 0; i < ops; ++i) EmitOp(id);
      Line(R"({"kind":"device_interval","span_id":")" + id +
           R"(","device":"cuda:0","stream_id":"7","clock_id":"gpu","backend":"cuda","start_ns":)" +
           std::to_string(start) + R"(,"duration_ns":)" + std::to_string(now_ - start + 1) + "}");
      Line(R"({"kind":"device_memory","timestamp_ns":)" + std::to_string(now_) +
           R"(,"device":"cuda:0","used_bytes":)" + std::to_string(rng_() % 100000) + "}");
      Line(R"({"kind":"gradient","event_id":"g)" + std::to_string(module) +
           R"(","root":"vb","key":"layer)" + std::to_string(module) +
           R"(.weight","state":"present","norm":0.5})");
      const std::uint64_t duration = ++now_ - start;
      Line(R"({"kind":"span_end","id":")" + id + R"(","duration_ns":)" + std::to_string(duration) +
           "}");
      Line(R"({"kind":"edge","edge_kind":"call","from_span":"root","to_span":")" + id +
           R"(","host_duration_ns":)" + std::to_string(duration) + "}");
    }
    Line(R"({"kind":"span_end","id":"root","duration_ns":)" + std::to_string(now_) + "}");
    Line(R"({"kind":"terminal","outcome":"complete","timestamp_ns":)" + std::to_string(now_) + "}");
    return std::move(text_);
  }

 private:
  void Line(const std::string& line) {
    text_ += line;
    text_ += '\n';
    ++records_;
  }

  // An op with its output tensor, the output's allocation and free, and a data edge from the
  // previous output: five records.
  void EmitOp(const std::string& span) {
    const std::string input = "t" + std::to_string(tensor_);
    const std::string output = "t" + std::to_string(++tensor_);
    const std::string storage = "s" + std::to_string(tensor_);
    const std::uint64_t start = now_;
    const std::uint64_t duration = 1 + rng_() % 20;
    now_ += duration;
    Line(R"({"kind":"op","span_id":")" + span + R"(","op_name":"matmul","inputs":[")" + input +
         R"("],"output":")" + output +
         R"(","shape":[32,32],"dtype":"f32","device":"cuda:0","duration_ns":)" +
         std::to_string(duration) + R"(,"timestamp_ns":)" + std::to_string(start) +
         R"(,"input_dense_bytes":4096})");
    Line(R"({"kind":"tensor","span_id":")" + span + R"(","tensor_id":")" + output +
         R"(","shape":[32,32],"dtype":"f32","device":"cuda:0"})");
    const std::string memory = R"({"kind":"memory","timestamp_ns":)";
    const std::string tail = R"(","tensor_id":")" + output + R"(","span_id":")" + span +
                             R"(","device":"cuda:0","bytes":4096,"action":")";
    Line(memory + std::to_string(start) + R"(,"storage_id":")" + storage + tail +
         R"(alloc","dtype":"f32"})");
    Line(memory + std::to_string(now_) + R"(,"storage_id":")" + storage + tail +
         R"(free","dtype":"f32"})");
    Line(R"({"kind":"edge","edge_kind":"data","from_tensor":")" + input + R"(","to_tensor":")" +
         output + "\"}");
  }

  std::mt19937_64 rng_;
  std::int64_t target_;
  std::int64_t records_ = 0;
  std::uint64_t tensor_ = 0;
  std::uint64_t now_ = 1;
  std::string text_;
};

// One trace text per size, generated once and shared by both benchmarks.
const std::string& TraceText(std::int64_t events) {
  static std::map<std::int64_t, std::string> texts;
  auto it = texts.find(events);
  if (it == texts.end()) {
    it = texts.emplace(events, HealthTraceGenerator(42, events).Generate()).first;
  }
  return it->second;
}

tracedoc::TraceDocument Fold(const std::string& text) {
  tracedoc::Result<tracedoc::TraceDocument> document =
      tracedoc::ReadTrace(tracedoc::TraceInput::FromString(text));
  if (!document) throw std::runtime_error(document.error().message);
  return std::move(document).value();
}

void BM_Health_Events(benchmark::State& state) {
  const tracedoc::TraceDocument document = Fold(TraceText(state.range(0)));
  for (auto _ : state) {
    tracedoc::TraceHealth health = tracedoc::AnalyzeHealth(document);
    benchmark::DoNotOptimize(health);
    if (!health.structurally_valid) state.SkipWithError("the generated trace should be valid");
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_Health_Events)
    ->RangeMultiplier(10)
    ->Range(10'000, 1'000'000)
    ->Unit(benchmark::kMillisecond);

// The read (decode and fold) of the same traces, for comparison.
void BM_Health_ReadForComparison(benchmark::State& state) {
  const std::string& text = TraceText(state.range(0));
  for (auto _ : state) {
    tracedoc::TraceDocument document = Fold(text);
    benchmark::DoNotOptimize(document);
  }
  state.SetItemsProcessed(state.iterations() * state.range(0));
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
}
BENCHMARK(BM_Health_ReadForComparison)
    ->RangeMultiplier(10)
    ->Range(10'000, 1'000'000)
    ->Unit(benchmark::kMillisecond);

}  // namespace
