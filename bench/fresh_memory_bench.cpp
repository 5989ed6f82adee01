// What writing a document's worth of fresh memory costs on its own, with 4 KiB pages and with
// huge pages (issue 18). A read must write every byte of the document it builds into memory the
// process never touched; on a virtual machine the first write to each page is a fault that can
// cost more than the parse. `x_parse` is the ratio to the parse floor (parse_floor.hpp) that a
// read of that trace would reach if writing its document's memory were all it did: the ceiling
// no fold can pass without a smaller document.
#include <sys/mman.h>

#include <cstddef>
#include <cstring>

#include <benchmark/benchmark.h>

#include "bench_traces.hpp"
#include "parse_floor.hpp"

namespace tracedoc::bench {
namespace {

// Second argument: 1 to advise huge pages (what the document's lists and pools do), 0 not to.
void BM_FreshMemory_DocumentBytes(benchmark::State& state) {
  const std::size_t events = static_cast<std::size_t>(state.range(0));
  const bool huge_pages = state.range(1) != 0;
  const std::size_t bytes = TraceDocumentOf(events).memory_bytes();
  for (auto _ : state) {
    void* memory = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) {
      state.SkipWithError("mmap failed");
      break;
    }
    if (huge_pages) madvise(memory, bytes, MADV_HUGEPAGE);
    std::memset(memory, 1, bytes);
    benchmark::DoNotOptimize(memory);
    munmap(memory, bytes);
  }
  state.counters["document_MB"] = static_cast<double>(bytes) / 1e6;
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
  CountParseRatio(state, TraceText(events).size(), events);
}
BENCHMARK(BM_FreshMemory_DocumentBytes)
    ->ArgsProduct({{1'000'000}, {0, 1}})
    ->ArgNames({"events", "huge_pages"})
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace tracedoc::bench
