// Throughput of AnalyzeHealth on the generated documents (the read is BM_ReadTrace_Events), so
// the checks can be seen to stay a small fraction of the read.
#include <benchmark/benchmark.h>

#include <cstddef>

#include "bench_traces.hpp"
#include "tracedoc/health.hpp"

namespace tracedoc::bench {
namespace {

void BM_Health_Events(benchmark::State& state) {
  const auto events = static_cast<std::size_t>(state.range(0));
  const TraceDocument& document = TraceDocumentOf(events);
  for (auto _ : state) {
    TraceHealth health = AnalyzeHealth(document);
    benchmark::DoNotOptimize(health);
  }
  CountTrace(state, TraceText(events).size(), events);
}
BENCHMARK(BM_Health_Events)->Apply(EventSizes);

}  // namespace
}  // namespace tracedoc::bench
