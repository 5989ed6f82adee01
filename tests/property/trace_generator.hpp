// A generator of valid trace streams of both schemas (issue 6): all twelve record kinds, nested
// spans with unique ids, open spans under a failed terminal, ops and memory inside spans,
// aliasing storages, equal timestamps, unknown keys, unicode and escaped strings, extreme
// integers and doubles, blank lines and CRLF. Each stream comes with what its fold must give.
#ifndef TRACEDOC_TESTS_PROPERTY_TRACE_GENERATOR_HPP_
#define TRACEDOC_TESTS_PROPERTY_TRACE_GENERATOR_HPP_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "property/json_line.hpp"
#include "property/json_text.hpp"
#include "property/random_source.hpp"

namespace tracedoc::property {

inline std::uint64_t SaturatingAdd(std::uint64_t a, std::uint64_t b) {
  return a > kU64Max - b ? kU64Max : a + b;
}
inline std::uint64_t SaturatingMul(std::uint64_t a, std::uint64_t b) {
  if (a == 0 || b == 0) return 0;
  return a > kU64Max / b ? kU64Max : a * b;
}
/// The product of the dimensions, or None on overflow (tensor_stats, docs/trace-format.md §2.2 7).
inline std::optional<std::uint64_t> CheckedProduct(const std::vector<std::uint64_t>& shape) {
  std::uint64_t product = 1;
  for (const std::uint64_t d : shape) {
    if (d != 0 && product > kU64Max / d) return std::nullopt;
    product *= d;
  }
  return product;
}

/// A span as the fold must keep it.
struct ExpectedSpan {
  std::string id;
  std::optional<std::string> parent_id;
  bool measured = false;
  std::uint64_t start_ns = 0;
  bool closed = false;
  std::uint64_t duration_ns = 0;
};

struct ExpectedTensorStats {
  double rms = 0;
  double abs_max = 0;
  double mean = 0;
};

/// A valid stream and what folding it must give.
struct GeneratedTrace {
  bool previous_schema = false;
  std::vector<StreamLine> lines;
  bool final_newline = true;

  std::array<std::uint64_t, kRecordKindCount> records_by_kind{};
  std::vector<ExpectedSpan> spans;  // in the order of their span_start lines
  std::vector<std::optional<std::uint64_t>> op_dense_bytes;      // resolved (§2.3)
  std::vector<std::optional<std::uint64_t>> tensor_dense_bytes;  // resolved (§2.3)
  std::vector<ExpectedTensorStats> tensor_stats;
  std::vector<std::optional<double>> gradient_norms;
  std::uint64_t alloc_count = 0;
  std::uint64_t free_count = 0;
  std::vector<std::string> memory_storages;  // the storage_id of each memory record
  /// The latest host evidence (§2.2 h) and the terminal's timestamp, never below it.
  std::uint64_t latest_evidence_ns = 0;
  std::uint64_t terminal_timestamp_ns = 0;
  bool failed = false;

  std::string Text() const { return RenderStream(lines, final_newline); }
};

namespace spellings {
inline const std::vector<std::string_view> kPhase = {"train", "infer"};
inline const std::vector<std::string_view> kTimingMode = {"host", "device_synchronized"};
inline const std::vector<std::string_view> kSpanKind = {"function", "op", "module"};
inline const std::vector<std::string_view> kStep = {"forward", "backward", "optimizer"};
inline const std::vector<std::string_view> kGradientState = {"present", "missing", "zero",
                                                             "non_finite"};
inline const std::vector<std::string_view> kOutcome = {"complete", "failed"};
inline const std::vector<std::string_view> kAction = {"alloc", "free"};
inline const std::vector<std::string_view> kCategory = {"parameter", "activation", "gradient",
                                                        "optimizer", "other"};
inline const std::vector<std::string_view> kCoverage = {"none", "partial", "complete"};
inline const std::vector<std::string_view> kScope = {"unknown", "profiled_work",
                                                     "production_equivalent"};
inline const std::vector<std::string_view> kExpectation = {"active", "inactive",
                                                           "data_conditional"};
inline const std::vector<std::string_view> kEdgeKind = {"call", "data"};
}  // namespace spellings

/// Unicode White_Space (docs/trace-format.md §0), as the generator uses it around records and in
/// blank lines; the byte-order mark is deliberately absent.
inline const std::vector<std::string> kWhiteSpace = {" ",      "\t",     "\u00a0", "\u3000",
                                                     "\u2028", "\u0085", "\u2003", "\x0b"};

/// Builds one JSON object's members in table order, choosing absent / null / value for optional
/// fields, sometimes adding unknown keys and sometimes shuffling the order (kind included).
class MemberList {
 public:
  MemberList(RandomSource& rng, EscapeStyle style) : rng_(rng), style_(style) {}

  void Raw(std::string key, ValueType type, Presence presence, std::string json,
           std::vector<std::string_view> spellings = {}) {
    JsonMember m;
    m.key = std::move(key);
    m.type = type;
    m.presence = presence;
    m.spellings = std::move(spellings);
    m.value = std::move(json);
    members_.push_back(std::move(m));
  }
  void String(std::string key, std::string_view value) {
    Raw(std::move(key), ValueType::kString, Presence::kRequired, JsonString(value, style_));
  }
  void OptionalString(std::string key, const std::optional<std::string>& value) {
    if (value) {
      Raw(std::move(key), ValueType::kString, Presence::kOptional, JsonString(*value, style_));
    } else {
      Absent(std::move(key), ValueType::kString);
    }
  }
  void U64(std::string key, std::uint64_t value, Presence presence = Presence::kRequired) {
    // A defaulted 0 may be left out.
    if (presence == Presence::kDefaulted && value == 0 && rng_.OneIn(2)) return;
    Raw(std::move(key), ValueType::kU64, presence, std::to_string(value));
  }
  void OptionalU64(std::string key, std::optional<std::uint64_t> value) {
    if (value) {
      Raw(std::move(key), ValueType::kU64, Presence::kOptional, std::to_string(*value));
    } else {
      Absent(std::move(key), ValueType::kU64);
    }
  }
  void F64(std::string key, double value) {
    Raw(std::move(key), ValueType::kF64, Presence::kRequired, Double(value));
  }
  void OptionalF64(std::string key, std::optional<double> value) {
    if (value) {
      Raw(std::move(key), ValueType::kF64, Presence::kOptional, Double(*value));
    } else {
      Absent(std::move(key), ValueType::kF64);
    }
  }
  /// A defaulted bool (default false).
  void Bool(std::string key, bool value) {
    if (!value && rng_.OneIn(2)) return;
    Raw(std::move(key), ValueType::kBool, Presence::kDefaulted, value ? "true" : "false");
  }
  void Enum(std::string key, const std::vector<std::string_view>& names, std::size_t value,
            Presence presence = Presence::kRequired, std::size_t default_value = 0) {
    if (presence == Presence::kDefaulted && value == default_value && rng_.OneIn(2)) return;
    Raw(std::move(key), ValueType::kEnum, presence, JsonString(names[value], style_), names);
  }
  void OptionalEnum(std::string key, const std::vector<std::string_view>& names,
                    std::optional<std::size_t> value) {
    if (value) {
      Raw(std::move(key), ValueType::kEnum, Presence::kOptional, JsonString(names[*value], style_),
          names);
    } else {
      Absent(std::move(key), ValueType::kEnum);
    }
  }
  void StringArray(std::string key, const std::vector<std::string>& values, Presence presence) {
    if (presence == Presence::kDefaulted && values.empty() && rng_.OneIn(2)) return;
    std::string json = "[";
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (i > 0) json += ',';
      json += JsonString(values[i], style_);
    }
    Raw(std::move(key), ValueType::kStringArray, presence, json + "]");
  }
  void U64Array(std::string key, const std::vector<std::uint64_t>& values, Presence presence) {
    if (presence == Presence::kDefaulted && values.empty() && rng_.OneIn(2)) return;
    std::string json = "[";
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (i > 0) json += rng_.OneIn(4) ? ", " : ",";
      json += std::to_string(values[i]);
    }
    Raw(std::move(key), ValueType::kU64Array, presence, json + "]");
  }
  void Object(std::string key, std::vector<JsonMember> members, Presence presence) {
    JsonMember m;
    m.key = std::move(key);
    m.type = ValueType::kObject;
    m.presence = presence;
    m.members = std::move(members);
    members_.push_back(std::move(m));
  }
  /// An optional object that is None: absent or `null`.
  void AbsentObject(std::string key) { Absent(std::move(key), ValueType::kObject); }

  EscapeStyle style() const { return style_; }

  /// The members, with unknown keys added and the order sometimes shuffled.
  std::vector<JsonMember> Finish() {
    if (rng_.OneIn(4)) {
      const std::size_t count = 1 + rng_.Below(2);
      for (std::size_t i = 0; i < count; ++i) {
        JsonMember m;
        m.key = "x_" + RandomText(rng_, 4);
        m.type = ValueType::kAny;
        m.known = false;
        m.value = UnknownValue();
        const std::size_t at = rng_.Below(members_.size() + 1);
        // Repeating an unknown key is not an error (§1.0).
        if (rng_.OneIn(6)) {
          JsonMember again = m;
          again.value = UnknownValue();
          members_.insert(members_.begin() + static_cast<std::ptrdiff_t>(at), again);
        }
        members_.insert(members_.begin() + static_cast<std::ptrdiff_t>(at), std::move(m));
      }
    }
    if (rng_.OneIn(3)) rng_.Shuffle(members_);
    return std::move(members_);
  }

  /// A short string over an alphabet of ASCII, JSON specials, controls, U+007F and multi-byte
  /// characters (U+2028 and an astral one included).
  static std::string RandomText(RandomSource& rng, std::size_t max_length) {
    static const std::vector<std::string> kPieces = {
        "a",  "b",  "Z",  "0",    "7",    " ",      "\"",     "\\",     "/",
        "\n", "\t", "\r", "\x01", "\x1f", "\x7f",   "\u00e9", "\u4e2d", "\U0001F600",
        "-",  ".",  ":",  "\b",   "\f",   "\u2028", "\u00a0", "_",      std::string(1, '\0')};
    std::string text;
    const std::size_t length = rng.Below(max_length + 1);
    for (std::size_t i = 0; i < length; ++i) text += rng.Pick(kPieces);
    return text;
  }

 private:
  void Absent(std::string key, ValueType type) {
    // None is a missing key or an explicit null (§1.0).
    if (rng_.OneIn(3)) Raw(std::move(key), type, Presence::kOptional, "null");
  }
  std::string Double(double value) {
    return JsonDouble(value, static_cast<DoubleStyle>(rng_.Below(kDoubleStyleCount)));
  }
  std::string UnknownValue() {
    switch (rng_.Below(8)) {
      case 0:
        return JsonString(RandomText(rng_, 6), style_);
      case 1: {
        static const std::vector<std::string> kNumbers = {
            "0", "-0", "1.50", "2E-3", "-12", "18446744073709551616", "1e308", "0.1e1"};
        return rng_.Pick(kNumbers);
      }
      case 2:
        return rng_.OneIn(2) ? "true" : "false";
      case 3:
        return "null";
      case 4:
        return "[1, \"a\" ,{\"b\" : null},[]]";
      case 5:
        return "{\"k\":[{}],\"s\":" + JsonString(RandomText(rng_, 3), style_) + "}";
      case 6:
        return "{}";
      default:
        return std::to_string(rng_.Bits());
    }
  }

  RandomSource& rng_;
  EscapeStyle style_;
  std::vector<JsonMember> members_;
};

/// Generates streams and single records; mutations use the record builders to insert lines.
class TraceGenerator {
 public:
  explicit TraceGenerator(std::uint64_t seed) : rng_(seed) {}

  RandomSource& rng() { return rng_; }

  /// A valid stream with about `size` records between the meta and the terminal.
  GeneratedTrace Generate(std::size_t size) {
    GeneratedTrace trace;
    trace_ = &trace;
    trace.previous_schema = rng_.OneIn(3);
    const std::uint64_t crlf_mode = rng_.Below(3);  // none, all, mixed
    crlf_ = [crlf_mode, this] { return crlf_mode == 1 || (crlf_mode == 2 && rng_.OneIn(2)); };
    trace.final_newline = !rng_.OneIn(10);

    MaybeBlankLines();
    Emit(Meta(trace.previous_schema ? "candle-graph/trace/9" : "candle-graph/trace/10"));

    std::uint64_t now = rng_.OneIn(4) ? ExtremeU64() : rng_.Below(100);
    std::vector<std::size_t> open;  // indices into trace.spans, innermost last
    for (std::size_t k = 0; k < size; ++k) {
      now = Advance(now);
      const std::uint64_t roll = rng_.Below(100);
      if (roll < 20) {
        OpenSpan(open, now);
      } else if (roll < 35 && !open.empty()) {
        CloseSpan(open, now);
      } else {
        EmitInnerRecord(open, now);
      }
    }
    trace.failed = rng_.OneIn(3);
    // Under a failed terminal the open spans stay open; a complete one may leave some too.
    if (!trace.failed && !rng_.OneIn(4)) {
      while (!open.empty()) CloseSpan(open, now = Advance(now));
    }
    std::uint64_t slack = 0;
    switch (rng_.Below(4)) {
      case 0:
        slack = rng_.Below(1000);
        break;
      case 1:
        slack = ExtremeU64();
        break;
      default:
        break;  // equal to the latest evidence
    }
    trace.terminal_timestamp_ns = SaturatingAdd(trace.latest_evidence_ns, slack);
    std::optional<std::string> reason;
    if (trace.failed) reason = NonBlankText();
    Emit(Terminal(trace.failed, trace.terminal_timestamp_ns, reason));
    trace_ = nullptr;
    return trace;
  }

  // --- Record builders, each a valid record of its kind. -----------------------------------

  RecordLine Meta(std::string_view schema) {
    MemberList m = Start(RecordKind::kMeta);
    m.String("schema", schema);
    m.String("run_id", RandomText(6));
    m.String("correlation_id", RandomText(6));
    m.String("entrypoint", RandomText(6));
    m.Enum("phase", spellings::kPhase, rng_.Below(2));
    m.String("timestamp", "2026-01-01T00:00:00Z");
    m.U64("capture_step", U64Value());
    m.U64("warmup_steps", U64Value());
    m.String("device", RandomText(4));
    m.Bool("measured_region_device_synchronized", rng_.OneIn(2));
    m.Enum("timing_mode", spellings::kTimingMode, rng_.Below(2));
    m.Object("capture_contract", CaptureContract(m.style()), Presence::kRequired);
    if (rng_.OneIn(2)) {
      m.Object("comparison_identity", ComparisonIdentity(m.style()), Presence::kOptional);
    } else {
      m.AbsentObject("comparison_identity");
    }
    m.Raw("tags", ValueType::kStringMap, Presence::kRequired, Tags(m.style()));
    m.OptionalString("candle_version", MaybeText());
    return Finish(RecordKind::kMeta, m);
  }

  RecordLine SpanStart(const std::string& id, const std::optional<std::string>& parent_id,
                       std::uint64_t start_ns, bool measured) {
    MemberList m = Start(RecordKind::kSpanStart);
    m.String("id", id);
    m.OptionalString("parent_id", parent_id);
    m.String("name", RandomText(5));
    m.U64("start_ns", start_ns);
    m.Enum("span_kind", spellings::kSpanKind, rng_.Below(3));
    m.Bool("measured", measured);
    m.OptionalEnum("step", spellings::kStep, MaybeIndex(3));
    RecordLine line = Finish(RecordKind::kSpanStart, m);
    line.span_id = id;
    return line;
  }

  RecordLine SpanEnd(const std::string& id, std::uint64_t duration_ns) {
    MemberList m = Start(RecordKind::kSpanEnd);
    m.String("id", id);
    m.U64("duration_ns", duration_ns, Presence::kDefaulted);
    RecordLine line = Finish(RecordKind::kSpanEnd, m);
    line.span_id = id;
    return line;
  }

  /// An op at `timestamp_ns`; `resolved` receives its resolved output_dense_bytes.
  RecordLine Op(const std::string& span_id, std::uint64_t timestamp_ns, std::uint64_t duration_ns,
                std::optional<std::uint64_t>& resolved) {
    MemberList m = Start(RecordKind::kOp);
    m.String("span_id", span_id);
    m.String("op_name", RandomText(5));
    m.StringArray("inputs", Texts(3), Presence::kDefaulted);
    m.OptionalString("output", MaybeText());
    const std::vector<std::uint64_t> shape = Shape();
    const Dtype& dtype = rng_.Pick(Dtypes());
    m.U64Array("shape", shape, Presence::kRequired);
    m.String("dtype", dtype.text);
    m.String("device", RandomText(3));
    m.U64("duration_ns", duration_ns);
    m.U64("timestamp_ns", timestamp_ns, Presence::kDefaulted);
    const std::optional<std::uint64_t> explicit_bytes = MaybeU64();
    m.OptionalU64("output_dense_bytes", explicit_bytes);
    m.U64("input_dense_bytes", U64Value());
    resolved = Resolve(explicit_bytes, shape, dtype);
    return Finish(RecordKind::kOp, m);
  }

  RecordLine Tensor(const std::string& span_id, std::optional<std::uint64_t>& resolved) {
    MemberList m = Start(RecordKind::kTensor);
    m.String("span_id", span_id);
    m.String("tensor_id", rng_.Pick(TensorIds()));
    m.OptionalString("label", MaybeText());
    const std::vector<std::uint64_t> shape = Shape();
    const Dtype& dtype = rng_.Pick(Dtypes());
    m.U64Array("shape", shape, Presence::kRequired);
    m.String("dtype", dtype.text);
    m.String("device", RandomText(3));
    m.Bool("requires_grad", rng_.OneIn(2));
    const std::optional<std::uint64_t> explicit_bytes = MaybeU64();
    m.OptionalU64("dense_bytes", explicit_bytes);
    m.Enum("category", spellings::kCategory, rng_.Below(5), Presence::kDefaulted, 4);
    resolved = Resolve(explicit_bytes, shape, dtype);
    return Finish(RecordKind::kTensor, m);
  }

  /// A tensor_stats record that passes every validity rule of §2.2 7.
  RecordLine TensorStats(const std::string& span_id, ExpectedTensorStats& values) {
    std::vector<std::uint64_t> shape = Shape();
    std::optional<std::uint64_t> elements = CheckedProduct(shape);
    if (!elements) {
      shape.clear();
      elements = 1;
    }
    values = {NonNegativeDouble(), NonNegativeDouble(), DoubleValue()};
    return TensorStatsWith(span_id, NonBlankText(), shape, *elements, rng_.UpTo(*elements), values);
  }

  /// A tensor_stats record with the given contents, valid or not.
  RecordLine TensorStatsWith(const std::string& span_id, const std::string& label,
                             const std::vector<std::uint64_t>& shape, std::uint64_t elements,
                             std::uint64_t non_finite, const ExpectedTensorStats& values) {
    MemberList m = Start(RecordKind::kTensorStats);
    m.String("span_id", span_id);
    m.String("label", label);
    m.U64Array("shape", shape, Presence::kRequired);
    m.String("dtype", rng_.Pick(Dtypes()).text);
    m.U64("elements", elements);
    m.U64("non_finite", non_finite);
    m.F64("rms", values.rms);
    m.F64("abs_max", values.abs_max);
    m.F64("mean", values.mean);
    return Finish(RecordKind::kTensorStats, m);
  }

  RecordLine Memory(const std::string& span_id, std::uint64_t timestamp_ns, bool alloc,
                    const std::string& storage_id) {
    MemberList m = Start(RecordKind::kMemory);
    m.U64("timestamp_ns", timestamp_ns);
    m.String("storage_id", storage_id);
    m.String("tensor_id", rng_.Pick(TensorIds()));
    m.String("span_id", span_id);
    m.OptionalString("op_name", MaybeText());
    m.String("device", rng_.Pick(Devices()));
    m.U64("bytes", U64Value());
    m.Enum("action", spellings::kAction, alloc ? 0 : 1);
    m.U64Array("shape", Shape(), Presence::kDefaulted);
    m.String("dtype", rng_.Pick(Dtypes()).text);
    m.Enum("category", spellings::kCategory, rng_.Below(5), Presence::kDefaulted, 4);
    return Finish(RecordKind::kMemory, m);
  }

  RecordLine DeviceMemory(std::uint64_t timestamp_ns) {
    MemberList m = Start(RecordKind::kDeviceMemory);
    m.U64("timestamp_ns", timestamp_ns);
    m.String("device", rng_.Pick(Devices()));
    m.OptionalU64("used_bytes", MaybeU64());
    m.OptionalU64("free_bytes", MaybeU64());
    m.OptionalU64("reserved_bytes", MaybeU64());
    m.OptionalU64("capacity_bytes", MaybeU64());
    return Finish(RecordKind::kDeviceMemory, m);
  }

  RecordLine DeviceInterval(const std::string& span_id) {
    MemberList m = Start(RecordKind::kDeviceInterval);
    m.String("span_id", span_id);
    m.String("device", rng_.Pick(Devices()));
    m.String("stream_id", RandomText(3));
    m.String("clock_id", RandomText(3));
    m.String("backend", RandomText(3));
    // Device intervals are not host evidence, so any value keeps the stream valid.
    m.U64("start_ns", U64Value());
    m.U64("duration_ns", U64Value());
    return Finish(RecordKind::kDeviceInterval, m);
  }

  RecordLine Gradient(std::optional<double>& norm) {
    MemberList m = Start(RecordKind::kGradient);
    m.String("event_id", RandomText(4));
    m.String("root", RandomText(3));
    m.String("key", RandomText(5));
    m.Enum("state", spellings::kGradientState, rng_.Below(4));
    norm = rng_.OneIn(3) ? std::nullopt : std::optional<double>(DoubleValue());
    m.OptionalF64("norm", norm);
    return Finish(RecordKind::kGradient, m);
  }

  RecordLine Edge() {
    MemberList m = Start(RecordKind::kEdge);
    const bool call = rng_.OneIn(2);
    m.Enum("edge_kind", spellings::kEdgeKind, call ? 0 : 1);
    if (call) {
      m.String("from_span", RandomText(3));
      m.String("to_span", RandomText(3));
      m.U64("host_duration_ns", U64Value());
    } else {
      m.String("from_tensor", RandomText(3));
      m.String("to_tensor", RandomText(3));
    }
    return Finish(RecordKind::kEdge, m);
  }

  RecordLine Terminal(bool failed, std::uint64_t timestamp_ns,
                      const std::optional<std::string>& reason) {
    MemberList m = Start(RecordKind::kTerminal);
    m.Enum("outcome", spellings::kOutcome, failed ? 1 : 0);
    m.U64("timestamp_ns", timestamp_ns);
    m.OptionalString("reason", reason);
    return Finish(RecordKind::kTerminal, m);
  }

  /// Any valid record of `kind` (its contents not tracked), for lines a mutation adds.
  RecordLine AnyRecord(RecordKind kind) {
    std::optional<std::uint64_t> bytes;
    ExpectedTensorStats stats;
    std::optional<double> norm;
    switch (kind) {
      case RecordKind::kMeta:
        return Meta("candle-graph/trace/10");
      case RecordKind::kSpanStart:
        return SpanStart(FreshSpanId(), MaybeText(), U64Value(), rng_.OneIn(2));
      case RecordKind::kSpanEnd:
        return SpanEnd(FreshSpanId(), U64Value());
      case RecordKind::kOp:
        return Op(RandomText(3), U64Value(), U64Value(), bytes);
      case RecordKind::kTensor:
        return Tensor(RandomText(3), bytes);
      case RecordKind::kTensorStats:
        return TensorStats(RandomText(3), stats);
      case RecordKind::kMemory:
        return Memory(RandomText(3), U64Value(), rng_.OneIn(2), rng_.Pick(Storages()));
      case RecordKind::kDeviceMemory:
        return DeviceMemory(U64Value());
      case RecordKind::kDeviceInterval:
        return DeviceInterval(RandomText(3));
      case RecordKind::kGradient:
        return Gradient(norm);
      case RecordKind::kEdge:
        return Edge();
      case RecordKind::kTerminal:
        break;
    }
    return Terminal(false, U64Value(), std::nullopt);
  }

  /// A record line wrapped as a physical line, sometimes with white space around it.
  StreamLine Line(RecordLine record) {
    StreamLine line;
    line.record = std::move(record);
    if (rng_.OneIn(10)) line.leading = rng_.Pick(kWhiteSpace);
    if (rng_.OneIn(10)) line.trailing = rng_.Pick(kWhiteSpace);
    line.crlf = crlf_ ? crlf_() : rng_.OneIn(2);
    return line;
  }

  StreamLine BlankLine() {
    static const std::vector<std::string> kBlanks = {
        "", " ", "\t", "\u00a0", "\u3000", " \t\u2028 ", "\u0085", "\r", "\u2003\x0c"};
    StreamLine line;
    line.leading = rng_.Pick(kBlanks);
    line.crlf = crlf_ ? crlf_() : rng_.OneIn(2);
    return line;
  }

  // --- Values. --------------------------------------------------------------------------------

  std::string RandomText(std::size_t max_length) {
    return MemberList::RandomText(rng_, max_length);
  }
  /// A string that is not blank: something that is not white space, maybe white space around.
  std::string NonBlankText() {
    static const std::vector<std::string> kVisible = {"x", "\u00e9", "\U0001F600", "\"", "0"};
    std::string text = rng_.OneIn(4) ? rng_.Pick(kWhiteSpace) : "";
    text += rng_.Pick(kVisible);
    text += RandomText(4);
    return text;
  }
  /// A span id no generated span has: the counter makes it unique.
  std::string FreshSpanId() { return RandomText(3) + "#" + std::to_string(span_counter_++); }

  /// Small values mostly, extreme ones often enough to saturate sums.
  std::uint64_t U64Value() {
    switch (rng_.Below(10)) {
      case 0:
        return ExtremeU64();
      case 1:
        return rng_.Bits();
      case 2:
        return rng_.Below(1'000'000);
      default:
        return rng_.Below(16);
    }
  }
  std::uint64_t ExtremeU64() {
    static const std::vector<std::uint64_t> kExtremes = {0,
                                                         1,
                                                         std::uint64_t{1} << 32,
                                                         (std::uint64_t{1} << 53) + 1,
                                                         std::uint64_t{1} << 63,
                                                         kU64Max - 1,
                                                         kU64Max};
    return rng_.Pick(kExtremes);
  }
  double DoubleValue() {
    static const std::vector<double> kSpecial = {0.0,
                                                 -0.0,
                                                 5e-324,
                                                 -5e-324,
                                                 2.2250738585072014e-308,
                                                 2.2250738585072009e-308,
                                                 1.7976931348623157e308,
                                                 -1.7976931348623157e308,
                                                 0.1,
                                                 0.30000000000000004,
                                                 1e15,
                                                 1e16,
                                                 1e21,
                                                 1e-7,
                                                 0.00001,
                                                 -2.5e-7,
                                                 1658206780088562.25,
                                                 9007199254740993.0,
                                                 1.2345678901234568e20,
                                                 3.0};
    switch (rng_.Below(4)) {
      case 0:
        return rng_.Pick(kSpecial);
      case 1: {
        // Any finite bit pattern.
        for (;;) {
          const std::uint64_t bits = rng_.Bits();
          double value = 0;
          static_assert(sizeof value == sizeof bits);
          std::memcpy(&value, &bits, sizeof value);
          if (std::isfinite(value)) return value;
        }
      }
      case 2:
        return static_cast<double>(static_cast<std::int64_t>(rng_.Below(2001)) - 1000);
      default:
        return static_cast<double>(rng_.Bits() % 1'000'000) / 997.0;
    }
  }
  /// Passes the rms and abs_max rules: finite and not below 0 (-0.0 passes).
  double NonNegativeDouble() {
    const double value = DoubleValue();
    return value == 0 ? value : std::fabs(value);
  }

 private:
  struct Dtype {
    std::string text;
    std::uint64_t size = 0;  // 0: not in the table (§2.3)
  };
  static const std::vector<Dtype>& Dtypes() {
    static const std::vector<Dtype> kDtypes = {{"f32", 4},
                                               {"F32", 4},
                                               {" BF16 ", 2},
                                               {"Bf16", 2},
                                               {"u8", 1},
                                               {"i8", 1},
                                               {"bool", 1},
                                               {"f8", 1},
                                               {"u16", 2},
                                               {"i16", 2},
                                               {"f16", 2},
                                               {"u32", 4},
                                               {"i32", 4},
                                               {"u64", 8},
                                               {"I64", 8},
                                               {"f64", 8},
                                               {"\u3000f16\u00a0", 2},
                                               {"float32", 0},
                                               {"f8e4m3", 0},
                                               {"u4", 0},
                                               {"", 0},
                                               {"f32\u00e9", 0},
                                               {"\u00a0", 0}};
    return kDtypes;
  }
  /// Few storages, so aliases (one storage, several tensors) and re-allocations are common.
  static const std::vector<std::string>& Storages() {
    static const std::vector<std::string> kStorages = {"st-0", "st-1", "st-\u00e9", "st-\t"};
    return kStorages;
  }
  static const std::vector<std::string>& TensorIds() {
    static const std::vector<std::string> kIds = {"t0", "t1", "t\u4e2d", "t\"q"};
    return kIds;
  }
  static const std::vector<std::string>& Devices() {
    static const std::vector<std::string> kDevices = {"cpu", "cuda:0", "cuda:1", "m\u00e9tal"};
    return kDevices;
  }

  static std::optional<std::uint64_t> Resolve(std::optional<std::uint64_t> explicit_bytes,
                                              const std::vector<std::uint64_t>& shape,
                                              const Dtype& dtype) {
    if (explicit_bytes) return explicit_bytes;
    if (dtype.size == 0) return std::nullopt;
    std::uint64_t elements = 1;
    for (const std::uint64_t d : shape) elements = SaturatingMul(elements, d);
    return SaturatingMul(elements, dtype.size);
  }

  MemberList Start(RecordKind kind) {
    MemberList m(rng_, static_cast<EscapeStyle>(rng_.Below(kEscapeStyleCount)));
    m.Raw("kind", ValueType::kEnum, Presence::kRequired, JsonString(KindName(kind), m.style()));
    return m;
  }
  RecordLine Finish(RecordKind kind, MemberList& m) {
    RecordLine line;
    line.kind = kind;
    line.style = m.style();
    line.layout = static_cast<Layout>(rng_.Below(kLayoutCount));
    line.members = m.Finish();
    return line;
  }

  std::vector<JsonMember> CaptureContract(EscapeStyle style) {
    MemberList m(rng_, style);
    m.Enum("measurement_scope", spellings::kScope, rng_.Below(3));
    m.Enum("operations", spellings::kCoverage, rng_.Below(3));
    m.Enum("tensors", spellings::kCoverage, rng_.Below(3), Presence::kDefaulted);
    m.Enum("gradients", spellings::kCoverage, rng_.Below(3), Presence::kDefaulted);
    if (rng_.OneIn(3)) {
      m.Object("gradient_contract", GradientContract(style), Presence::kOptional);
    } else {
      m.AbsentObject("gradient_contract");
    }
    m.Enum("logical_memory", spellings::kCoverage, rng_.Below(3));
    m.Enum("physical_memory", spellings::kCoverage, rng_.Below(3));
    m.Enum("device_timing", spellings::kCoverage, rng_.Below(3));
    m.StringArray("required_semantic_labels", Texts(2), Presence::kDefaulted);
    m.StringArray("gpu_expected_semantic_labels", Texts(2), Presence::kDefaulted);
    m.StringArray("cpu_only_semantic_labels", Texts(2), Presence::kDefaulted);
    return m.Finish();
  }

  std::vector<JsonMember> GradientContract(EscapeStyle style) {
    MemberList m(rng_, style);
    m.String("manifest_sha256", RandomText(8));
    bool holds_unknown = false;
    std::string expected = "[";
    for (std::uint64_t i = 0, n = rng_.Below(3); i < n; ++i) {
      MemberList entry(rng_, style);
      entry.String("root", RandomText(3));
      entry.String("key", RandomText(3));
      entry.String("family", RandomText(3));
      if (i > 0) expected += ',';
      holds_unknown |= AppendEntry(expected, entry.Finish(), style, Layout::kCompact);
    }
    m.Raw("expected", ValueType::kObjectArray, Presence::kRequired, expected + "]");
    std::string families = "[";
    for (std::uint64_t i = 0, n = rng_.Below(3); i < n; ++i) {
      MemberList entry(rng_, style);
      entry.String("family", RandomText(3));
      entry.Enum("expectation", spellings::kExpectation, rng_.Below(3));
      entry.U64("min_present", U64Value());
      if (i > 0) families += ',';
      holds_unknown |= AppendEntry(families, entry.Finish(), style, Layout::kSpaced);
    }
    m.Raw("families", ValueType::kObjectArray, Presence::kRequired, families + "]");
    std::vector<JsonMember> members = m.Finish();
    for (JsonMember& member : members) member.holds_unknown = member.known && holds_unknown;
    return members;
  }

  /// Appends one list entry; true when it has unknown keys.
  static bool AppendEntry(std::string& out, const std::vector<JsonMember>& members,
                          EscapeStyle style, Layout layout) {
    AppendObject(out, members, style, layout);
    return std::any_of(members.begin(), members.end(),
                       [](const JsonMember& m) { return !m.known; });
  }

  std::vector<JsonMember> ComparisonIdentity(EscapeStyle style) {
    MemberList m(rng_, style);
    m.OptionalString("implementation_id", MaybeText());
    m.String("workload_id", RandomText(3));
    m.String("model_id", RandomText(3));
    m.String("config_id", RandomText(3));
    m.String("data_id", RandomText(3));
    m.String("seed_policy", RandomText(3));
    m.U64("physical_batch", U64Value());
    m.U64("accumulation_steps", U64Value());
    m.String("precision", RandomText(3));
    m.String("device_state", RandomText(3));
    m.OptionalString("pair_id", MaybeText());
    return m.Finish();
  }

  /// A tags map; a repeated key is allowed there and the last value wins (§1.0).
  std::string Tags(EscapeStyle style) {
    std::string json = "{";
    for (std::uint64_t i = 0, n = rng_.Below(4); i < n; ++i) {
      if (i > 0) json += ',';
      json += JsonString(rng_.OneIn(3) ? "k" : RandomText(3), style) + ":" +
              JsonString(RandomText(4), style);
    }
    return json + "}";
  }

  std::optional<std::string> MaybeText() {
    return rng_.OneIn(2) ? std::nullopt : std::optional<std::string>(RandomText(4));
  }
  std::optional<std::uint64_t> MaybeU64() {
    return rng_.OneIn(2) ? std::nullopt : std::optional<std::uint64_t>(U64Value());
  }
  std::optional<std::size_t> MaybeIndex(std::size_t count) {
    return rng_.OneIn(2) ? std::nullopt : std::optional<std::size_t>(rng_.Below(count));
  }
  std::vector<std::string> Texts(std::size_t max_count) {
    std::vector<std::string> texts(rng_.Below(max_count + 1));
    for (std::string& t : texts) t = RandomText(3);
    return texts;
  }
  std::vector<std::uint64_t> Shape() {
    std::vector<std::uint64_t> shape(rng_.Below(4));
    for (std::uint64_t& d : shape) d = rng_.OneIn(12) ? ExtremeU64() : rng_.Below(9);
    return shape;
  }

  /// Time moves forward: often not at all (equal timestamps), sometimes by a lot.
  std::uint64_t Advance(std::uint64_t now) {
    switch (rng_.Below(10)) {
      case 0:
      case 1:
      case 2:
      case 3:
        return now;
      case 4:
        return SaturatingAdd(now, rng_.Below(std::uint64_t{1} << 40));
      case 5:
        return rng_.OneIn(4) ? std::max(now, kU64Max - rng_.Below(1000)) : now;
      default:
        return SaturatingAdd(now, rng_.Below(1000));
    }
  }

  void Evidence(std::uint64_t end_ns) {
    trace_->latest_evidence_ns = std::max(trace_->latest_evidence_ns, end_ns);
  }

  void Emit(RecordLine record) {
    ++trace_->records_by_kind[static_cast<std::size_t>(record.kind)];
    trace_->lines.push_back(Line(std::move(record)));
    MaybeBlankLines();
  }
  void MaybeBlankLines() {
    if (!rng_.OneIn(6)) return;
    for (std::uint64_t i = 0, n = 1 + rng_.Below(2); i < n; ++i) {
      trace_->lines.push_back(BlankLine());
    }
  }

  void OpenSpan(std::vector<std::size_t>& open, std::uint64_t now) {
    ExpectedSpan span;
    span.id = FreshSpanId();
    if (!open.empty()) {
      // Parent existence is not checked by the fold: sometimes name one that never starts.
      span.parent_id = rng_.OneIn(10) ? "ghost-" + RandomText(2) : trace_->spans[open.back()].id;
    }
    span.measured = rng_.OneIn(2);
    span.start_ns = now;
    Evidence(now);
    Emit(SpanStart(span.id, span.parent_id, span.start_ns, span.measured));
    open.push_back(trace_->spans.size());
    trace_->spans.push_back(std::move(span));
  }

  void CloseSpan(std::vector<std::size_t>& open, std::uint64_t now) {
    // Mostly the innermost; sometimes another one, which the fold allows.
    const std::size_t at = rng_.OneIn(8) ? rng_.Below(open.size()) : open.size() - 1;
    ExpectedSpan& span = trace_->spans[open[at]];
    open.erase(open.begin() + static_cast<std::ptrdiff_t>(at));
    span.closed = true;
    span.duration_ns = rng_.OneIn(20) ? ExtremeU64() : now - span.start_ns;
    Evidence(SaturatingAdd(span.start_ns, span.duration_ns));
    Emit(SpanEnd(span.id, span.duration_ns));
  }

  void EmitInnerRecord(const std::vector<std::size_t>& open, std::uint64_t now) {
    // Records name the innermost open span; outside any span, any string will do.
    const std::string span_id =
        !open.empty() && !rng_.OneIn(10) ? trace_->spans[open.back()].id : RandomText(3);
    std::vector<RecordKind> kinds = {RecordKind::kOp,
                                     RecordKind::kOp,
                                     RecordKind::kTensor,
                                     RecordKind::kMemory,
                                     RecordKind::kMemory,
                                     RecordKind::kDeviceMemory,
                                     RecordKind::kDeviceInterval,
                                     RecordKind::kGradient,
                                     RecordKind::kEdge};
    if (!trace_->previous_schema) kinds.push_back(RecordKind::kTensorStats);
    switch (rng_.Pick(kinds)) {
      case RecordKind::kOp: {
        const std::uint64_t duration = rng_.OneIn(15) ? ExtremeU64() : rng_.Below(5000);
        std::optional<std::uint64_t> resolved;
        Emit(Op(span_id, now, duration, resolved));
        trace_->op_dense_bytes.push_back(resolved);
        Evidence(SaturatingAdd(now, duration));
        break;
      }
      case RecordKind::kTensor: {
        std::optional<std::uint64_t> resolved;
        Emit(Tensor(span_id, resolved));
        trace_->tensor_dense_bytes.push_back(resolved);
        break;
      }
      case RecordKind::kTensorStats: {
        ExpectedTensorStats values;
        Emit(TensorStats(span_id, values));
        trace_->tensor_stats.push_back(values);
        break;
      }
      case RecordKind::kMemory: {
        const bool alloc = !rng_.OneIn(3);
        ++(alloc ? trace_->alloc_count : trace_->free_count);
        trace_->memory_storages.push_back(rng_.Pick(Storages()));
        Emit(Memory(span_id, now, alloc, trace_->memory_storages.back()));
        Evidence(now);
        break;
      }
      case RecordKind::kDeviceMemory:
        Emit(DeviceMemory(now));
        Evidence(now);
        break;
      case RecordKind::kDeviceInterval:
        Emit(DeviceInterval(span_id));
        break;
      case RecordKind::kGradient: {
        std::optional<double> norm;
        Emit(Gradient(norm));
        trace_->gradient_norms.push_back(norm);
        break;
      }
      default:
        Emit(Edge());
        break;
    }
  }

  RandomSource rng_;
  GeneratedTrace* trace_ = nullptr;
  std::uint64_t span_counter_ = 0;
  std::function<bool()> crlf_;
};

}  // namespace tracedoc::property

#endif  // TRACEDOC_TESTS_PROPERTY_TRACE_GENERATOR_HPP_
