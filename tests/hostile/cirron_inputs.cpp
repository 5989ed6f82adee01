#include "hostile/cirron_inputs.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <system_error>

namespace tracedoc::hostile {
namespace {

// 2025-11-24T16:00:00Z, the example spool's time.
constexpr std::uint64_t kStartNs = 1764000000000000000;
// Sealed at this many records, as an SDK with a small flush threshold seals them.
constexpr std::uint64_t kRecordsPerBatch = 300;
constexpr std::uint64_t kStepsPerEpoch = 100;

std::uint64_t SplitMix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

std::string Hex32(std::uint64_t high, std::uint64_t low) {
  char text[33];
  std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(high),
                static_cast<unsigned long long>(low));
  return text;
}

// A JSON string as json.dumps writes one of these (ASCII, no control characters).
void PutQuoted(std::string& out, std::string_view text) {
  out += '"';
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  out += '"';
}

void PutUnsigned(std::string& out, std::uint64_t value) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  out.append(digits, end);
}

void PutOptional(std::string& out, const std::optional<std::uint64_t>& value) {
  if (value) {
    PutUnsigned(out, *value);
  } else {
    out += "null";
  }
}

// Python's repr of a finite float: the shortest text that reads back, with a point or exponent.
std::string PythonFloat(double value) {
  char text[32];
  const auto end = std::to_chars(text, text + sizeof text, value).ptr;
  std::string literal(text, end);
  if (literal.find_first_of(".e") == std::string::npos) literal += ".0";
  return literal;
}

// Appends ", " before every element but a list's first.
void PutSeparator(std::string& list) {
  if (!list.empty()) list += ", ";
}

// A deterministic stream of values for times and statistics.
class Values {
 public:
  std::uint64_t Next() { return SplitMix64(state_++); }
  double Uniform() { return static_cast<double>(Next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_ = 7;
};

// Batch 0 is `aaaa…a`, as the fuzz harness names the batch it reads.
constexpr std::string_view kBatchDigits = "abcdef0123456789";
std::string TinyFractionBatchId(unsigned batch) {
  return std::string(31, 'a') + kBatchDigits[batch % 16];
}

}  // namespace

std::string BatchFileName(std::uint64_t created_ns, std::string_view batch_id) {
  char digits[21];
  std::snprintf(digits, sizeof digits, "%020llu", static_cast<unsigned long long>(created_ns));
  return std::string(digits) + "-" + std::string(batch_id) + ".json";
}

SpoolWriter::SpoolWriter(std::filesystem::path spool_dir, std::uint64_t seed)
    : dir_(std::move(spool_dir)), next_id_(seed << 40) {
  std::error_code error;
  std::filesystem::create_directories(dir_, error);
  if (error) failed_ = true;
}

std::string SpoolWriter::NewId() {
  const std::uint64_t n = next_id_++;
  return Hex32(SplitMix64(2 * n), SplitMix64(2 * n + 1));
}

void SpoolWriter::Add(const SpoolSpan& span) {
  PutSeparator(spans_);
  spans_ += R"({"id": )";
  PutQuoted(spans_, span.id);
  spans_ += R"(, "name": )";
  PutQuoted(spans_, span.name);
  spans_ += R"(, "parent_id": )";
  if (span.parent_id.empty()) {
    spans_ += "null";
  } else {
    PutQuoted(spans_, span.parent_id);
  }
  spans_ += R"(, "index": )";
  PutOptional(spans_, span.index);
  spans_ += R"(, "start_ns": )";
  PutUnsigned(spans_, span.start_ns);
  spans_ += R"(, "end_ns": )";
  PutUnsigned(spans_, span.end_ns);
  spans_ += R"(, "cpu_ns": null, "gpu_ns": )";
  PutOptional(spans_, span.gpu_ns);
  spans_ += R"(, "memory_peak_bytes": null, "thread_id": 140000016, "pid": 12345, "rank": 0, )"
            R"("attrs": )";
  spans_ += span.attrs;
  spans_ += R"(, "mark_ids": [)";
  for (std::size_t i = 0; i < span.mark_ids.size(); ++i) {
    if (i != 0) spans_ += ", ";
    PutQuoted(spans_, span.mark_ids[i]);
  }
  spans_ += "]";
  spans_ += span.unknown_members;
  spans_ += "}";
  ++pending_records_;
}

void SpoolWriter::Add(const SpoolMark& mark) {
  PutSeparator(marks_);
  marks_ += R"({"id": )";
  PutQuoted(marks_, mark.id);
  marks_ += R"(, "span_id": )";
  PutQuoted(marks_, mark.span_id);
  marks_ += R"(, "name": )";
  PutQuoted(marks_, mark.name);
  marks_ += R"(, "value_type": )";
  PutQuoted(marks_, mark.value_type);
  marks_ += R"(, "value": )";
  marks_ += mark.value;
  marks_ += R"(, "attrs": {}, "ts_ns": )";
  PutUnsigned(marks_, mark.ts_ns);
  marks_ += R"(, "kind": "point"})";
  ++pending_records_;
}

void SpoolWriter::Add(const SpoolSnapshot& snapshot) {
  PutSeparator(snapshots_);
  snapshots_ += R"({"id": )";
  PutQuoted(snapshots_, snapshot.id);
  snapshots_ += R"(, "span_id": )";
  PutQuoted(snapshots_, snapshot.span_id);
  snapshots_ += R"(, "tensor_name": )";
  PutQuoted(snapshots_, snapshot.tensor_name);
  snapshots_ += R"(, "shape": [64, 3, 7, 7], "dtype": "float32", "mode": "stats", "stats": )"
                R"({"mean": )" +
                PythonFloat(snapshot.mean) + R"(, "std": )" + PythonFloat(snapshot.std_dev) +
                R"(, "min": )" + PythonFloat(snapshot.min) + R"(, "max": )" +
                PythonFloat(snapshot.max) + R"(, "norm": )" + PythonFloat(snapshot.norm) +
                R"(, "histogram": {"bins": [)";
  // 17 edges from min to max, so that none is below the one before it.
  for (int i = 0; i <= 16; ++i) {
    if (i != 0) snapshots_ += ", ";
    snapshots_ += PythonFloat(snapshot.min + (snapshot.max - snapshot.min) * i / 16.0);
  }
  snapshots_ += R"(], "counts": [)";
  for (std::size_t i = 0; i < snapshot.counts.size(); ++i) {
    if (i != 0) snapshots_ += ", ";
    PutUnsigned(snapshots_, snapshot.counts[i]);
  }
  snapshots_ += R"(]}}, "blob_uri": null, "ts_ns": )";
  PutUnsigned(snapshots_, snapshot.ts_ns);
  snapshots_ += R"(, "attrs": {}})";
  ++pending_records_;
}

void SpoolWriter::Seal(std::uint64_t created_ns, std::string_view sdk_version) {
  const std::string batch_id = NewId();
  std::string head = R"({"schema_version": 1, "sdk_version": )";
  PutQuoted(head, sdk_version);
  head += R"(, "batch_id": ")" + batch_id + R"(", "created_ns": )";
  PutUnsigned(head, created_ns);
  head += R"(, "spans": [)";
  std::FILE* file = std::fopen((dir_ / BatchFileName(created_ns, batch_id)).c_str(), "wb");
  if (file == nullptr) {
    failed_ = true;
    return;
  }
  // In pieces, so that the batch is never copied whole.
  for (const std::string_view piece :
       {std::string_view(head), std::string_view(spans_), std::string_view(R"(], "marks": [)"),
        std::string_view(marks_), std::string_view(R"(], "snapshots": [)"),
        std::string_view(snapshots_), std::string_view("]}")}) {
    if (std::fwrite(piece.data(), 1, piece.size(), file) != piece.size()) failed_ = true;
  }
  if (std::fclose(file) != 0) failed_ = true;
  spans_.clear();
  marks_.clear();
  snapshots_.clear();
  pending_records_ = 0;
}

void SpoolWriter::WriteBatchText(std::uint64_t created_ns, std::string_view batch_id,
                                 std::string_view text) {
  std::FILE* file = std::fopen((dir_ / BatchFileName(created_ns, batch_id)).c_str(), "wb");
  if (file == nullptr) {
    failed_ = true;
    return;
  }
  if (std::fwrite(text.data(), 1, text.size(), file) != text.size()) failed_ = true;
  if (std::fclose(file) != 0) failed_ = true;
}

bool WriteOrdinarySpool(const std::filesystem::path& spool_dir, std::uint64_t steps) {
  SpoolWriter out(spool_dir);
  Values values;
  std::uint64_t now = kStartNs;
  const auto tick = [&] { return now += 1000 + values.Next() % 50000; };
  // A span closes, then the batch is sealed once it holds enough records.
  const auto close = [&](SpoolSpan& span) {
    span.end_ns = tick();
    out.Add(span);
    if (out.pending_records() >= kRecordsPerBatch) out.Seal(tick());
  };
  SpoolSpan session{.id = out.NewId(), .name = "cirron.session", .start_ns = tick()};
  std::uint64_t loss_count = 0;
  for (std::uint64_t epoch_index = 0; epoch_index * kStepsPerEpoch < steps; ++epoch_index) {
    SpoolSpan epoch{.id = out.NewId(),
                    .name = "epoch",
                    .parent_id = session.id,
                    .index = epoch_index,
                    .start_ns = tick()};
    const std::uint64_t epoch_steps =
        std::min(kStepsPerEpoch, steps - epoch_index * kStepsPerEpoch);
    for (std::uint64_t step_index = 0; step_index < epoch_steps; ++step_index) {
      SpoolSpan step{.id = out.NewId(),
                     .name = "step",
                     .parent_id = epoch.id,
                     .index = step_index,
                     .start_ns = tick(),
                     .attrs = R"({"batch_size": 32})"};
      for (const char* name : {"data_load", "forward", "backward", "optimizer_step"}) {
        const bool on_gpu = name[0] == 'f' || name[0] == 'b';
        SpoolSpan phase{.id = out.NewId(), .name = name, .parent_id = step.id, .start_ns = tick()};
        if (on_gpu) phase.gpu_ns = 200000 + values.Next() % 100000;
        if (name[0] == 'f') phase.unknown_members = R"(, "cuda_stream": 7)";
        close(phase);
      }
      ++loss_count;
      const SpoolMark loss{.id = out.NewId(),
                           .span_id = step.id,
                           .name = "loss",
                           .value = PythonFloat(2.5 / (1.0 + static_cast<double>(loss_count)) +
                                                values.Uniform() / 1000.0),
                           .ts_ns = tick()};
      out.Add(loss);
      step.mark_ids.push_back(loss.id);
      close(step);
    }
    for (const char* tensor :
         {"layer1.0.conv1.weight", "layer1.0.conv1.weight.grad", "fc.weight", "fc.weight.grad"}) {
      SpoolSnapshot snapshot{.id = out.NewId(),
                             .span_id = epoch.id,
                             .tensor_name = tensor,
                             .mean = (values.Uniform() - 0.5) / 10.0,
                             .std_dev = 0.05 + values.Uniform() / 10.0,
                             .min = -0.5 - values.Uniform(),
                             .max = 0.5 + values.Uniform(),
                             .norm = 10.0 * values.Uniform(),
                             .ts_ns = tick()};
      for (std::uint64_t& count : snapshot.counts) count = values.Next() % 1000;
      out.Add(snapshot);
    }
    close(epoch);
  }
  session.end_ns = tick();
  out.Add(session);
  out.Seal(tick());
  return out.ok();
}

bool WriteUnresolvedMarkIds(const std::filesystem::path& spool_dir, std::uint64_t mark_ids,
                            std::uint64_t ids_per_span) {
  SpoolWriter out(spool_dir);
  std::uint64_t now = kStartNs;
  SpoolSpan session{.id = out.NewId(), .name = "cirron.session", .start_ns = ++now};
  for (std::uint64_t written = 0; written < mark_ids;) {
    // A user scope: not a canonical name, so no scope finding adds to the warnings.
    SpoolSpan scope{.id = out.NewId(), .name = "eval", .parent_id = session.id, .start_ns = ++now};
    for (; written < mark_ids && scope.mark_ids.size() < ids_per_span; ++written) {
      scope.mark_ids.push_back(out.NewId());
    }
    scope.end_ns = ++now;
    out.Add(scope);
    out.Seal(++now);
  }
  session.end_ns = ++now;
  out.Add(session);
  out.Seal(++now);
  return out.ok();
}

bool WriteDistinctSdkVersions(const std::filesystem::path& spool_dir, std::uint64_t batches,
                              std::uint64_t version_bytes) {
  SpoolWriter out(spool_dir);
  for (std::uint64_t batch = 0; batch < batches; ++batch) {
    // Distinct only in their last bytes (a local version label ending in a build number), so
    // that comparing two costs their whole length.
    const std::string prefix = "0.4.2+";
    const std::string number = "." + std::to_string(batch);
    const std::uint64_t fixed = prefix.size() + number.size();
    const std::uint64_t fill = version_bytes > fixed ? version_bytes - fixed : 0;
    out.Seal(kStartNs + batch, prefix + std::string(fill, 'g') + number);
  }
  return out.ok();
}

bool WriteLongNamedParent(const std::filesystem::path& spool_dir, std::uint64_t name_bytes,
                          std::uint64_t children) {
  SpoolWriter out(spool_dir);
  std::uint64_t now = kStartNs;
  SpoolSpan session{.id = out.NewId(), .name = "cirron.session", .start_ns = ++now};
  SpoolSpan parent{.id = out.NewId(),
                   .name = "model." + std::string(name_bytes, 'x'),
                   .parent_id = session.id,
                   .start_ns = ++now};
  for (std::uint64_t child = 0; child < children; ++child) {
    SpoolSpan forward{
        .id = out.NewId(), .name = "forward", .parent_id = parent.id, .start_ns = ++now};
    forward.end_ns = ++now;
    out.Add(forward);
    if (out.pending_records() >= kRecordsPerBatch) out.Seal(++now);
  }
  parent.end_ns = ++now;
  out.Add(parent);
  session.end_ns = ++now;
  out.Add(session);
  out.Seal(++now);
  return out.ok();
}

std::string TinyFractionBatch(unsigned batch) {
  const std::string mark_id = std::string(31, 'b') + kBatchDigits[batch % 16];
  // `0.`, 349 zeros and `1`: valid JSON, whose value rounds to 0.
  const std::string tiny = "0." + std::string(349, '0') + "1";
  // An odd batch holds it in an unknown member of the mark, which readers keep as written.
  const bool in_unknown = batch % 2 == 1;
  return R"({"schema_version": 1, "sdk_version": "0.4.2", "batch_id": ")" +
         TinyFractionBatchId(batch) + R"(", "created_ns": )" + std::to_string(batch + 1) +
         R"(, "spans": [], "marks": [{"id": ")" + mark_id +
         R"(", "span_id": "root", "name": "loss", "value_type": "float", "value": )" +
         (in_unknown ? "0.5" : tiny) + R"(, "attrs": {}, "ts_ns": 1, "kind": "point")" +
         (in_unknown ? R"(, "ema": )" + tiny : "") + R"(}], "snapshots": []})";
}

bool WriteTinyFractionSpool(const std::filesystem::path& spool_dir, unsigned batches) {
  SpoolWriter out(spool_dir);
  for (unsigned batch = 0; batch < batches && batch < 16; ++batch) {
    out.WriteBatchText(batch + 1, TinyFractionBatchId(batch), TinyFractionBatch(batch));
  }
  return out.ok();
}

}  // namespace tracedoc::hostile
