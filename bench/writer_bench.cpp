// Throughput of the canonical JSONL writer on the generated documents; counts output bytes.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "bench_traces.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc::bench {
namespace {

void BM_Write_Jsonl(benchmark::State& state) {
  const auto events = static_cast<std::size_t>(state.range(0));
  const TraceDocument& document = TraceDocumentOf(events);
  std::size_t bytes = 0;
  for (auto _ : state) {
    const std::string out = WriteJsonl(document);
    bytes = out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(bytes));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(events));
  state.counters["output_MB"] = static_cast<double>(bytes) / 1e6;
}
BENCHMARK(BM_Write_Jsonl)->Apply(EventSizes);

}  // namespace
}  // namespace tracedoc::bench
