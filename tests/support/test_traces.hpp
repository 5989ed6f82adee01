// Trace text used across tests: the META10 line of docs/examples.md §8.0, a trace/6 meta, the SAMPLE
// stream of §8.4, and helpers to join lines.
#ifndef TRACEDOC_TESTS_SUPPORT_TEST_TRACES_HPP_
#define TRACEDOC_TESTS_SUPPORT_TEST_TRACES_HPP_

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace tracedoc::testdata {

/// docs/examples.md §8.0, a valid trace/10 meta record.
inline constexpr std::string_view kMeta10 =
    R"({"kind":"meta","schema":"candle-graph/trace/10","run_id":"run-1","correlation_id":"demo/update-1","entrypoint":"demo::train","phase":"train","timestamp":"2026-01-01T00:00:00Z","capture_step":1,"warmup_steps":0,"device":"cpu","timing_mode":"host","capture_contract":{"measurement_scope":"unknown","operations":"none","logical_memory":"none","physical_memory":"none","device_timing":"none"},"tags":{}})";

/// META10 declaring trace/9.
inline std::string Meta9() {
  std::string meta(kMeta10);
  meta.replace(meta.find("trace/10"), 8, "trace/9");
  return meta;
}

inline constexpr std::string_view kCompleteTerminal0 =
    R"({"kind":"terminal","outcome":"complete","timestamp_ns":0})";

/// A legacy trace/6 meta record of a `train` run (docs/legacy-trace6.md §9.1).
inline constexpr std::string_view kMeta6 =
    R"({"kind":"meta","schema":"candle-graph/trace/6","run_id":"r","correlation_id":"c","entrypoint":"e","phase":"train","timestamp":"t","capture_step":1,"warmup_steps":0,"device":"cpu","timing_mode":"host","tags":{}})";

/// The reference's sample stream (docs/examples.md §8.4), one record per line.
inline constexpr std::string_view kSample =
    R"({"kind":"meta","schema":"candle-graph/trace/10","run_id":"run-1","correlation_id":"demo/update-1","entrypoint":"demo::train::loss","phase":"train","timestamp":"2026-08-04T18:00:00Z","capture_step":1,"warmup_steps":0,"device":"cpu","measured_region_device_synchronized":false,"timing_mode":"host","capture_contract":{"measurement_scope":"unknown","operations":"none","tensors":"none","gradients":"none","logical_memory":"none","physical_memory":"none","device_timing":"none","required_semantic_labels":[]},"tags":{},"candle_version":"0.8.0"}
{"kind":"span_start","id":"span-root","name":"demo::train::loss","start_ns":0,"span_kind":"function","measured":true}
{"kind":"span_start","id":"span-op","parent_id":"span-root","name":"matmul","start_ns":10,"span_kind":"op","measured":false}
{"kind":"op","span_id":"span-op","op_name":"matmul","inputs":["t0","t1"],"output":"t2","shape":[32,32],"dtype":"f32","device":"cpu","duration_ns":1200,"timestamp_ns":10,"input_dense_bytes":0}
{"kind":"memory","timestamp_ns":1200,"storage_id":"storage-t2","tensor_id":"t2","span_id":"span-op","op_name":"matmul","device":"cpu","bytes":4096,"action":"alloc","shape":[32,32],"dtype":"f32","category":"activation"}
{"kind":"edge","edge_kind":"call","from_span":"span-root","to_span":"span-op","host_duration_ns":1200}
{"kind":"gradient","event_id":"grad-1","root":"vb","key":"encoder.weight","state":"present","norm":0.42}
{"kind":"span_end","id":"span-op","duration_ns":1200}
{"kind":"span_end","id":"span-root","duration_ns":2500}
{"kind":"terminal","outcome":"complete","timestamp_ns":2500}
)";

/// A `complete` terminal record at `timestamp_ns`.
inline std::string CompleteTerminalAt(std::uint64_t timestamp_ns) {
  return R"({"kind":"terminal","outcome":"complete","timestamp_ns":)" +
         std::to_string(timestamp_ns) + "}";
}

/// `meta`, the given lines and a complete terminal at `terminal_ns`, each with its `\n`.
inline std::string TraceOfLines(const std::vector<std::string>& lines,
                                std::uint64_t terminal_ns = 0, std::string_view meta = kMeta10) {
  std::string text(meta);
  text += '\n';
  for (const std::string& line : lines) text += line + '\n';
  return text + CompleteTerminalAt(terminal_ns) + '\n';
}

/// The lines joined with `\n`, and a final `\n`.
inline std::string Lines(std::initializer_list<std::string_view> lines) {
  std::string out;
  for (std::string_view line : lines) {
    out += line;
    out += '\n';
  }
  return out;
}

/// The lines of `text` without their `\n` (no empty last line for a final `\n`).
inline std::vector<std::string> SplitLines(std::string_view text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

/// Each of `lines` followed by `\n`.
inline std::string JoinLines(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + '\n';
  return text;
}

/// A trace/10 `span_start` line; `parent` empty for a root.
inline std::string SpanStartLine(std::string_view id, std::string_view name, std::uint64_t start_ns,
                                 std::string_view parent = {}) {
  std::string line = R"({"kind":"span_start","id":")" + std::string(id) + '"';
  if (!parent.empty()) line += R"(,"parent_id":")" + std::string(parent) + '"';
  return line + R"(,"name":")" + std::string(name) + R"(","start_ns":)" +
         std::to_string(start_ns) + R"(,"span_kind":"function","measured":false})";
}

/// A trace/10 `span_end` line.
inline std::string SpanEndLine(std::string_view id, std::uint64_t duration_ns) {
  return R"({"kind":"span_end","id":")" + std::string(id) + R"(","duration_ns":)" +
         std::to_string(duration_ns) + "}";
}

/// A trace/10 `op` line of shape [2], f32, with no inputs.
inline std::string OpLine(std::string_view span, std::string_view name, std::uint64_t at_ns,
                          std::uint64_t duration_ns, std::string_view device = "cpu") {
  return R"({"kind":"op","span_id":")" + std::string(span) + R"(","op_name":")" +
         std::string(name) + R"(","inputs":[],"shape":[2],"dtype":"f32","device":")" +
         std::string(device) + R"(","duration_ns":)" + std::to_string(duration_ns) +
         R"(,"timestamp_ns":)" + std::to_string(at_ns) + R"(,"input_dense_bytes":0})";
}

/// A trace/10 `device_interval` line of span `span`, clock `gpu`, backend `cuda`.
inline std::string DeviceIntervalLine(std::string_view span, std::string_view device,
                                      std::string_view stream, std::uint64_t start_ns,
                                      std::uint64_t duration_ns) {
  return R"({"kind":"device_interval","span_id":")" + std::string(span) + R"(","device":")" +
         std::string(device) + R"(","stream_id":")" + std::string(stream) +
         R"(","clock_id":"gpu","backend":"cuda","start_ns":)" + std::to_string(start_ns) +
         R"(,"duration_ns":)" + std::to_string(duration_ns) + "}";
}

/// A trace/10 `memory` line of tensor `tensor` in span `s`, f32 activation.
inline std::string MemoryLine(std::uint64_t at_ns, std::string_view storage,
                              std::string_view device, std::uint64_t bytes,
                              std::string_view action, std::string_view tensor = "t") {
  return R"({"kind":"memory","timestamp_ns":)" + std::to_string(at_ns) + R"(,"storage_id":")" +
         std::string(storage) + R"(","tensor_id":")" + std::string(tensor) +
         R"(","span_id":"s","device":")" +
         std::string(device) + R"(","bytes":)" + std::to_string(bytes) + R"(,"action":")" +
         std::string(action) + R"(","dtype":"f32","category":"activation"})";
}

/// A trace/6 `memory` line (no storage id: tensors are keyed by id), f32.
inline std::string Trace6MemoryLine(std::uint64_t at_ns, std::string_view tensor,
                                    std::string_view device, std::uint64_t bytes,
                                    std::string_view action, std::string_view span = "s",
                                    std::string_view category = "activation") {
  return R"({"kind":"memory","timestamp_ns":)" + std::to_string(at_ns) + R"(,"tensor_id":")" +
         std::string(tensor) + R"(","span_id":")" + std::string(span) + R"(","device":")" +
         std::string(device) + R"(","bytes":)" + std::to_string(bytes) + R"(,"action":")" +
         std::string(action) + R"(","dtype":"f32","category":")" + std::string(category) +
         R"("})";
}

/// A `terminal` line of a complete run at `at_ns`.
inline std::string CompleteTerminalLine(std::uint64_t at_ns) {
  return R"({"kind":"terminal","outcome":"complete","timestamp_ns":)" + std::to_string(at_ns) +
         "}";
}

}  // namespace tracedoc::testdata

#endif  // TRACEDOC_TESTS_SUPPORT_TEST_TRACES_HPP_
