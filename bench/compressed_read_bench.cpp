// Reading compressed traces (src/read/decompression.hpp): ReadTrace over the gzip and the zstd
// bytes of the generated trace, beside the plain read of BM_ReadTrace_Events. Throughput counts
// the decompressed text (what the read folds), so the figures compare directly; `ratio` is the
// text's size over the compressed size.
#include <benchmark/benchmark.h>

#include <string>

#include "bench_traces.hpp"
#include "support/compressed.hpp"
#include "tracedoc/reader.hpp"

namespace tracedoc::bench {
namespace {

// Second argument: 0 gzip (level 6, gzip's default), 1 zstd (level 3, zstd's default).
void BM_ReadTrace_Compressed(benchmark::State& state) {
  const std::string& text = TraceText(Events(state));
  const std::string compressed =
      state.range(1) == 0 ? testdata::Gzipped(text) : testdata::Zstded(text);
  for (auto _ : state) {
    Result<TraceDocument> document = ReadTrace(TraceInput::FromString(compressed));
    if (!document) state.SkipWithError(document.error().message.c_str());
    benchmark::DoNotOptimize(document);
  }
  CountTrace(state, text.size(), Events(state));
  state.counters["ratio"] = static_cast<double>(text.size()) / static_cast<double>(compressed.size());
}
BENCHMARK(BM_ReadTrace_Compressed)
    ->ArgsProduct({{100'000, 1'000'000}, {0, 1}})
    ->ArgNames({"events", "zstd"})
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tracedoc::bench
