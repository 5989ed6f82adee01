// Traces as tables (issue 31 item 5) over the shared seeded trace: the row source alone (every
// row of every table to a sink that drops them), and a whole run exported into a new SQLite
// database file (schema, one transaction, every insert, then the indexes built). docs/performance.md compares
// them with BM_Summary (analysis_bench.cpp) on the same trace: the export may take at most 3x.
#include <algorithm>
#include <benchmark/benchmark.h>

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "bench_traces.hpp"
#include "tracedoc/sqlite_tables.hpp"
#include "tracedoc/tables.hpp"

namespace {

using tracedoc::bench::CountTrace;
using tracedoc::bench::Events;
using tracedoc::bench::EventSizes;
using tracedoc::bench::TraceDocumentOf;
using tracedoc::bench::TraceText;

class DroppingSink : public tracedoc::TableRowSink {
 public:
  tracedoc::Result<void> BeginTable(const tracedoc::TableDefinition&) override {
    return boost::outcome_v2::success();
  }
  tracedoc::Result<void> Row(std::span<const tracedoc::TableValue> values) override {
    cells += values.size();
    return boost::outcome_v2::success();
  }
  tracedoc::Result<void> EndTable(const tracedoc::TableDefinition&) override {
    return boost::outcome_v2::success();
  }
  std::size_t cells = 0;
};

const tracedoc::RunSource kSource{"bench.jsonl", std::nullopt, tracedoc::InputFormat::kTrace};

void BM_TableRows(benchmark::State& state) {
  const tracedoc::TraceDocument& document = TraceDocumentOf(Events(state));
  std::size_t cells = 0;
  for (auto _ : state) {
    DroppingSink sink;
    if (!tracedoc::EmitTableRows(document, kSource, sink)) state.SkipWithError("rows failed");
    cells = sink.cells;
  }
  CountTrace(state, TraceText(Events(state)).size(), Events(state));
  state.counters["cells"] = static_cast<double>(cells);
}
BENCHMARK(BM_TableRows)->Apply(EventSizes);

void BM_SqliteExport(benchmark::State& state) {
  const tracedoc::TraceDocument& document = TraceDocumentOf(Events(state));
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / "tracedoc_tables_bench.db";
  for (auto _ : state) {
    state.PauseTiming();
    std::filesystem::remove(file);
    state.ResumeTiming();
    tracedoc::Result<tracedoc::TablesDatabase> database =
        tracedoc::TablesDatabase::Open(file.string());
    if (!database || !database.value().AddRun(document, kSource) ||
        !database.value().BuildIndexes()) {
      state.SkipWithError("export failed");
      break;
    }
  }
  state.counters["db_bytes"] = static_cast<double>(std::filesystem::file_size(file));
  std::filesystem::remove(file);
  CountTrace(state, TraceText(Events(state)).size(), Events(state));
}
BENCHMARK(BM_SqliteExport)->Apply(EventSizes);

// Many tiny runs into one database (issue 31 item 7's hostile case): each a transaction and a
// look-up of its run_id, so the time per run stays flat as the database grows. Items are runs.
// One run of four records whose run_id is `r<i>`.
tracedoc::TraceDocument TinyRun(std::size_t i) {
  const std::string text =
      R"({"kind":"meta","schema":"candle-graph/trace/10","run_id":"r)" + std::to_string(i) +
      R"(","correlation_id":"c","entrypoint":"e","phase":"train","timestamp":"2026-01-01T00:00:00Z","capture_step":1,"warmup_steps":0,"device":"cpu","timing_mode":"host","capture_contract":{"measurement_scope":"unknown","operations":"none","logical_memory":"none","physical_memory":"none","device_timing":"none"},"tags":{}})"
      "\n"
      R"({"kind":"span_start","id":"s","name":"s","start_ns":0,"span_kind":"function","measured":true})"
      "\n"
      R"({"kind":"span_end","id":"s","duration_ns":1})"
      "\n"
      R"({"kind":"terminal","outcome":"complete","timestamp_ns":1})"
      "\n";
  return tracedoc::ReadTrace(tracedoc::TraceInput::FromString(text)).value();
}

void BM_SqliteTinyRuns(benchmark::State& state) {
  const auto runs = static_cast<std::size_t>(state.range(0));
  // Read a chunk of runs at a time, outside the timing, so 10^6 runs never sit in memory at once.
  constexpr std::size_t kChunk = 10'000;
  std::vector<tracedoc::TraceDocument> documents;
  for (auto _ : state) {
    tracedoc::TablesDatabase database = tracedoc::TablesDatabase::Open(":memory:").value();
    for (std::size_t first = 0; first < runs; first += kChunk) {
      state.PauseTiming();
      documents.clear();
      for (std::size_t i = first; i < std::min(runs, first + kChunk); ++i) {
        documents.push_back(TinyRun(i));
      }
      state.ResumeTiming();
      for (const tracedoc::TraceDocument& document : documents) {
        if (!database.AddRun(document, kSource)) state.SkipWithError("export failed");
      }
    }
    if (!database.BuildIndexes()) state.SkipWithError("indexes failed");
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * runs));
}
BENCHMARK(BM_SqliteTinyRuns)
    ->Arg(1'000)
    ->Arg(10'000)
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

}  // namespace
