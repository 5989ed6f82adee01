// Throughput of the NDJSON tables export (issue 31 item 5: at least half as fast as `tracedoc
// cat`): WriteNdjsonTables of the generated document into files under the temporary directory,
// against cat's canonical JSONL written to a file the same way (OutputFile); both counted over
// the input's bytes and records so their MB/s compare with each other and with BM_TableRows
// (tables_bench.cpp: the row source alone, the floor under every table writer).
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>

#include "bench_traces.hpp"
#include "hostile/scratch_dir.hpp"
#include "tracedoc/ndjson_tables.hpp"
#include "tracedoc/output_file.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc::bench {
namespace {

void BM_Export_NdjsonTables(benchmark::State& state) {
  const auto events = static_cast<std::size_t>(state.range(0));
  const TraceDocument& document = TraceDocumentOf(events);
  const hostile::ScratchDir scratch;
  const std::filesystem::path dir = scratch.path() / "ndjson_tables";
  if (!PrepareNdjsonTables(dir)) state.SkipWithError("cannot prepare the directory");
  const RunSource source{.file_name = "bench.jsonl", .file_sha256 = {}, .format = {}};
  std::uint64_t output = 0;
  for (auto _ : state) {
    Result<NdjsonTablesWritten> written = WriteNdjsonTables(dir, document, source);
    if (!written) {
      state.SkipWithError(written.error().message.c_str());
      break;
    }
    output = written.value().bytes;
  }
  CountTrace(state, TraceText(events).size(), events);
  state.counters["output_MB"] = static_cast<double>(output) / 1e6;
}
BENCHMARK(BM_Export_NdjsonTables)->Apply(EventSizes);

// `tracedoc cat FILE -o OUT`'s write: the canonical JSONL through OutputFile.
void BM_Write_JsonlFile(benchmark::State& state) {
  const auto events = static_cast<std::size_t>(state.range(0));
  const TraceDocument& document = TraceDocumentOf(events);
  const hostile::ScratchDir scratch;
  for (auto _ : state) {
    Result<OutputFile> out = OutputFile::Open(scratch.path() / "out.jsonl");
    if (!out) {
      state.SkipWithError(out.error().message.c_str());
      break;
    }
    WriteJsonl(document, out.value().stream());
    if (!std::move(out.value()).Commit()) {
      state.SkipWithError("the write failed");
      break;
    }
  }
  CountTrace(state, TraceText(events).size(), events);
}
BENCHMARK(BM_Write_JsonlFile)->Apply(EventSizes);

}  // namespace
}  // namespace tracedoc::bench
