// Scaling of Summarize and AnalyzeMemory with the number of memory events (10^4, 10^5, 10^6)
// on a seeded document shaped like a training run: a few devices, ~2,000 live storages, about
// 3.5 events per distinct timestamp, aliases and stray frees. Items are memory events, so the
// time per event is 1 / items_per_second and should stay flat across sizes.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tracedoc/document_builder.hpp"
#include "tracedoc/memory.hpp"
#include "tracedoc/summary.hpp"

namespace {

using tracedoc::DocumentBuilder;
using tracedoc::Event;
using tracedoc::MemoryRecord;
using tracedoc::TraceDocument;

constexpr std::size_t kTargetLive = 2000;
constexpr std::uint64_t kShape[] = {64, 128};

class DocumentGenerator {
 public:
  explicit DocumentGenerator(std::uint64_t seed) : rng_(seed) {}

  TraceDocument Generate(std::size_t memory_events) {
    tracedoc::MetaRecord meta;
    meta.schema = tracedoc::kSchema;
    meta.run.run_id = "bench";
    meta.run.device = "cuda:0";
    Add(meta);
    // A 4-ary span tree (one span per 100 events) and one op per 10 events, so the summary's
    // depth walk and counts have work proportional to the document.
    const std::size_t span_count = memory_events / 100 + 1;
    for (std::size_t i = 0; i < span_count; ++i) {
      tracedoc::SpanStartRecord start;
      start.id = span_names_.emplace_back("span-" + std::to_string(i));
      if (i > 0) start.parent_id = span_ids_[(i - 1) / 4];
      start.name = "layer";
      start.measured = i % 3 == 0;
      Add(start);
      span_ids_.push_back(start.id);
    }
    for (std::size_t i = 0; i < span_count; ++i) {
      Add(tracedoc::SpanEndRecord{span_ids_[i], 1000, {}});
    }
    for (std::size_t i = 0; i < memory_events / 10; ++i) {
      tracedoc::OpRecord op;
      op.span_id = span_ids_[Pick(span_ids_.size())];
      op.op_name = kOpNames[Pick(4)];
      op.shape = {kShape, 2};
      op.dtype = "f32";
      op.device = "cuda:0";
      Add(op);
    }
    for (std::size_t i = 0; i < memory_events; ++i) AddMemoryEvent();
    Add(tracedoc::TerminalRecord{tracedoc::RunOutcome::kComplete, now_, std::nullopt, {}});
    tracedoc::Result<TraceDocument> document = std::move(builder_).Finish();
    if (!document) throw std::runtime_error(document.error().message);
    return std::move(document).value();
  }

 private:
  static constexpr const char* kDevices[] = {"cpu", "cuda:0", "cuda:1", "cuda:2"};
  static constexpr const char* kOpNames[] = {"matmul", "add", "softmax", "layer_norm"};

  struct LiveStorage {
    std::size_t device = 0;
    std::string storage_id;
    std::string tensor_id;
  };

  std::uint64_t Pick(std::uint64_t n) {
    return std::uniform_int_distribution<std::uint64_t>(0, n - 1)(rng_);
  }

  // Records refer to strings the builder copies on Add; keep them alive until then. A deque
  // never moves its elements, so the views stay valid as strings are added.
  std::string_view Keep(std::string s) { return strings_.emplace_back(std::move(s)); }

  void Add(const Event& event) {
    const tracedoc::RecordPosition position{index_ + 1, index_};
    ++index_;
    if (!builder_.Add(event, position)) throw std::runtime_error("generated record rejected");
  }

  void AddMemoryEvent() {
    // About 289 distinct timestamps per 1,000 events, as in the reference's large trace.
    if (Pick(1000) < 289) now_ += 1 + Pick(50);
    MemoryRecord m;
    m.timestamp_ns = now_;
    m.span_id = span_ids_[Pick(span_ids_.size())];
    m.dtype = "f32";
    m.shape = {kShape, 2};
    m.category = static_cast<tracedoc::MemoryCategory>(Pick(tracedoc::kMemoryCategoryCount));
    if (Pick(4) == 0) m.op_name = kOpNames[Pick(4)];
    const std::uint64_t roll = Pick(100);
    // Allocation wins more often while fewer than kTargetLive storages are live.
    const bool allocate = live_.empty() || (roll >= 6 && Pick(2 * kTargetLive) >= live_.size());
    if (allocate) {
      const std::size_t device = Pick(4);
      m.action = tracedoc::MemoryAction::kAlloc;
      m.device = kDevices[device];
      live_.push_back(
          {device, "storage-" + std::to_string(next_id_), "tensor-" + std::to_string(next_id_)});
      ++next_id_;
      m.storage_id = Keep(live_.back().storage_id);
      m.tensor_id = Keep(live_.back().tensor_id);
      m.bytes = 256 * (1 + Pick(1 << 14));
    } else if (roll == 0) {
      // A free of nothing live: ignored by the analysis, counted by the summary.
      m.action = tracedoc::MemoryAction::kFree;
      m.device = kDevices[Pick(4)];
      m.storage_id = "never-allocated";
      m.tensor_id = "stray";
    } else if (roll < 6) {
      // An alias of a live storage.
      const LiveStorage& s = live_[Pick(live_.size())];
      m.action = tracedoc::MemoryAction::kAlloc;
      m.device = kDevices[s.device];
      m.storage_id = Keep(s.storage_id);
      m.tensor_id = Keep("view-" + std::to_string(next_id_++));
      m.bytes = 4096;
    } else {
      const std::size_t k = Pick(live_.size());
      m.action = tracedoc::MemoryAction::kFree;
      m.device = kDevices[live_[k].device];
      m.storage_id = Keep(live_[k].storage_id);
      // Usually the allocating tensor frees its storage; sometimes a view does.
      m.tensor_id = Pick(10) == 0 ? std::string_view("view") : Keep(live_[k].tensor_id);
      live_[k] = live_.back();
      live_.pop_back();
    }
    Add(m);
    // Strings are copied by Add; drop them so the generator stays small.
    strings_.clear();
  }

  std::mt19937_64 rng_;
  DocumentBuilder builder_;
  std::uint64_t index_ = 0;
  std::uint64_t now_ = 1;
  std::uint64_t next_id_ = 0;
  std::deque<std::string> strings_;
  std::deque<std::string> span_names_;
  std::vector<std::string_view> span_ids_;
  std::vector<LiveStorage> live_;
};

const TraceDocument& DocumentOf(std::size_t memory_events) {
  static std::map<std::size_t, std::unique_ptr<TraceDocument>> documents;
  std::unique_ptr<TraceDocument>& slot = documents[memory_events];
  if (!slot) slot = std::make_unique<TraceDocument>(DocumentGenerator(42).Generate(memory_events));
  return *slot;
}

void BM_Summary_Events(benchmark::State& state) {
  const TraceDocument& doc = DocumentOf(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) {
    tracedoc::TraceSummary summary = tracedoc::Summarize(doc);
    benchmark::DoNotOptimize(summary);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(doc.memory().size()));
}
BENCHMARK(BM_Summary_Events)
    ->Arg(10'000)
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->Unit(benchmark::kMillisecond);

void BM_Memory_Events(benchmark::State& state) {
  const TraceDocument& doc = DocumentOf(static_cast<std::size_t>(state.range(0)));
  std::size_t timeline_points = 0;
  for (auto _ : state) {
    tracedoc::MemoryProfile profile = tracedoc::AnalyzeMemory(doc);
    timeline_points = profile.logical ? profile.logical->timeline.size() : 0;
    benchmark::DoNotOptimize(profile);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(doc.memory().size()));
  state.counters["timeline_points"] = static_cast<double>(timeline_points);
}
BENCHMARK(BM_Memory_Events)
    ->Arg(10'000)
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->Unit(benchmark::kMillisecond);

// What `tracedoc memory` adds on top of the analysis: writing the compact JSON.
void BM_MemoryJson_Events(benchmark::State& state) {
  const TraceDocument& doc = DocumentOf(static_cast<std::size_t>(state.range(0)));
  const tracedoc::MemoryProfile profile = tracedoc::AnalyzeMemory(doc);
  std::size_t bytes = 0;
  for (auto _ : state) {
    std::string json = tracedoc::WriteMemoryProfileJson(profile);
    bytes = json.size();
    benchmark::DoNotOptimize(json.data());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(doc.memory().size()));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(bytes));
}
BENCHMARK(BM_MemoryJson_Events)
    ->Arg(10'000)
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->Unit(benchmark::kMillisecond);

}  // namespace
