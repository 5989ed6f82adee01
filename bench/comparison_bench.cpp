// Throughput of the comparisons (issue 30): DiffTraces of the generated trace against another
// generated with the next seed (every span path, op name and peak site aligned and compared),
// counted over both inputs' bytes and records; and CompareCohorts of ten runs, where the
// bootstrap and the permutations dominate.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <stdexcept>
#include <vector>

#include "bench_traces.hpp"
#include "support/cohort_runs.hpp"
#include "tracedoc/cohort.hpp"
#include "tracedoc/diff.hpp"

namespace tracedoc::bench {
namespace {

// A document of `events` records drawn with another seed than TraceDocumentOf's.
const TraceDocument& OtherDocumentOf(std::size_t events, std::uint64_t seed) {
  static std::map<std::pair<std::size_t, std::uint64_t>, TraceDocument> documents;
  const auto key = std::pair(events, seed);
  auto it = documents.find(key);
  if (it == documents.end()) {
    Result<TraceDocument> document =
        ReadTrace(TraceInput::FromString(GenerateTrace(events, seed)));
    if (!document) throw std::runtime_error(document.error().message);
    it = documents.emplace(key, std::move(document).value()).first;
  }
  return it->second;
}

void BM_DiffTraces_Events(benchmark::State& state) {
  const auto events = static_cast<std::size_t>(state.range(0));
  const TraceDocument& base = TraceDocumentOf(events);
  const TraceDocument& candidate = OtherDocumentOf(events, kBenchSeed + 1);
  for (auto _ : state) {
    TraceDiff diff = DiffTraces(base, candidate);
    benchmark::DoNotOptimize(diff);
  }
  // Both inputs are read through: count both.
  CountTrace(state, 2 * TraceText(events).size(), 2 * events);
}
BENCHMARK(BM_DiffTraces_Events)->Apply(EventSizes);

// Ten eligible runs (five a side, the cohort tests' shape) of `ops` ops each over 100 op names,
// compared with the default options: 10,000 bootstrap resamples and as many permutations for the
// measured region, 50 op names and the span paths. Counted per run's records.
const std::vector<TraceDocument>& CohortOf(std::size_t ops) {
  static std::map<std::size_t, std::vector<TraceDocument>> cohorts;
  auto it = cohorts.find(ops);
  if (it == cohorts.end()) {
    std::vector<TraceDocument> runs;
    for (int i = 0; i < 10; ++i) {
      // Long enough for its ops (at most 112 ns each, one after the other).
      testing::CohortRun run{.run_id = "run-" + std::to_string(i),
                             .measured_ns = 200 * ops + 1000 * static_cast<std::uint64_t>(i)};
      for (std::size_t k = 0; k < ops; ++k) {
        run.ops.emplace_back("op" + std::to_string(k % 100), 100 + (k * 7 + i) % 13);
      }
      Result<TraceDocument> document =
          ReadTrace(TraceInput::FromString(testing::CohortRunJsonl(run)));
      if (!document) throw std::runtime_error(document.error().message);
      runs.push_back(std::move(document).value());
    }
    it = cohorts.emplace(ops, std::move(runs)).first;
  }
  return it->second;
}

void BM_CompareCohorts_Ops(benchmark::State& state) {
  const auto ops = static_cast<std::size_t>(state.range(0));
  const std::vector<TraceDocument>& runs = CohortOf(ops);
  std::vector<const TraceDocument*> baseline;
  std::vector<const TraceDocument*> candidate;
  for (std::size_t i = 0; i < runs.size(); ++i) (i < 5 ? baseline : candidate).push_back(&runs[i]);
  for (auto _ : state) {
    Result<CohortComparison> comparison = CompareCohorts(baseline, candidate);
    if (!comparison || comparison.value().verdict == CohortVerdict::kIneligible) {
      state.SkipWithError("the runs were not compared");
      break;
    }
    benchmark::DoNotOptimize(comparison);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(runs.size() * (ops + 5)));
}
BENCHMARK(BM_CompareCohorts_Ops)->Arg(1'000)->Arg(100'000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tracedoc::bench
