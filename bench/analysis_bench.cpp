// Scaling of the summary and the memory analysis (issue 4 item 5, issue 7) over the shared
// seeded trace at 10^4, 10^5 and 10^6 records. Items are records, so the time per event is
// 1 / items_per_second and should stay flat across sizes; the timeline is output, so its
// length is reported alongside.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <string>

#include "bench_traces.hpp"
#include "tracedoc/memory.hpp"
#include "tracedoc/summary.hpp"

namespace {

using tracedoc::TraceDocument;
using tracedoc::bench::CountTrace;
using tracedoc::bench::Events;
using tracedoc::bench::EventSizes;
using tracedoc::bench::TraceDocumentOf;
using tracedoc::bench::TraceText;

void CountMemory(benchmark::State& state, const TraceDocument& document) {
  CountTrace(state, TraceText(Events(state)).size(), Events(state));
  state.counters["memory_events"] = static_cast<double>(document.memory().size());
}

void BM_Summary(benchmark::State& state) {
  const TraceDocument& document = TraceDocumentOf(Events(state));
  for (auto _ : state) {
    tracedoc::TraceSummary summary = tracedoc::Summarize(document);
    benchmark::DoNotOptimize(summary);
  }
  CountMemory(state, document);
}
BENCHMARK(BM_Summary)->Apply(EventSizes);

void BM_MemoryAnalysis(benchmark::State& state) {
  const TraceDocument& document = TraceDocumentOf(Events(state));
  std::size_t timeline_points = 0;
  for (auto _ : state) {
    tracedoc::MemoryProfile profile = tracedoc::AnalyzeMemory(document);
    timeline_points = profile.logical ? profile.logical->timeline.size() : 0;
    benchmark::DoNotOptimize(profile);
  }
  CountMemory(state, document);
  state.counters["timeline_points"] = static_cast<double>(timeline_points);
}
BENCHMARK(BM_MemoryAnalysis)->Apply(EventSizes);

// A caller that wants both (issue 7's target): one replay of the memory events serves the
// summary and the logical plane.
void BM_SummaryAndMemory(benchmark::State& state) {
  const TraceDocument& document = TraceDocumentOf(Events(state));
  for (auto _ : state) {
    tracedoc::SummaryAndMemory both = tracedoc::SummarizeWithMemory(document);
    benchmark::DoNotOptimize(both);
  }
  CountMemory(state, document);
}
BENCHMARK(BM_SummaryAndMemory)->Apply(EventSizes);

// What `tracedoc memory` adds on top of the analysis: writing the compact JSON.
void BM_MemoryJson(benchmark::State& state) {
  const TraceDocument& document = TraceDocumentOf(Events(state));
  const tracedoc::MemoryProfile profile = tracedoc::AnalyzeMemory(document);
  for (auto _ : state) {
    std::string json = tracedoc::WriteMemoryProfileJson(profile);
    benchmark::DoNotOptimize(json.data());
  }
  CountMemory(state, document);
}
BENCHMARK(BM_MemoryJson)->Apply(EventSizes);

}  // namespace
