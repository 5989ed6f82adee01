// Micro benchmarks for the canonical JSON emitters: doubles across every layout, and strings
// from clean ASCII to escape-heavy; throughput counts output bytes.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "emit/json_format.hpp"

namespace {

// Values shaped like trace fields: durations, ratios, tiny norms, huge byte-ish counts.
std::vector<double> MakeDoubles() {
  std::mt19937_64 rng(42);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::uniform_int_distribution<int> exponent(-9, 21);
  std::vector<double> values;
  values.reserve(4096);
  for (int i = 0; i < 4096; ++i) {
    double v = unit(rng);
    for (int e = exponent(rng); e > 0; --e) v *= 10.0;
    for (int e = exponent(rng); e < 0; ++e) v /= 10.0;
    if (i % 5 == 0) v = static_cast<double>(static_cast<std::int64_t>(v * 1000.0));  // Integral.
    values.push_back(i % 3 == 0 ? -v : v);
  }
  return values;
}

std::vector<std::string> MakeStrings() {
  std::vector<std::string> strings;
  std::mt19937 rng(7);
  for (int i = 0; i < 256; ++i) {
    std::string s;
    switch (i % 4) {
      case 0:  // Typical identifiers and labels: no escapes at all.
        s = "model.layers." + std::to_string(i) + ".self_attn.q_proj/matmul";
        break;
      case 1:  // Long clean text with non-ASCII.
        for (int j = 0; j < 8; ++j) s += "forward pass é日本😀 segment " + std::to_string(j) + " ";
        break;
      case 2:  // Sparse escapes: paths, quotes, newlines.
        s = "C:\\traces\\run_" + std::to_string(i) + "\\\"quoted\"\nsecond line\ttab";
        break;
      default:  // Dense control characters.
        for (int j = 0; j < 48; ++j) s.push_back(static_cast<char>(rng() % 0x40));
        break;
    }
    strings.push_back(std::move(s));
  }
  return strings;
}

void BM_JsonFormat_Double(benchmark::State& state) {
  const std::vector<double> values = MakeDoubles();
  std::string out;
  std::size_t bytes_per_iteration = 0;
  for (auto _ : state) {
    out.clear();
    for (double v : values) {
      tracedoc::emit::AppendJsonDouble(out, v);
      out.push_back(',');
    }
    bytes_per_iteration = out.size();
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(bytes_per_iteration));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(values.size()));
}
BENCHMARK(BM_JsonFormat_Double);

void BM_JsonFormat_String(benchmark::State& state) {
  const std::vector<std::string> strings = MakeStrings();
  std::string out;
  std::size_t bytes_per_iteration = 0;
  for (auto _ : state) {
    out.clear();
    for (const std::string& s : strings) {
      tracedoc::emit::AppendJsonString(out, s);
      out.push_back(',');
    }
    bytes_per_iteration = out.size();
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(bytes_per_iteration));
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) *
                          static_cast<std::int64_t>(strings.size()));
}
BENCHMARK(BM_JsonFormat_String);

}  // namespace
