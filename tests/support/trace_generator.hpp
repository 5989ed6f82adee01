// A seeded, deterministic generator of valid trace/10 JSONL, shaped like a training run: about
// 30 % memory, 25 % op, 15 % span_start, 15 % span_end, and the rest tensors, tensor_stats,
// gradients, call and data edges, device samples and intervals; spans nested about 6 deep;
// storages aliased by several tensors. The same (events, seed) always gives the same bytes.
//
// Header-only so the tests, the benchmarks and `tracedoc_gen_trace` share one generator without
// a library target of their own.
#ifndef TRACEDOC_TESTS_SUPPORT_TRACE_GENERATOR_HPP_
#define TRACEDOC_TESTS_SUPPORT_TRACE_GENERATOR_HPP_

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace tracedoc::generator {

namespace generator_detail {

class TraceGenerator {
 public:
  TraceGenerator(std::size_t events, std::uint64_t seed) : rng_(seed), target_(events) {}

  std::string Generate() {
    text_.reserve(target_ * 175 + 1024);
    Meta();
    OpenSpan();  // the root stays open until the end
    // Leave room for closing every open span and the terminal.
    while (records_ + spans_.size() + 1 < target_) {
      // An opened span costs two records (its start and end): only when both still fit.
      EmitOne(records_ + spans_.size() + 2 < target_);
    }
    while (!spans_.empty()) CloseSpan();
    Append(R"({"kind":"terminal","outcome":"complete","timestamp_ns":)");
    Number(now_ + 1);
    EndLine();
    return std::move(text_);
  }

 private:
  struct OpenSpanState {
    std::uint64_t id;
    std::uint64_t start_ns;
  };
  struct LiveStorage {
    std::uint64_t storage;
    std::uint64_t tensor;
    std::uint64_t bytes;
  };

  // Depth bounds of the span random walk; it averages about 6 levels.
  static constexpr std::size_t kMinDepth = 2;
  static constexpr std::size_t kMaxDepth = 10;
  static constexpr std::size_t kMaxLive = 2000;

  std::uint64_t Pick(std::uint64_t n) { return rng_() % n; }

  void Append(std::string_view s) { text_ += s; }
  void Number(std::uint64_t value) { text_ += std::to_string(value); }
  void EndLine() {
    text_ += "}\n";
    ++records_;
  }
  void Shape() {
    Append("[");
    Number(1 + Pick(64));
    Append(",");
    Number(1 + Pick(4096));
    Append("]");
  }

  void Meta() {
    Append(
        R"({"kind":"meta","schema":"candle-graph/trace/10","run_id":"bench-run","correlation_id":"bench/1","entrypoint":"bench::train_step","phase":"train","timestamp":"2026-01-01T00:00:00Z","capture_step":2,"warmup_steps":1,"device":"cuda:0","timing_mode":"host","capture_contract":{"measurement_scope":"profiled_work","operations":"complete","tensors":"partial","gradients":"partial","logical_memory":"complete","physical_memory":"partial","device_timing":"partial","required_semantic_labels":["forward","backward"]},"tags":{"host":"bench","seed":"42"},"candle_version":"0.9.0")");
    EndLine();
  }

  // Weighted choice of the next record, per 100: the mix of the header comment.
  void EmitOne(bool may_open) {
    const std::uint64_t roll = Pick(100);
    if (!may_open) return Memory();
    if (roll < 30) return Memory();
    if (roll < 55) return Op();
    if (roll < 70) return spans_.size() < kMaxDepth ? OpenSpan() : CloseSpan();
    if (roll < 85) return spans_.size() > kMinDepth ? CloseSpan() : OpenSpan();
    if (roll < 89) return Tensor();
    if (roll < 91) return TensorStats();
    if (roll < 93) return Gradient();
    if (roll < 95) return CallEdge();
    if (roll < 97) return DataEdge();
    if (roll < 99) return DeviceMemory();
    return DeviceInterval();
  }

  void SpanId(std::uint64_t id) {
    Append("\"span-");
    Number(id);
    Append("\"");
  }
  std::uint64_t CurrentSpan() const { return spans_.back().id; }

  void OpenSpan() {
    static constexpr std::string_view kNames[] = {"forward",    "attention", "mlp",
                                                  "layer_norm", "backward",  "optimizer.step"};
    static constexpr std::string_view kKinds[] = {"function", "module", "op"};
    const std::uint64_t id = next_span_++;
    now_ += 1 + Pick(20);
    Append(R"({"kind":"span_start","id":)");
    SpanId(id);
    if (!spans_.empty()) {
      Append(R"(,"parent_id":)");
      SpanId(CurrentSpan());
    }
    Append(R"(,"name":"model.layers.)");
    Number(Pick(48));
    Append(".");
    Append(kNames[Pick(6)]);
    Append(R"(","start_ns":)");
    Number(now_);
    Append(R"(,"span_kind":")");
    Append(kKinds[spans_.empty() ? 0 : 1 + Pick(2)]);
    Append(R"(","measured":)");
    Append(spans_.size() == 1 ? "true" : "false");
    if (spans_.size() == 1) Append(R"(,"step":"forward")");
    EndLine();
    spans_.push_back({id, now_});
  }

  void CloseSpan() {
    now_ += 1 + Pick(20);
    Append(R"({"kind":"span_end","id":)");
    SpanId(CurrentSpan());
    Append(R"(,"duration_ns":)");
    Number(now_ - spans_.back().start_ns);
    EndLine();
    spans_.pop_back();
  }

  void Op() {
    static constexpr std::string_view kOps[] = {"matmul", "add", "softmax", "gelu", "layer_norm"};
    static constexpr std::string_view kDtypes[] = {"f32", "bf16", "f16"};
    const std::uint64_t duration = 100 + Pick(10'000);
    const std::uint64_t output = next_tensor_++;
    Append(R"({"kind":"op","span_id":)");
    SpanId(CurrentSpan());
    Append(R"(,"op_name":")");
    Append(kOps[Pick(5)]);
    Append(R"(","inputs":["t)");
    Number(Pick(next_tensor_));
    Append(R"(","t)");
    Number(Pick(next_tensor_));
    Append(R"("],"output":"t)");
    Number(output);
    Append(R"(","shape":)");
    Shape();
    Append(R"(,"dtype":")");
    Append(kDtypes[Pick(3)]);
    Append(R"(","device":"cuda:0","duration_ns":)");
    Number(duration);
    Append(R"(,"timestamp_ns":)");
    Number(now_);
    Append(R"(,"input_dense_bytes":)");
    Number(Pick(1 << 24));
    EndLine();
    now_ += duration;
  }

  // Allocations, frees, and aliases: a new tensor over a storage that is already live.
  void Memory() {
    const bool free = live_.size() >= kMaxLive || (live_.size() > 64 && Pick(2) == 0);
    const bool alias = !free && !live_.empty() && Pick(5) == 0;
    LiveStorage storage{next_storage_, next_tensor_++, 4096 * (1 + Pick(4096))};
    std::size_t victim = 0;
    if (free) {
      victim = Pick(live_.size());
      storage = live_[victim];
    } else if (alias) {
      storage.storage = live_[Pick(live_.size())].storage;
    } else {
      ++next_storage_;
    }
    ++now_;
    Append(R"({"kind":"memory","timestamp_ns":)");
    Number(now_);
    Append(R"(,"storage_id":"storage-)");
    Number(storage.storage);
    Append(R"(","tensor_id":"t)");
    Number(storage.tensor);
    Append(R"(","span_id":)");
    SpanId(CurrentSpan());
    if (!free) Append(R"(,"op_name":"matmul")");
    Append(R"(,"device":"cuda:0","bytes":)");
    Number(free ? 0 : storage.bytes);
    Append(free ? R"(,"action":"free")" : R"(,"action":"alloc")");
    Append(R"(,"shape":)");
    Shape();
    Append(R"(,"dtype":"f32","category":")");
    Append(Pick(4) == 0 ? "parameter" : "activation");
    Append("\"");
    EndLine();
    if (free) {
      live_[victim] = live_.back();
      live_.pop_back();
    } else {
      live_.push_back(storage);
    }
  }

  void Tensor() {
    Append(R"({"kind":"tensor","span_id":)");
    SpanId(CurrentSpan());
    Append(R"(,"tensor_id":"t)");
    Number(Pick(next_tensor_ + 1));
    // One label in eight carries escapes, so the unescaping path is measured too.
    Append(Pick(8) == 0 ? R"(","label":"out/\"q\"\u00e9","shape":)"
                        : R"(","label":"out","shape":)");
    Shape();
    Append(R"(,"dtype":"f32","device":"cuda:0","requires_grad":true,"category":"activation")");
    EndLine();
  }

  void TensorStats() {
    const std::uint64_t rows = 1 + Pick(64);
    const std::uint64_t cols = 1 + Pick(512);
    Append(R"({"kind":"tensor_stats","span_id":)");
    SpanId(CurrentSpan());
    Append(R"(,"label":"activations","shape":[)");
    Number(rows);
    Append(",");
    Number(cols);
    Append(R"(],"dtype":"f32","elements":)");
    Number(rows * cols);
    Append(R"(,"non_finite":0,"rms":)");
    Append(std::to_string(std::uniform_real_distribution<double>(0.0, 4.0)(rng_)));
    Append(R"(,"abs_max":)");
    Append(std::to_string(std::uniform_real_distribution<double>(4.0, 64.0)(rng_)));
    Append(R"(,"mean":)");
    Append(std::to_string(std::uniform_real_distribution<double>(-1.0, 1.0)(rng_)));
    EndLine();
  }

  void Gradient() {
    Append(R"({"kind":"gradient","event_id":"grad-)");
    Number(records_);
    Append(R"(","root":"params","key":"model.layers.)");
    Number(Pick(48));
    Append(R"(.weight","state":"present","norm":)");
    Append(std::to_string(std::uniform_real_distribution<double>(0.001, 10.0)(rng_)));
    EndLine();
  }

  void CallEdge() {
    Append(R"({"kind":"edge","edge_kind":"call","from_span":)");
    SpanId(spans_[spans_.size() > 1 ? spans_.size() - 2 : 0].id);
    Append(R"(,"to_span":)");
    SpanId(CurrentSpan());
    Append(R"(,"host_duration_ns":)");
    Number(Pick(100'000));
    EndLine();
  }

  void DataEdge() {
    Append(R"({"kind":"edge","edge_kind":"data","from_tensor":"t)");
    Number(Pick(next_tensor_ + 1));
    Append(R"(","to_tensor":"t)");
    Number(Pick(next_tensor_ + 1));
    Append("\"");
    EndLine();
  }

  void DeviceMemory() {
    Append(R"({"kind":"device_memory","timestamp_ns":)");
    Number(now_);
    Append(R"(,"device":"cuda:0","used_bytes":)");
    Number(Pick(std::uint64_t{1} << 34));
    Append(R"(,"capacity_bytes":17179869184)");
    EndLine();
  }

  void DeviceInterval() {
    Append(R"({"kind":"device_interval","span_id":)");
    SpanId(CurrentSpan());
    Append(R"(,"device":"cuda:0","stream_id":"7","clock_id":"gpu","backend":"cuda","start_ns":)");
    Number(spans_.back().start_ns);
    Append(R"(,"duration_ns":)");
    Number(1 + Pick(5000));
    EndLine();
  }

  std::mt19937_64 rng_;
  std::size_t target_;
  std::string text_;
  std::size_t records_ = 0;
  std::uint64_t now_ = 0;
  std::uint64_t next_span_ = 0;
  std::uint64_t next_tensor_ = 0;
  std::uint64_t next_storage_ = 0;
  std::vector<OpenSpanState> spans_;
  std::vector<LiveStorage> live_;
};

}  // namespace generator_detail

/// A valid trace/10 JSONL text of exactly max(events, 4) records (at least the meta, the
/// root span's start and end, and the terminal), each line ending in `\n`. Deterministic in
/// (events, seed).
inline std::string GenerateTrace(std::size_t events, std::uint64_t seed) {
  return generator_detail::TraceGenerator(events, seed).Generate();
}

}  // namespace tracedoc::generator

#endif  // TRACEDOC_TESTS_SUPPORT_TRACE_GENERATOR_HPP_
