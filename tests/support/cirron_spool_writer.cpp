// The seeded spool writer (docs/cirron-spool.md is the format it follows).
#include "support/cirron_spool_writer.hpp"

#include "tracedoc/open.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <system_error>

#include <unistd.h>
#include <limits>
#include <random>
#include <variant>

namespace tracedoc::testing_support {
namespace {

using Record = std::variant<CirronSpan, CirronMark, CirronSnapshot>;

// Records in the order the SDK seals them: a span when it closes, a mark or snapshot when made.
struct Sealed {
  std::uint64_t at_ns = 0;
  Record record;
};

class RunGenerator {
 public:
  explicit RunGenerator(const CirronSpoolPlan& plan) : plan_(plan), random_(plan.seed) {}

  std::vector<Sealed> Run() {
    const std::string session = Open("cirron.session", std::nullopt, std::nullopt);
    Mark("root", "seed", std::int64_t{static_cast<std::int64_t>(plan_.seed)}, "{}");
    int loss_count = 0;
    for (int e = 0; e < plan_.epochs; ++e) {
      const std::string epoch = Open("epoch", session, static_cast<std::uint64_t>(e));
      for (int s = 0; s < plan_.steps_per_epoch; ++s) {
        const std::string step = Open("step", epoch, static_cast<std::uint64_t>(s));
        for (const char* phase : {"data_load", "forward", "backward", "optimizer_step"}) {
          Open(phase, step, std::nullopt);
          Close();
        }
        const bool diverged = plan_.nan_losses && ++loss_count % 3 == 0;
        const double loss =
            diverged ? std::numeric_limits<double>::quiet_NaN()
                     : 2.5 / (1.0 + static_cast<double>(loss_count)) + Uniform() / 1000.0;
        Mark(step, "loss", loss, "{\"step\":" + std::to_string(s) + "}");
        Close();
      }
      Mark(epoch, "tokens", std::int64_t{4096} * (e + 1), "{}");
      Snapshot(epoch, e, "layer1.0.conv1.weight");
      Snapshot(epoch, e, "layer1.0.conv1.weight.grad");
      Close();
    }
    Mark(session, "converged", plan_.nan_losses ? false : true, "{\"kind_of\":\"final\"}");
    Mark(session, "phase", std::string("train"), "{}", CirronMarkKind::kSummary);
    Close();
    return std::move(sealed_);
  }

 private:
  struct OpenSpan {
    CirronSpan span;
  };

  std::string NewId() {
    char text[33];
    std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(random_()),
                  static_cast<unsigned long long>(random_()));
    return text;
  }
  double Uniform() { return std::uniform_real_distribution<double>(0.0, 1.0)(random_); }
  std::uint64_t Tick() { return clock_ += 1000 + random_() % 50000; }

  std::string Open(const char* name, std::optional<std::string> parent,
                   std::optional<std::uint64_t> index) {
    CirronSpan span;
    span.id = NewId();
    span.name = name;
    span.parent_id = std::move(parent);
    span.index = index;
    span.start_ns = Tick();
    span.thread_id = 140000000 + plan_.seed % 1000;
    span.pid = 12345;
    span.rank = 0;
    span.attrs_json = span.name == "step" ? "{\"batch_size\":32}" : "{}";
    const bool on_gpu = span.name == "forward" || span.name == "backward";
    if (on_gpu) span.gpu_ns = 200000 + random_() % 100000;
    if (plan_.unknown_keys && span.name == "forward") {
      span.unknown.push_back({"cuda_stream", "7"});
    }
    open_.push_back(OpenSpan{std::move(span)});
    return open_.back().span.id;
  }

  void Close() {
    CirronSpan span = std::move(open_.back().span);
    open_.pop_back();
    span.end_ns = Tick();
    sealed_.push_back(Sealed{span.end_ns, std::move(span)});
  }

  void Mark(const std::string& span_id, const char* name, CirronMarkValue value, std::string attrs,
            CirronMarkKind kind = CirronMarkKind::kPoint) {
    CirronMark mark;
    mark.id = NewId();
    mark.span_id = span_id;
    mark.name = name;
    mark.value = std::move(value);
    mark.attrs_json = std::move(attrs);
    mark.ts_ns = Tick();
    mark.kind = kind;
    if (plan_.unknown_keys && mark.name == "loss") {
      mark.unknown.push_back({"unit", "\"nats\""});
      if (plan_.nan_losses && !wrote_nan_unknown_) {
        mark.unknown.push_back({"ema", "NaN"});
        wrote_nan_unknown_ = true;
      }
    }
    for (OpenSpan& open : open_) {
      if (open.span.id == span_id) open.span.mark_ids.push_back(mark.id);
    }
    sealed_.push_back(Sealed{mark.ts_ns, std::move(mark)});
  }

  void Snapshot(const std::string& epoch_id, int epoch, const char* tensor) {
    CirronSnapshot snapshot;
    snapshot.id = NewId();
    snapshot.span_id = epoch_id;
    snapshot.tensor_name = tensor;
    snapshot.shape = {64, 3, 7, 7};
    snapshot.dtype = "float32";
    // Sampled epochs (here the even ones) write one blob per (span, kind).
    const bool sampled = plan_.sampled_snapshots && epoch % 2 == 0;
    snapshot.mode = sampled ? CirronSnapshotMode::kSampled : CirronSnapshotMode::kStats;
    if (sampled) {
      const bool gradient = std::string_view(tensor).ends_with(".grad");
      snapshot.blob_uri = "file://.cirron/snapshots/" + epoch_id + "/" +
                          (gradient ? "gradients" : "weights") + ".safetensors";
    }
    CirronTensorStats stats;
    stats.mean = (Uniform() - 0.5) / 10.0;
    stats.std = 0.05 + Uniform() / 10.0;
    stats.min = -0.5 - Uniform();
    stats.max = 0.5 + Uniform();
    stats.norm = 10.0 * Uniform();
    for (std::size_t i = 0; i < stats.histogram.bins.size(); ++i) {
      stats.histogram.bins[i] = stats.min + (stats.max - stats.min) * static_cast<double>(i) / 16.0;
    }
    for (std::uint64_t& count : stats.histogram.counts) count = random_() % 1000;
    snapshot.stats = stats;
    snapshot.ts_ns = Tick();
    snapshot.attrs_json = "{}";
    if (plan_.unknown_keys) snapshot.unknown.push_back({"device", "\"cuda:0\""});
    sealed_.push_back(Sealed{snapshot.ts_ns, std::move(snapshot)});
  }

  CirronSpoolPlan plan_;
  std::mt19937_64 random_;
  std::uint64_t clock_ = 1764000000000000000ull;
  std::vector<OpenSpan> open_;
  std::vector<Sealed> sealed_;
  bool wrote_nan_unknown_ = false;
};

// Python's json.dumps: ", " and ": " separators, shortest round-trip floats with a point or an
// exponent, bare NaN / Infinity / -Infinity.
class PythonJson {
 public:
  explicit PythonJson(std::uint64_t* non_finite) : non_finite_(non_finite) {}

  void Raw(std::string_view text) { out_ += text; }
  void Key(std::string_view key) {
    Separator();
    Quoted(key);
    out_ += ": ";
    after_key_ = true;
  }
  void Begin(char bracket) {
    Separator();
    out_ += bracket;
    first_ = true;
  }
  void End(char bracket) {
    out_ += bracket;
    first_ = false;
  }
  void String(std::string_view text) {
    Separator();
    Quoted(text);
  }
  void Unsigned(std::uint64_t value) { Value(std::to_string(value)); }
  void Signed(std::int64_t value) { Value(std::to_string(value)); }
  void Null() { Value("null"); }
  void Bool(bool value) { Value(value ? "true" : "false"); }
  void Double(double value) {
    if (std::isnan(value) || std::isinf(value)) {
      if (non_finite_ != nullptr) ++*non_finite_;
      Value(std::isnan(value) ? "NaN" : value > 0 ? "Infinity" : "-Infinity");
      return;
    }
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    std::string literal(text, end);
    if (literal.find_first_of(".e") == std::string::npos) literal += ".0";
    Value(literal);
  }
  /// A value already written as JSON (attrs, unknown keys).
  void Value(std::string_view json) {
    Separator();
    out_ += json;
  }
  template <class T>
  void Optional(const std::optional<T>& value) {
    if (!value) return Null();
    if constexpr (std::is_same_v<T, std::string>) {
      String(*value);
    } else {
      Unsigned(*value);
    }
  }

  std::string Take() { return std::move(out_); }

 private:
  void Separator() {
    if (after_key_) {
      after_key_ = false;
      first_ = false;
      return;
    }
    if (!first_ && !out_.empty() && out_.back() != '{' && out_.back() != '[') out_ += ", ";
    first_ = false;
  }

  void Quoted(std::string_view text) {
    out_ += '"';
    for (const char c : text) {
      if (c == '"' || c == '\\') out_ += '\\';
      out_ += c;
    }
    out_ += '"';
  }

  std::uint64_t* non_finite_;
  std::string out_;
  bool first_ = true;
  bool after_key_ = false;
};

void WriteUnknown(PythonJson& json, const std::vector<CirronUnknownKey>& unknown,
                  std::uint64_t* non_finite) {
  for (const CirronUnknownKey& member : unknown) {
    json.Key(member.key);
    json.Value(member.json);
    if (non_finite != nullptr && (member.json == "NaN" || member.json == "Infinity")) {
      ++*non_finite;
    }
  }
}

void WriteSpan(PythonJson& json, const CirronSpan& span, std::uint64_t* non_finite) {
  json.Begin('{');
  json.Key("id"), json.String(span.id);
  json.Key("name"), json.String(span.name);
  json.Key("parent_id"), json.Optional(span.parent_id);
  json.Key("index"), json.Optional(span.index);
  json.Key("start_ns"), json.Unsigned(span.start_ns);
  json.Key("end_ns"), json.Unsigned(span.end_ns);
  json.Key("cpu_ns"), json.Optional(span.cpu_ns);
  json.Key("gpu_ns"), json.Optional(span.gpu_ns);
  json.Key("memory_peak_bytes"), json.Optional(span.memory_peak_bytes);
  json.Key("thread_id"), json.Unsigned(span.thread_id);
  json.Key("pid"), json.Unsigned(span.pid);
  json.Key("rank"), json.Unsigned(span.rank);
  json.Key("attrs"), json.Value(span.attrs_json);
  json.Key("mark_ids");
  json.Begin('[');
  for (const std::string& id : span.mark_ids) json.String(id);
  json.End(']');
  WriteUnknown(json, span.unknown, non_finite);
  json.End('}');
}

void WriteMark(PythonJson& json, const CirronMark& mark, std::uint64_t* non_finite) {
  static constexpr const char* kTypes[] = {"float", "int", "string", "bool"};
  json.Begin('{');
  json.Key("id"), json.String(mark.id);
  json.Key("span_id"), json.String(mark.span_id);
  json.Key("name"), json.String(mark.name);
  json.Key("value_type"), json.String(kTypes[mark.value.index()]);
  json.Key("value");
  std::visit(
      [&](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, double>) json.Double(v);
        if constexpr (std::is_same_v<T, std::int64_t>) json.Signed(v);
        if constexpr (std::is_same_v<T, std::string>) json.String(v);
        if constexpr (std::is_same_v<T, bool>) json.Bool(v);
      },
      mark.value);
  json.Key("attrs"), json.Value(mark.attrs_json);
  json.Key("ts_ns"), json.Unsigned(mark.ts_ns);
  json.Key("kind"), json.String(mark.kind == CirronMarkKind::kPoint ? "point" : "summary");
  WriteUnknown(json, mark.unknown, non_finite);
  json.End('}');
}

void WriteSnapshot(PythonJson& json, const CirronSnapshot& snapshot, std::uint64_t* non_finite) {
  static constexpr const char* kModes[] = {"stats", "sampled", "full"};
  json.Begin('{');
  json.Key("id"), json.String(snapshot.id);
  json.Key("span_id"), json.String(snapshot.span_id);
  json.Key("tensor_name"), json.String(snapshot.tensor_name);
  json.Key("shape");
  json.Begin('[');
  for (const std::uint64_t extent : snapshot.shape) json.Unsigned(extent);
  json.End(']');
  json.Key("dtype"), json.String(snapshot.dtype);
  json.Key("mode"), json.String(kModes[static_cast<int>(snapshot.mode)]);
  json.Key("stats");
  if (!snapshot.stats) {
    json.Null();
  } else {
    const CirronTensorStats& stats = *snapshot.stats;
    json.Begin('{');
    json.Key("mean"), json.Double(stats.mean);
    json.Key("std"), json.Double(stats.std);
    json.Key("min"), json.Double(stats.min);
    json.Key("max"), json.Double(stats.max);
    json.Key("norm"), json.Double(stats.norm);
    json.Key("histogram");
    json.Begin('{');
    json.Key("bins");
    json.Begin('[');
    for (const double bin : stats.histogram.bins) json.Double(bin);
    json.End(']');
    json.Key("counts");
    json.Begin('[');
    for (const std::uint64_t count : stats.histogram.counts) json.Unsigned(count);
    json.End(']');
    json.End('}');
    json.End('}');
  }
  json.Key("blob_uri"), json.Optional(snapshot.blob_uri);
  json.Key("ts_ns"), json.Unsigned(snapshot.ts_ns);
  json.Key("attrs"), json.Value(snapshot.attrs_json);
  WriteUnknown(json, snapshot.unknown, non_finite);
  json.End('}');
}

}  // namespace

std::string CirronBatchFileName(std::uint64_t created_ns, const std::string& batch_id) {
  char digits[21];
  std::snprintf(digits, sizeof digits, "%020llu", static_cast<unsigned long long>(created_ns));
  return std::string(digits) + "-" + batch_id + ".json";
}

std::string CirronBatchJson(const CirronBatch& batch, std::uint64_t* non_finite) {
  PythonJson json(non_finite);
  json.Begin('{');
  json.Key("schema_version"), json.Unsigned(batch.schema_version);
  json.Key("sdk_version"), json.String(batch.sdk_version);
  json.Key("batch_id"), json.String(batch.batch_id);
  json.Key("created_ns"), json.Unsigned(batch.created_ns);
  json.Key("spans");
  json.Begin('[');
  for (const CirronSpan& span : batch.spans) WriteSpan(json, span, non_finite);
  json.End(']');
  json.Key("marks");
  json.Begin('[');
  for (const CirronMark& mark : batch.marks) WriteMark(json, mark, non_finite);
  json.End(']');
  json.Key("snapshots");
  json.Begin('[');
  for (const CirronSnapshot& snapshot : batch.snapshots) WriteSnapshot(json, snapshot, non_finite);
  json.End(']');
  WriteUnknown(json, batch.unknown, non_finite);
  json.End('}');
  return json.Take();
}

GeneratedSpool GenerateCirronSpool(const CirronSpoolPlan& plan) {
  RunGenerator run(plan);
  const std::vector<Sealed> sealed = run.Run();
  std::mt19937_64 ids(plan.seed ^ 0x5eedull);
  GeneratedSpool spool;
  const std::size_t per_batch = static_cast<std::size_t>(std::max(1, plan.records_per_batch));
  for (std::size_t first = 0; first < sealed.size(); first += per_batch) {
    const std::size_t last = std::min(sealed.size(), first + per_batch);
    CirronBatch batch;
    char id[33];
    std::snprintf(id, sizeof id, "%016llx%016llx", static_cast<unsigned long long>(ids()),
                  static_cast<unsigned long long>(ids()));
    batch.batch_id = id;
    batch.sdk_version = "0.4.2";
    batch.created_ns = sealed[last - 1].at_ns + 1;
    batch.file_name = CirronBatchFileName(batch.created_ns, batch.batch_id);
    for (std::size_t i = first; i < last; ++i) {
      std::visit(
          [&](const auto& record) {
            using T = std::decay_t<decltype(record)>;
            if constexpr (std::is_same_v<T, CirronSpan>) batch.spans.push_back(record);
            if constexpr (std::is_same_v<T, CirronMark>) batch.marks.push_back(record);
            if constexpr (std::is_same_v<T, CirronSnapshot>) batch.snapshots.push_back(record);
          },
          sealed[i].record);
    }
    if (plan.unknown_keys) batch.unknown.push_back({"hostname", "\"node-7\""});
    spool.texts.push_back(CirronBatchJson(batch, &spool.non_finite_numbers));
    spool.batches.push_back(std::move(batch));
  }
  return spool;
}

std::filesystem::path WriteCirronSpool(const GeneratedSpool& spool,
                                       const std::filesystem::path& root, std::size_t evicted,
                                       bool tmp_leftover) {
  const std::filesystem::path cirron = root / ".cirron";
  const std::filesystem::path dir = cirron / "spool";
  std::filesystem::create_directories(dir);
  for (std::size_t i = evicted; i < spool.batches.size(); ++i) {
    std::ofstream(dir / spool.batches[i].file_name, std::ios::binary) << spool.texts[i];
  }
  if (tmp_leftover && !spool.texts.empty()) {
    // A write in progress: half a batch under its final name plus .tmp.
    const std::string& text = spool.texts.back();
    std::ofstream(
        dir / (CirronBatchFileName(spool.batches.back().created_ns + 5, std::string(32, 'f')) +
               ".tmp"),
        std::ios::binary)
        << text.substr(0, text.size() / 2);
  }
  return cirron;
}

Result<TraceDocument> ConvertTypedSpool(const CirronSpool& spool, DiagnosticLog* diagnostics) {
  static std::uint64_t next = 0;
  const std::filesystem::path root = std::filesystem::temp_directory_path() /
                                     ("tracedoc_typed_spool_" + std::to_string(::getpid()) + "_" +
                                      std::to_string(next++));
  const std::filesystem::path dir = root / ".cirron" / "spool";
  std::filesystem::create_directories(dir);
  for (const CirronBatch& batch : spool.batches) {
    std::ofstream(dir / CirronBatchFileName(batch.created_ns, batch.batch_id), std::ios::binary)
        << CirronBatchJson(batch);
  }
  OpenOptions options;
  options.format = InputFormat::kCirronSpool;
  options.diagnostics = diagnostics;
  Result<TraceDocument> document =
      ReadDocument(TraceInput::FromFile(root / ".cirron"), options);
  std::error_code ignored;
  std::filesystem::remove_all(root, ignored);
  return document;
}

}  // namespace tracedoc::testing_support
