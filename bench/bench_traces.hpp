// The traces every benchmark shares: GenerateTrace(events, 42), generated once per size and
// kept for the whole run, and the documents read from them.
#ifndef TRACEDOC_BENCH_BENCH_TRACES_HPP_
#define TRACEDOC_BENCH_BENCH_TRACES_HPP_

#include <cstddef>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>

#include <benchmark/benchmark.h>

#include "support/trace_generator.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc::bench {

using generator::GenerateTrace;

inline constexpr std::uint64_t kBenchSeed = 42;

/// The generated trace of `events` records.
inline const std::string& TraceText(std::size_t events) {
  static std::map<std::size_t, std::string> texts;
  auto it = texts.find(events);
  if (it == texts.end()) it = texts.emplace(events, GenerateTrace(events, kBenchSeed)).first;
  return it->second;
}

/// The document of TraceText(events).
inline const TraceDocument& TraceDocumentOf(std::size_t events) {
  static std::map<std::size_t, TraceDocument> documents;
  auto it = documents.find(events);
  if (it == documents.end()) {
    Result<TraceDocument> document = ReadTrace(TraceInput::FromString(TraceText(events)));
    if (!document) throw std::runtime_error(document.error().message);
    it = documents.emplace(events, std::move(document).value()).first;
  }
  return it->second;
}

/// Throughput counters for a benchmark over `bytes` of trace holding `events` records.
inline void CountTrace(benchmark::State& state, std::size_t bytes, std::size_t events) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(bytes));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(events));
}

/// The events of a benchmark run over EventSizes: its argument.
inline std::size_t Events(const benchmark::State& state) {
  return static_cast<std::size_t>(state.range(0));
}

/// The sizes of issue 7: 10^4, 10^5 and 10^6 events.
inline void EventSizes(benchmark::internal::Benchmark* b) {
  b->Arg(10'000)->Arg(100'000)->Arg(1'000'000)->Unit(benchmark::kMillisecond);
}

}  // namespace tracedoc::bench

#endif  // TRACEDOC_BENCH_BENCH_TRACES_HPP_
