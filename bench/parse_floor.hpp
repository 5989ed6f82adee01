// The floor every read figure is set against (issue 18): Boost.JSON's basic_parser with a
// handler that does nothing, line by line over the same bytes, measured in the same process.
// Read benchmarks report `x_parse`, their throughput as a multiple of this floor, so the ratios
// of one run print with the run (bench/README.md).
#ifndef TRACEDOC_BENCH_PARSE_FLOOR_HPP_
#define TRACEDOC_BENCH_PARSE_FLOOR_HPP_

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include <benchmark/benchmark.h>
#include <boost/json/basic_parser_impl.hpp>

#include "bench_traces.hpp"
#include "read/line_reader.hpp"

namespace tracedoc::bench {

/// Calls `visit` with each line of `text`, the way the reader splits them.
template <class Visit>
void ForEachLine(std::string_view text, Visit&& visit) {
  read::BufferLineReader lines(text, std::size_t{256} << 20);
  read::Line line;
  while (lines.Next(line).value()) visit(line);
}

/// Accepts everything: what parsing costs before anything is built.
struct NullHandler {
  static constexpr std::size_t max_object_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_array_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_key_size = static_cast<std::size_t>(-1);
  static constexpr std::size_t max_string_size = static_cast<std::size_t>(-1);
  using ec = boost::system::error_code;
  using sv = boost::json::string_view;
  bool on_document_begin(ec&) { return true; }
  bool on_document_end(ec&) { return true; }
  bool on_object_begin(ec&) { return true; }
  bool on_object_end(std::size_t, ec&) { return true; }
  bool on_array_begin(ec&) { return true; }
  bool on_array_end(std::size_t, ec&) { return true; }
  bool on_key_part(sv, std::size_t, ec&) { return true; }
  bool on_key(sv, std::size_t, ec&) { return true; }
  bool on_string_part(sv, std::size_t, ec&) { return true; }
  bool on_string(sv, std::size_t, ec&) { return true; }
  bool on_number_part(sv, ec&) { return true; }
  bool on_int64(std::int64_t, sv, ec&) { return true; }
  bool on_uint64(std::uint64_t, sv, ec&) { return true; }
  bool on_double(double, sv, ec&) { return true; }
  bool on_bool(bool, ec&) { return true; }
  bool on_null(ec&) { return true; }
  bool on_comment_part(sv, ec&) { return true; }
  bool on_comment(sv, ec&) { return true; }
};

/// Parses every line of `text` with the null handler; false if one fails.
inline bool NullParse(std::string_view text) {
  boost::json::basic_parser<NullHandler> parser{boost::json::parse_options{}};
  bool ok = true;
  ForEachLine(text, [&](const read::Line& line) {
    parser.reset();
    boost::system::error_code error;
    parser.write_some(false, line.text.data(), line.text.size(), error);
    ok = ok && !error;
  });
  return ok;
}

/// The null-handler parse of TraceText(events) in bytes per second: the best of three passes,
/// taken once per size when a benchmark first asks.
inline double ParseFloorBytesPerSecond(std::size_t events) {
  static std::map<std::size_t, double> floors;
  auto it = floors.find(events);
  if (it != floors.end()) return it->second;
  const std::string& text = TraceText(events);
  double best_seconds = 0;
  for (int pass = 0; pass < 3; ++pass) {
    const auto start = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(NullParse(text));
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    best_seconds = pass == 0 ? took.count() : std::min(best_seconds, took.count());
  }
  return floors.emplace(events, static_cast<double>(text.size()) / best_seconds).first->second;
}

/// Adds `x_parse`: the benchmark's input throughput over ParseFloorBytesPerSecond(events), in
/// the benchmark's own time (real time where it uses real time).
inline void CountParseRatio(benchmark::State& state, std::size_t bytes, std::size_t events) {
  const double processed = static_cast<double>(state.iterations()) * static_cast<double>(bytes);
  state.counters["x_parse"] =
      benchmark::Counter(processed / ParseFloorBytesPerSecond(events), benchmark::Counter::kIsRate);
}

}  // namespace tracedoc::bench

#endif  // TRACEDOC_BENCH_PARSE_FLOOR_HPP_
