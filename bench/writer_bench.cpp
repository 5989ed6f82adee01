// Throughput of the canonical JSONL writer on a ~100k-record document shaped like a training
// step: nested spans, ops, memory alloc/free, tensors, gradients and edges. Counts output bytes.
#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "tracedoc/reader.hpp"
#include "tracedoc/writer.hpp"

namespace {

constexpr std::size_t kTargetRecords = 100'000;

// Concatenates strings, string literals and views by appending (one buffer, no temporaries).
template <class... Parts>
std::string Cat(const Parts&... parts) {
  std::string out;
  ((out += parts), ...);
  return out;
}

class TraceGenerator {
 public:
  explicit TraceGenerator(std::uint64_t seed) : rng_(seed) {}

  std::string Generate() {
    text_.reserve(kTargetRecords * 200);
    Line(
        R"({"kind":"meta","schema":"candle-graph/trace/10","run_id":"bench","correlation_id":"bench/1","entrypoint":"bench::train","phase":"train","timestamp":"2026-01-01T00:00:00Z","capture_step":1,"warmup_steps":0,"device":"cuda:0","timing_mode":"host","capture_contract":{"measurement_scope":"profiled_work","operations":"complete","tensors":"complete","gradients":"partial","logical_memory":"complete","physical_memory":"partial","device_timing":"none","required_semantic_labels":["forward","backward"]},"tags":{"host":"bench","seed":"42"},"candle_version":"0.9.0"})");
    const std::string root = OpenSpan("", "train_step", "function");
    for (int step = 0; records_ < kTargetRecords; ++step) {
      const std::string module = OpenSpan(root, Cat("layer.", Num(step % 48)), "module");
      const int ops = 4 + static_cast<int>(Pick(12));
      for (int i = 0; i < ops; ++i) EmitOp(module);
      CloseSpan(module);
    }
    CloseSpan(root);
    Line(Cat(R"({"kind":"terminal","outcome":"complete","timestamp_ns":)", Num(now_ + 1), "}"));
    return std::move(text_);
  }

 private:
  static std::string Num(std::uint64_t value) { return std::to_string(value); }

  std::uint64_t Pick(std::uint64_t n) {
    return std::uniform_int_distribution<std::uint64_t>(0, n - 1)(rng_);
  }

  void Line(const std::string& line) {
    text_ += line;
    text_ += '\n';
    ++records_;
  }

  std::string OpenSpan(const std::string& parent, const std::string& name, const char* kind) {
    const std::string id = Cat("span-", Num(next_span_++));
    const std::string parent_member =
        parent.empty() ? std::string() : Cat(R"(,"parent_id":")", parent, "\"");
    Line(Cat(R"({"kind":"span_start","id":")", id, "\"", parent_member, R"(,"name":")", name,
             R"(","start_ns":)", Num(now_), R"(,"span_kind":")", kind, R"(","measured":)",
             parent.empty() ? "true" : "false", "}"));
    starts_.push_back(now_);
    return id;
  }

  void CloseSpan(const std::string& id) {
    now_ += 1 + Pick(50);
    Line(Cat(R"({"kind":"span_end","id":")", id, R"(","duration_ns":)", Num(now_ - starts_.back()),
             "}"));
    starts_.pop_back();
  }

  void EmitOp(const std::string& parent) {
    static constexpr const char* kOps[] = {"matmul", "add", "softmax", "layer_norm", "gelu"};
    static constexpr const char* kDtypes[] = {"f32", "bf16", "f16"};
    const char* op = kOps[Pick(5)];
    const char* dtype = kDtypes[Pick(3)];
    const std::string span = OpenSpan(parent, op, "op");
    const std::string shape = Cat("[", Num(1 + Pick(64)), ",", Num(1 + Pick(4096)), "]");
    const std::string tensor_number = Num(next_tensor_++);
    const std::string tensor = Cat("t", tensor_number);
    const std::uint64_t duration = 100 + Pick(100'000);
    Line(Cat(R"({"kind":"op","span_id":")", span, R"(","op_name":")", op, R"(","inputs":["t)",
             Num(Pick(next_tensor_)), R"(","t)", Num(Pick(next_tensor_)), R"("],"output":")",
             tensor, R"(","shape":)", shape, R"(,"dtype":")", dtype,
             R"(","device":"cuda:0","duration_ns":)", Num(duration), R"(,"timestamp_ns":)",
             Num(now_), R"(,"input_dense_bytes":)", Num(Pick(1 << 24)), "}"));
    Line(Cat(R"({"kind":"tensor","span_id":")", span, R"(","tensor_id":")", tensor,
             R"(","label":"out/)", op, R"(","shape":)", shape, R"(,"dtype":")", dtype,
             R"(","device":"cuda:0","requires_grad":true,"category":"activation"})"));
    Line(Cat(R"({"kind":"memory","timestamp_ns":)", Num(now_), R"(,"storage_id":"storage-)",
             tensor_number, R"(","tensor_id":")", tensor, R"(","span_id":")", span,
             R"(","op_name":")", op, R"(","device":"cuda:0","bytes":)", Num(Pick(1 << 26)),
             R"(,"action":"alloc","shape":)", shape, R"(,"dtype":")", dtype,
             R"(","category":"activation"})"));
    live_.push_back(tensor_number);
    if (live_.size() > 8 && Pick(2) == 0) {
      const std::size_t victim = Pick(live_.size());
      Line(Cat(R"({"kind":"memory","timestamp_ns":)", Num(now_), R"(,"storage_id":"storage-)",
               live_[victim], R"(","tensor_id":"t)", live_[victim], R"(","span_id":")", span,
               R"(","device":"cuda:0","bytes":0,"action":"free","dtype":"f32"})"));
      live_[victim] = live_.back();
      live_.pop_back();
    }
    if (Pick(4) == 0) {
      Line(Cat(R"({"kind":"gradient","event_id":"grad-)", tensor,
               R"(","root":"params","key":"layer.)", Num(Pick(48)),
               R"(.weight","state":"present","norm":)",
               std::to_string(std::uniform_real_distribution<double>(0.001, 10.0)(rng_)), "}"));
    }
    if (Pick(3) == 0) {
      Line(Cat(R"({"kind":"edge","edge_kind":"call","from_span":")", parent, R"(","to_span":")",
               span, R"(","host_duration_ns":)", Num(duration), "}"));
    } else {
      Line(Cat(R"({"kind":"edge","edge_kind":"data","from_tensor":"t)", Num(Pick(next_tensor_)),
               R"(","to_tensor":")", tensor, "\"}"));
    }
    now_ += duration;
    CloseSpan(span);
  }

  std::mt19937_64 rng_;
  std::string text_;
  std::size_t records_ = 0;
  std::uint64_t now_ = 0;
  std::uint64_t next_span_ = 0;
  std::uint64_t next_tensor_ = 1;
  std::vector<std::uint64_t> starts_;
  std::vector<std::string> live_;  // tensor numbers whose storage is allocated
};

void BM_Write_Jsonl(benchmark::State& state) {
  const std::string text = TraceGenerator(42).Generate();
  const auto document = tracedoc::ReadTrace(tracedoc::TraceInput::FromString(text));
  if (!document) {
    state.SkipWithError(document.error().message.c_str());
    return;
  }
  std::size_t bytes = 0;
  for (auto _ : state) {
    const std::string out = tracedoc::WriteJsonl(document.value());
    bytes = out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
  state.counters["records"] = static_cast<double>(tracedoc::ToEvents(document.value()).size());
  state.counters["output_MB"] = static_cast<double>(bytes) / 1e6;
}
BENCHMARK(BM_Write_Jsonl)->Unit(benchmark::kMillisecond);

}  // namespace
