// Throughput of the record writers on the generated documents: the canonical JSONL into a string
// and into a stream (the `cat` path), the document JSON, and the Chrome Trace Event export into a
// stream (the `export` path, to be compared with `cat`'s); counts output bytes.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <streambuf>
#include <string>

#include "bench_traces.hpp"
#include "tracedoc/chrome_trace.hpp"
#include "tracedoc/speedscope.hpp"
#include "tracedoc/writer.hpp"

namespace tracedoc::bench {
namespace {

// A stream that counts what it is given and keeps none of it, so the benchmark measures the
// writer and not a device.
class CountingBuffer : public std::streambuf {
 public:
  std::size_t bytes() const { return bytes_; }

 protected:
  std::streamsize xsputn(const char*, std::streamsize count) override {
    bytes_ += static_cast<std::size_t>(count);
    return count;
  }
  int_type overflow(int_type ch) override {
    if (!traits_type::eq_int_type(ch, traits_type::eof())) ++bytes_;
    return traits_type::not_eof(ch);
  }

 private:
  std::size_t bytes_ = 0;
};

void CountOutput(benchmark::State& state, std::size_t bytes, std::size_t events) {
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(bytes));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(events));
  state.counters["output_MB"] = static_cast<double>(bytes) / 1e6;
}

void BM_Write_Jsonl(benchmark::State& state) {
  const auto events = static_cast<std::size_t>(state.range(0));
  const TraceDocument& document = TraceDocumentOf(events);
  std::size_t bytes = 0;
  for (auto _ : state) {
    const std::string out = WriteJsonl(document);
    bytes = out.size();
    benchmark::DoNotOptimize(out.data());
  }
  CountOutput(state, bytes, events);
}
BENCHMARK(BM_Write_Jsonl)->Apply(EventSizes);

void BM_Write_JsonlStream(benchmark::State& state) {
  const auto events = static_cast<std::size_t>(state.range(0));
  const TraceDocument& document = TraceDocumentOf(events);
  std::size_t bytes = 0;
  for (auto _ : state) {
    CountingBuffer buffer;
    std::ostream out(&buffer);
    WriteJsonl(document, out);
    bytes = buffer.bytes();
    benchmark::DoNotOptimize(bytes);
  }
  if (bytes == 0) state.SkipWithError("the JSONL stream was empty");
  CountOutput(state, bytes, events);
}
BENCHMARK(BM_Write_JsonlStream)->Apply(EventSizes);

void BM_Write_DocumentJson(benchmark::State& state) {
  const auto events = static_cast<std::size_t>(state.range(0));
  const TraceDocument& document = TraceDocumentOf(events);
  std::size_t bytes = 0;
  for (auto _ : state) {
    const std::string out = WriteDocumentJson(document);
    bytes = out.size();
    benchmark::DoNotOptimize(out.data());
  }
  CountOutput(state, bytes, events);
}
BENCHMARK(BM_Write_DocumentJson)->Apply(EventSizes);

// A timeline export of the document of `state.range(0)` events, into a stream that counts bytes.
template <class Export>
void WriteTimeline(benchmark::State& state, const Export& export_to) {
  const auto events = static_cast<std::size_t>(state.range(0));
  const TraceDocument& document = TraceDocumentOf(events);
  std::size_t bytes = 0;
  for (auto _ : state) {
    CountingBuffer buffer;
    std::ostream out(&buffer);
    export_to(document, out);
    bytes = buffer.bytes();
    benchmark::DoNotOptimize(bytes);
  }
  if (bytes == 0) state.SkipWithError("the export was empty");
  CountOutput(state, bytes, events);
}

void BM_Write_ChromeTraceStream(benchmark::State& state) {
  WriteTimeline(state, [](const TraceDocument& document, std::ostream& out) {
    ExportChromeTrace(document, {}, out);
  });
}
BENCHMARK(BM_Write_ChromeTraceStream)->Apply(EventSizes);

// The same tracks in speedscope's format: events held per track until the end, not streamed.
void BM_Write_SpeedscopeStream(benchmark::State& state) {
  WriteTimeline(state, [](const TraceDocument& document, std::ostream& out) {
    ExportSpeedscope(document, {}, out);
  });
}
BENCHMARK(BM_Write_SpeedscopeStream)->Apply(EventSizes);

}  // namespace
}  // namespace tracedoc::bench
