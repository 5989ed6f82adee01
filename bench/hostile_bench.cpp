// Hostile shapes of issue 12 at three sizes each: the throughput (bytes/s) staying flat as the
// size grows tenfold is what "linear time" means here. Each input is one valid trace whose one
// odd line holds N of the shape: long exponents (F1), unknown keys, numbers in an unknown
// array, shape dimensions. `--benchmark_filter=Hostile` runs them.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <string>

#include "tracedoc/reader.hpp"

namespace tracedoc::bench {
namespace {

constexpr std::string_view kOpenMeta =
    R"({"kind":"meta","schema":"candle-graph/trace/10","run_id":"r","correlation_id":"c",)"
    R"("entrypoint":"e","phase":"train","timestamp":"2026-12-01T00:00:00Z","capture_step":1,)"
    R"("warmup_steps":0,"device":"cpu","measured_region_device_synchronized":false,)"
    R"("timing_mode":"host","capture_contract":{"measurement_scope":"profiled_work",)"
    R"("operations":"complete","tensors":"partial","gradients":"none","logical_memory":)"
    R"("complete","physical_memory":"partial","device_timing":"none"},"tags":{})";
constexpr std::string_view kTerminal =
    R"({"kind":"terminal","outcome":"complete","timestamp_ns":1})";

enum class Shape : int { kLongExponents, kUnknownKeys, kNumberArray, kShapeDimensions };

std::string Build(Shape shape, std::int64_t n) {
  std::string text(kOpenMeta);
  switch (shape) {
    case Shape::kLongExponents:
      text += R"(,"x":[0)";
      for (std::int64_t i = 0; i < n; ++i) text += ",1e-99999999999";
      text += "]}\n";
      break;
    case Shape::kUnknownKeys:
      for (std::int64_t i = 0; i < n; ++i) text += ",\"u" + std::to_string(i) + "\":0";
      text += "}\n";
      break;
    case Shape::kNumberArray:
      text += R"(,"x":[0)";
      for (std::int64_t i = 0; i < n; ++i) text += ",12345.5";
      text += "]}\n";
      break;
    case Shape::kShapeDimensions:
      text += "}\n";
      text += R"({"kind":"span_start","id":"s","name":"n","start_ns":0,"span_kind":"function",)"
              R"("measured":true})"
              "\n";
      text += R"({"kind":"tensor","span_id":"s","tensor_id":"t","shape":[1)";
      for (std::int64_t i = 0; i < n; ++i) text += ",1";
      text += R"(],"dtype":"f32","device":"cpu","category":"activation"})"
              "\n";
      text += R"({"kind":"span_end","id":"s","duration_ns":1})"
              "\n";
      break;
  }
  text += kTerminal;
  text += '\n';
  return text;
}

const std::string& Input(Shape shape, std::int64_t n) {
  static std::map<std::pair<int, std::int64_t>, std::string> inputs;
  auto [it, inserted] = inputs.try_emplace({static_cast<int>(shape), n});
  if (inserted) it->second = Build(shape, n);
  return it->second;
}

void BM_ReadTrace_Hostile(benchmark::State& state, Shape shape) {
  const std::string& text = Input(shape, state.range(0));
  for (auto _ : state) {
    Result<TraceDocument> document = ReadTrace(TraceInput::FromString(text));
    if (!document) state.SkipWithError(document.error().message.c_str());
    benchmark::DoNotOptimize(document);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
  state.counters["elements"] = static_cast<double>(state.range(0));
}

BENCHMARK_CAPTURE(BM_ReadTrace_Hostile, LongExponents, Shape::kLongExponents)
    ->RangeMultiplier(10)
    ->Range(1000, 100000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ReadTrace_Hostile, UnknownKeys, Shape::kUnknownKeys)
    ->RangeMultiplier(10)
    ->Range(10000, 1000000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ReadTrace_Hostile, NumberArray, Shape::kNumberArray)
    ->RangeMultiplier(10)
    ->Range(10000, 1000000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ReadTrace_Hostile, ShapeDimensions, Shape::kShapeDimensions)
    ->RangeMultiplier(10)
    ->Range(40000, 4000000)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tracedoc::bench
