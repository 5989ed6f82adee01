// The seeded spool writer (docs/cirron-spool.md is the format it follows).
#include "support/cirron_spool_writer.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <deque>
#include <fstream>
#include <limits>
#include <random>
#include <system_error>
#include <variant>

#include <unistd.h>

#include "cirron/record_tables.hpp"
#include "support/python_float.hpp"
#include "support/table_order.hpp"
#include "tracedoc/open.hpp"

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
  RunGenerator(const CirronSpoolPlan& plan, std::uint64_t clock)
      : plan_(plan), random_(plan.seed), clock_(clock) {}

  std::vector<Sealed> Run() {
    if (plan_.root_mark_before_profile) {
      Mark("root", "config", std::string("before profile()"), "{}");
    }
    std::optional<std::string> session;
    if (plan_.session_span) session = Open("cirron.session", std::nullopt, std::nullopt);
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
    if (session) {
      Mark(*session, "converged", plan_.nan_losses ? false : true, "{\"kind_of\":\"final\"}");
      Mark(*session, "phase", std::string("train"), "{}", CirronMarkKind::kSummary);
      Close();
    }
    return std::move(sealed_);
  }
  std::uint64_t clock() const { return clock_; }

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
  std::uint64_t clock_;
  std::vector<OpenSpan> open_;
  std::vector<Sealed> sealed_;
  bool wrote_nan_unknown_ = false;
};

// One JSON value as Python's json.dumps writes it: ", " between items, floats in repr's layout,
// bare NaN / Infinity / -Infinity. Objects are PythonRecord's.
class PythonJson {
 public:
  explicit PythonJson(std::uint64_t* non_finite) : non_finite_(non_finite) {}

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
    Value(PythonFloat(value));
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
    if (!first_ && !out_.empty() && out_.back() != '[') out_ += ", ";
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
};

// One object of a batch: each member's value written by its own PythonJson, the members put in
// the reader's table order (support/table_order.hpp), the record's unknown keys last.
class PythonRecord {
 public:
  PythonRecord(const TableOrder& order, std::uint64_t* non_finite)
      : order_(order), non_finite_(non_finite) {}

  PythonJson& Key(std::string_view key) { return Add(key, false); }
  void Unknown(const std::vector<CirronUnknownKey>& unknown) {
    for (const CirronUnknownKey& member : unknown) {
      Add(member.key, true).Value(member.json);
      if (non_finite_ != nullptr && (member.json == "NaN" || member.json == "Infinity")) {
        ++*non_finite_;
      }
    }
  }
  std::string Close() && {
    for (std::size_t i = 0; i < members_.size(); ++i) members_[i].json = values_[i].Take();
    order_.Sort(members_);
    std::string out = "{";
    for (const GeneratedMember& member : members_) {
      if (out.size() > 1) out += ", ";
      out += '"' + member.key + "\": " + member.json;
    }
    return out + "}";
  }

 private:
  PythonJson& Add(std::string_view key, bool unknown) {
    members_.push_back({std::string(key), {}, unknown});
    return values_.emplace_back(non_finite_);
  }

  const TableOrder& order_;
  std::uint64_t* non_finite_;
  std::vector<GeneratedMember> members_;
  std::deque<PythonJson> values_;  // a member's writer stays where it is while others are added
};

std::string SpanJson(const CirronSpan& span, std::uint64_t* non_finite) {
  static const TableOrder kOrder(cirron::SpanFields());
  PythonRecord json(kOrder, non_finite);
  json.Key("id").String(span.id);
  json.Key("name").String(span.name);
  json.Key("parent_id").Optional(span.parent_id);
  json.Key("index").Optional(span.index);
  json.Key("start_ns").Unsigned(span.start_ns);
  json.Key("end_ns").Unsigned(span.end_ns);
  json.Key("cpu_ns").Optional(span.cpu_ns);
  json.Key("gpu_ns").Optional(span.gpu_ns);
  json.Key("memory_peak_bytes").Optional(span.memory_peak_bytes);
  json.Key("thread_id").Unsigned(span.thread_id);
  json.Key("pid").Unsigned(span.pid);
  json.Key("rank").Unsigned(span.rank);
  json.Key("attrs").Value(span.attrs_json);
  PythonJson& ids = json.Key("mark_ids");
  ids.Begin('[');
  for (const std::string& id : span.mark_ids) ids.String(id);
  ids.End(']');
  json.Unknown(span.unknown);
  return std::move(json).Close();
}

std::string MarkJson(const CirronMark& mark, std::uint64_t* non_finite) {
  static constexpr const char* kTypes[] = {"float", "int", "string", "bool"};
  static const TableOrder kOrder(cirron::MarkFields());
  PythonRecord json(kOrder, non_finite);
  json.Key("id").String(mark.id);
  json.Key("span_id").String(mark.span_id);
  json.Key("name").String(mark.name);
  json.Key("value_type").String(kTypes[mark.value.index()]);
  PythonJson& value = json.Key("value");
  std::visit(
      [&](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, double>) value.Double(v);
        if constexpr (std::is_same_v<T, std::int64_t>) value.Signed(v);
        if constexpr (std::is_same_v<T, std::string>) value.String(v);
        if constexpr (std::is_same_v<T, bool>) value.Bool(v);
      },
      mark.value);
  json.Key("attrs").Value(mark.attrs_json);
  json.Key("ts_ns").Unsigned(mark.ts_ns);
  json.Key("kind").String(mark.kind == CirronMarkKind::kPoint ? "point" : "summary");
  json.Unknown(mark.unknown);
  return std::move(json).Close();
}

std::string StatsJson(const CirronTensorStats& stats, std::uint64_t* non_finite) {
  static const TableOrder kStats(cirron::StatsFields());
  static const TableOrder kHistogram(cirron::HistogramFields());
  PythonRecord histogram(kHistogram, non_finite);
  PythonJson& bins = histogram.Key("bins");
  bins.Begin('[');
  for (const double bin : stats.histogram.bins) bins.Double(bin);
  bins.End(']');
  PythonJson& counts = histogram.Key("counts");
  counts.Begin('[');
  for (const std::uint64_t count : stats.histogram.counts) counts.Unsigned(count);
  counts.End(']');
  PythonRecord json(kStats, non_finite);
  json.Key("mean").Double(stats.mean);
  json.Key("std").Double(stats.std);
  json.Key("min").Double(stats.min);
  json.Key("max").Double(stats.max);
  json.Key("norm").Double(stats.norm);
  json.Key("histogram").Value(std::move(histogram).Close());
  return std::move(json).Close();
}

std::string SnapshotJson(const CirronSnapshot& snapshot, std::uint64_t* non_finite) {
  static constexpr const char* kModes[] = {"stats", "sampled", "full"};
  static const TableOrder kOrder(cirron::SnapshotFields());
  PythonRecord json(kOrder, non_finite);
  json.Key("id").String(snapshot.id);
  json.Key("span_id").String(snapshot.span_id);
  json.Key("tensor_name").String(snapshot.tensor_name);
  PythonJson& shape = json.Key("shape");
  shape.Begin('[');
  for (const std::uint64_t extent : snapshot.shape) shape.Unsigned(extent);
  shape.End(']');
  json.Key("dtype").String(snapshot.dtype);
  json.Key("mode").String(kModes[static_cast<int>(snapshot.mode)]);
  if (snapshot.stats) {
    json.Key("stats").Value(StatsJson(*snapshot.stats, non_finite));
  } else {
    json.Key("stats").Null();
  }
  json.Key("blob_uri").Optional(snapshot.blob_uri);
  json.Key("ts_ns").Unsigned(snapshot.ts_ns);
  json.Key("attrs").Value(snapshot.attrs_json);
  json.Unknown(snapshot.unknown);
  return std::move(json).Close();
}

// A record array of a batch.
template <class Record, class Write>
std::string ArrayJson(const std::vector<Record>& records, Write write) {
  std::string out = "[";
  for (const Record& record : records) {
    if (out.size() > 1) out += ", ";
    out += write(record);
  }
  return out + "]";
}

}  // namespace

std::string CirronBatchFileName(std::uint64_t created_ns, const std::string& batch_id) {
  char digits[21];
  std::snprintf(digits, sizeof digits, "%020llu", static_cast<unsigned long long>(created_ns));
  return std::string(digits) + "-" + batch_id + ".json";
}

std::string CirronBatchJson(const CirronBatch& batch, std::uint64_t* non_finite) {
  static const TableOrder kOrder(cirron::BatchFields());
  PythonRecord json(kOrder, non_finite);
  json.Key("schema_version").Unsigned(batch.schema_version);
  json.Key("sdk_version").String(batch.sdk_version);
  json.Key("batch_id").String(batch.batch_id);
  json.Key("created_ns").Unsigned(batch.created_ns);
  json.Key("spans").Value(ArrayJson(
      batch.spans, [&](const CirronSpan& span) { return SpanJson(span, non_finite); }));
  json.Key("marks").Value(ArrayJson(
      batch.marks, [&](const CirronMark& mark) { return MarkJson(mark, non_finite); }));
  json.Key("snapshots").Value(ArrayJson(batch.snapshots, [&](const CirronSnapshot& snapshot) {
    return SnapshotJson(snapshot, non_finite);
  }));
  json.Unknown(batch.unknown);
  return std::move(json).Close();
}

namespace {

void AppendBatches(const std::vector<Sealed>& sealed, const CirronSpoolPlan& plan,
                   std::mt19937_64& ids, GeneratedSpool& spool) {
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
}

}  // namespace

GeneratedSpool GenerateCirronSpool(const CirronSpoolPlan& plan) {
  std::mt19937_64 ids(plan.seed ^ 0x5eedull);
  GeneratedSpool spool;
  std::uint64_t clock = 1764000000000000000ull;
  for (int number = 0; number < std::max(1, plan.sessions); ++number) {
    CirronSpoolPlan run_plan = plan;
    run_plan.seed = plan.seed + 7919u * static_cast<std::uint64_t>(number);
    RunGenerator run(run_plan, clock);
    // shutdown() flushes: a run's records never share a batch with the next run's.
    AppendBatches(run.Run(), plan, ids, spool);
    clock = run.clock() + 1000000000u;
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

std::string CirronHexId(char c) { return std::string(32, c); }

CirronSpan CirronSpanOf(char id, std::string name, std::optional<char> parent,
                        std::uint64_t start_ns, std::uint64_t end_ns) {
  CirronSpan span;
  span.id = CirronHexId(id);
  span.name = std::move(name);
  if (parent) span.parent_id = CirronHexId(*parent);
  span.start_ns = start_ns;
  span.end_ns = end_ns;
  span.attrs_json = "{}";
  return span;
}

CirronMark CirronMarkOf(char id, std::string span_id, CirronMarkValue value, std::uint64_t ts_ns) {
  CirronMark mark;
  mark.id = CirronHexId(id);
  mark.span_id = std::move(span_id);
  mark.name = "loss";
  mark.value = std::move(value);
  mark.attrs_json = "{}";
  mark.ts_ns = ts_ns;
  return mark;
}

CirronSpoolPlan EvictionPlan() {
  CirronSpoolPlan plan;
  plan.seed = 5;
  plan.records_per_batch = 4;
  return plan;
}

std::size_t SpanCount(const GeneratedSpool& spool, std::size_t evicted) {
  std::size_t count = 0;
  for (std::size_t b = evicted; b < spool.batches.size(); ++b) count += spool.batches[b].spans.size();
  return count;
}

std::vector<std::string> SessionSpanIds(const GeneratedSpool& spool) {
  std::vector<std::string> ids;
  for (const CirronBatch& batch : spool.batches) {
    for (const CirronSpan& span : batch.spans) {
      if (span.name == "cirron.session") ids.push_back(span.id);
    }
  }
  return ids;
}

}  // namespace tracedoc::testing_support
