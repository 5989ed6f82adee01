// Ids built to collide under the unkeyed hashes tracedoc used before issue 12's F2 and F3 cost
// what ordinary ids cost now: time per id stays flat from 10^4 to 4*10^4 (items/s constant),
// where the old hashes made it grow with the count (quadratic in all).
#include <benchmark/benchmark.h>

#include <cstddef>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench_traces.hpp"
#include "hostile/colliding_ids.hpp"
#include "tracedoc/reader.hpp"
#include "tracedoc/summary.hpp"

namespace tracedoc::bench {
namespace {

constexpr std::string_view kMeta =
    R"({"kind":"meta","schema":"candle-graph/trace/10","run_id":"r","correlation_id":"c",)"
    R"("entrypoint":"e","phase":"train","timestamp":"2026-12-01T00:00:00Z","capture_step":1,)"
    R"("warmup_steps":0,"device":"cpu","timing_mode":"host","capture_contract":{)"
    R"("measurement_scope":"profiled_work","operations":"complete","logical_memory":"complete",)"
    R"("physical_memory":"none","device_timing":"none"},"tags":{}})"
    "\n";

// A span_start and span_end per id.
std::string SpanPairsTrace(const std::vector<std::string>& ids) {
  std::string text(kMeta);
  for (const std::string& id : ids) {
    text += R"({"kind":"span_start","id":")" + id +
            R"(","name":"n","start_ns":0,"span_kind":"function","measured":true})" + "\n";
    text += R"({"kind":"span_end","id":")" + id + R"(","duration_ns":1})" + "\n";
  }
  text += R"({"kind":"terminal","outcome":"complete","timestamp_ns":100})";
  text += "\n";
  return text;
}

// An alloc per storage id, then a free per storage id, all on one device.
std::string StorageTrace(const std::vector<std::string>& ids) {
  std::string text(kMeta);
  text += R"({"kind":"span_start","id":"root","name":"root","start_ns":0,"span_kind":"function",)"
          R"("measured":true})"
          "\n"
          R"({"kind":"span_end","id":"root","duration_ns":1})"
          "\n";
  std::size_t timestamp = 1;
  for (const bool alloc : {true, false}) {
    for (const std::string& id : ids) {
      text += R"({"kind":"memory","timestamp_ns":)" + std::to_string(timestamp++) +
              R"(,"storage_id":")" + id + R"(","tensor_id":"t","span_id":"root","device":"cpu",)";
      text += alloc ? R"("bytes":1,"action":"alloc","dtype":"u8","category":"activation"})"
                    : R"("bytes":1,"action":"free","dtype":"u8"})";
      text += "\n";
    }
  }
  text += R"({"kind":"terminal","outcome":"complete","timestamp_ns":1000000000})";
  text += "\n";
  return text;
}

std::vector<std::string> OrdinaryIds(std::size_t count) {
  std::vector<std::string> ids;
  ids.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::string digits = std::to_string(i);
    ids.push_back("span-" + std::string(11 - digits.size(), '0') + digits);
  }
  return ids;
}

enum class Ids { kCollidingUnderOldHashBytes, kCollidingUnderStdHash, kOrdinary, kOrdinaryStorage };

// Generated once per (ids, count): finding colliding ids takes about a second at 4*10^4.
const std::string& Trace(Ids kind, std::size_t count) {
  static std::map<std::pair<Ids, std::size_t>, std::string> texts;
  auto it = texts.find({kind, count});
  if (it != texts.end()) return it->second;
  std::string text;
  switch (kind) {
    case Ids::kCollidingUnderOldHashBytes:
      text = SpanPairsTrace(hostile::IdsCollidingUnderOldHashBytes(count));
      break;
    case Ids::kCollidingUnderStdHash:
      text = StorageTrace(hostile::IdsCollidingUnderStdHash(count));
      break;
    case Ids::kOrdinary:
      text = SpanPairsTrace(OrdinaryIds(count));
      break;
    case Ids::kOrdinaryStorage:
      text = StorageTrace(OrdinaryIds(count));
      break;
  }
  return texts.emplace(std::pair{kind, count}, std::move(text)).first->second;
}

void Validate(benchmark::State& state, Ids kind) {
  const auto count = static_cast<std::size_t>(state.range(0));
  const std::string& text = Trace(kind, count);
  for (auto _ : state) {
    const Result<void> result = ValidateTrace(TraceInput::FromString(text));
    if (!result) throw std::runtime_error(result.error().message);
  }
  CountTrace(state, text.size(), 2 * count);
}

void BM_Validate_CollidingSpanIds(benchmark::State& state) {
  Validate(state, Ids::kCollidingUnderOldHashBytes);
}
void BM_Validate_OrdinarySpanIds(benchmark::State& state) { Validate(state, Ids::kOrdinary); }

void SummarizeTrace(benchmark::State& state, Ids kind) {
  const auto count = static_cast<std::size_t>(state.range(0));
  const std::string& text = Trace(kind, count);
  const Result<TraceDocument> document = ReadTrace(TraceInput::FromString(text));
  if (!document) throw std::runtime_error(document.error().message);
  for (auto _ : state) {
    TraceSummary summary = Summarize(document.value());
    benchmark::DoNotOptimize(summary);
  }
  CountTrace(state, text.size(), 2 * count);
}

void BM_Summarize_CollidingStorageIds(benchmark::State& state) {
  SummarizeTrace(state, Ids::kCollidingUnderStdHash);
}
void BM_Summarize_OrdinaryStorageIds(benchmark::State& state) {
  SummarizeTrace(state, Ids::kOrdinaryStorage);
}

void CollidingSizes(benchmark::internal::Benchmark* b) {
  b->Arg(10'000)->Arg(20'000)->Arg(40'000)->Unit(benchmark::kMillisecond);
}

BENCHMARK(BM_Validate_CollidingSpanIds)->Apply(CollidingSizes);
BENCHMARK(BM_Validate_OrdinarySpanIds)->Apply(CollidingSizes);
BENCHMARK(BM_Summarize_CollidingStorageIds)->Apply(CollidingSizes);
BENCHMARK(BM_Summarize_OrdinaryStorageIds)->Apply(CollidingSizes);

}  // namespace
}  // namespace tracedoc::bench
