// The tables of a batch's records and the value rules of the spool's own types.
#include "cirron/record_tables.hpp"

#include <array>
#include <cmath>
#include <string>

#include "cirron/hex_id.hpp"
#include "json/number.hpp"
#include "tracedoc/diagnostic.hpp"
#include "util/overloaded.hpp"

namespace tracedoc {

template <>
std::span<const std::string_view> EnumSpellings<CirronMarkKind>() noexcept {
  static constexpr std::array<std::string_view, 2> kSpellings = {"point", "summary"};
  return kSpellings;
}
template <>
std::span<const std::string_view> EnumSpellings<CirronSnapshotMode>() noexcept {
  static constexpr std::array<std::string_view, 3> kSpellings = {"stats", "sampled", "full"};
  return kSpellings;
}
template <>
std::span<const std::string_view> EnumSpellings<cirron::MarkValueType>() noexcept {
  static constexpr std::array<std::string_view, 4> kSpellings = {"float", "int", "string", "bool"};
  return kSpellings;
}

namespace cirron {
namespace {

bool ReadEndNs(format::DecodeContext& ctx, std::uint32_t node, SpanView& span);
bool ReadMarkValue(format::DecodeContext& ctx, std::uint32_t node, MarkView& mark);
bool ReadBlobUri(format::DecodeContext& ctx, std::uint32_t node, SnapshotView& snapshot);

using format::ForeignField;
using format::FieldSpec;

constexpr FieldSpec<BatchView> kBatchFields[] = {
    ForeignField<BatchView, &BatchView::schema_version>("schema_version"),
    ForeignField<BatchView, &BatchView::sdk_version>("sdk_version"),
    ForeignField<BatchView, &BatchView::batch_id>("batch_id"),
    ForeignField<BatchView, &BatchView::created_ns>("created_ns"),
    ForeignField<BatchView, &BatchView::spans>("spans"),
    ForeignField<BatchView, &BatchView::marks>("marks"),
    ForeignField<BatchView, &BatchView::snapshots>("snapshots"),
};

constexpr FieldSpec<SpanView> kSpanFields[] = {
    ForeignField<SpanView, &SpanView::id>("id"),
    ForeignField<SpanView, &SpanView::name>("name"),
    ForeignField<SpanView, &SpanView::parent_id>("parent_id"),
    ForeignField<SpanView, &SpanView::index>("index"),
    ForeignField<SpanView, &SpanView::start_ns>("start_ns"),
    ForeignField<SpanView, &SpanView::end_ns>("end_ns", &ReadEndNs),
    ForeignField<SpanView, &SpanView::cpu_ns>("cpu_ns"),
    ForeignField<SpanView, &SpanView::gpu_ns>("gpu_ns"),
    ForeignField<SpanView, &SpanView::memory_peak_bytes>("memory_peak_bytes"),
    ForeignField<SpanView, &SpanView::thread_id>("thread_id"),
    ForeignField<SpanView, &SpanView::pid>("pid"),
    ForeignField<SpanView, &SpanView::rank>("rank"),
    ForeignField<SpanView, &SpanView::attrs>("attrs"),
    ForeignField<SpanView, &SpanView::mark_ids>("mark_ids"),
};

constexpr FieldSpec<MarkView> kMarkFields[] = {
    ForeignField<MarkView, &MarkView::id>("id"),
    ForeignField<MarkView, &MarkView::span_id>("span_id"),
    ForeignField<MarkView, &MarkView::name>("name"),
    ForeignField<MarkView, &MarkView::value_type>("value_type"),
    ForeignField<MarkView, &MarkView::value>("value", &ReadMarkValue),
    ForeignField<MarkView, &MarkView::attrs>("attrs"),
    ForeignField<MarkView, &MarkView::ts_ns>("ts_ns"),
    ForeignField<MarkView, &MarkView::kind>("kind"),
};

constexpr FieldSpec<SnapshotView> kSnapshotFields[] = {
    ForeignField<SnapshotView, &SnapshotView::id>("id"),
    ForeignField<SnapshotView, &SnapshotView::span_id>("span_id"),
    ForeignField<SnapshotView, &SnapshotView::tensor_name>("tensor_name"),
    ForeignField<SnapshotView, &SnapshotView::shape>("shape"),
    ForeignField<SnapshotView, &SnapshotView::dtype>("dtype"),
    ForeignField<SnapshotView, &SnapshotView::mode>("mode"),
    ForeignField<SnapshotView, &SnapshotView::stats>("stats"),
    ForeignField<SnapshotView, &SnapshotView::blob_uri>("blob_uri", &ReadBlobUri),
    ForeignField<SnapshotView, &SnapshotView::ts_ns>("ts_ns"),
    ForeignField<SnapshotView, &SnapshotView::attrs>("attrs"),
};

constexpr FieldSpec<StatsView> kStatsFields[] = {
    ForeignField<StatsView, &StatsView::mean>("mean"),
    ForeignField<StatsView, &StatsView::std>("std"),
    ForeignField<StatsView, &StatsView::min>("min"),
    ForeignField<StatsView, &StatsView::max>("max"),
    ForeignField<StatsView, &StatsView::norm>("norm"),
    ForeignField<StatsView, &StatsView::histogram>("histogram"),
};

constexpr FieldSpec<HistogramView> kHistogramFields[] = {
    ForeignField<HistogramView, &HistogramView::bins>("bins"),
    ForeignField<HistogramView, &HistogramView::counts>("counts"),
};

// The stats and the histogram tolerate keys of their own, and do not keep them.
constexpr format::ObjectPolicy kTolerantPolicy{.drop_unknown = true, .table_order = true};

using format::ForEachElement;
using format::ReadElement;

bool BadHistogram(format::DecodeContext& ctx, std::uint32_t node, std::string message) {
  return ctx.FailAt(node, ErrorCode::kCirronInvalidHistogram, std::move(message));
}

}  // namespace

bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, HexId& out) {
  if (ctx.node(node).type != json::NodeType::kString) return FailType(ctx, node, "a string");
  out.text = ctx.text(node);
  if (!IsHexId(out.text)) {
    return ctx.FailAt(node, ErrorCode::kCirronInvalidId, "an id is 32 lower-case hex digits");
  }
  return true;
}

bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, MarkSpanId& out) {
  if (ctx.node(node).type != json::NodeType::kString) return FailType(ctx, node, "a string");
  out.text = ctx.text(node);
  if (!out.root() && !IsHexId(out.text)) {
    return ctx.FailAt(node, ErrorCode::kCirronInvalidId,
                      "a mark's span_id is 32 lower-case hex digits or \"root\"");
  }
  return true;
}

bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, JsonObjectText& out) {
  if (ctx.node(node).type != json::NodeType::kObject) return FailType(ctx, node, "a map");
  std::string& json = ctx.json_scratch;
  json.clear();
  format::CompactJsonOptions options;
  options.non_finite_as_strings = ctx.non_finite_as_strings;
  format::AppendCompactJson(ctx.tape, node, json, options);
  out.json = ctx.arena.CopyString(json);
  return true;
}

bool ReadValue(format::DecodeContext&, std::uint32_t node, MarkValue& out) {
  out.node = node;
  return true;
}

bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, SpoolNumber& out) {
  using format::ReadValue;
  return ReadValue(ctx, node, out.value);
}

void WriteValue(emit::JsonEmitter& json, const SpoolNumber& number) {
  const double value = number.value;
  if (std::isfinite(value)) {
    json.Double(value);
  } else {
    json.String(std::isnan(value) ? "NaN" : value < 0 ? "-Infinity" : "Infinity");
  }
}

void WriteValue(emit::JsonEmitter& json, const MarkValue& value) {
  std::visit(util::Overloaded{
                 [&](double number) { WriteValue(json, SpoolNumber{number}); },
                 [&](std::int64_t integer) {
                   json.Raw(std::to_string(integer));
                 },
                 [&](std::string_view text) { json.String(text); },
                 [&](bool flag) { json.Bool(flag); },
             },
             value.typed);
}

void WriteValue(emit::JsonEmitter& json, const HistogramBins& bins) {
  json.BeginArray();
  for (const double edge : bins.edges) WriteValue(json, SpoolNumber{edge});
  json.EndArray();
}

void WriteValue(emit::JsonEmitter& json, const HistogramCounts& counts) {
  json.BeginArray();
  for (const std::uint64_t count : counts.counts) json.U64(count);
  json.EndArray();
}

void WriteValue(emit::JsonEmitter& json, const HistogramView& histogram) {
  json.BeginObject();
  format::WriteFields(json, HistogramFields(),
                      histogram, UnknownFields());
  json.EndObject();
}

void WriteValue(emit::JsonEmitter& json, const StatsView& stats) {
  json.BeginObject();
  format::WriteFields(json, StatsFields(), stats,
                      UnknownFields());
  json.EndObject();
}

bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, SchemaVersion&) {
  const json::Node& n = ctx.node(node);
  std::uint64_t version = 0;
  if (n.type == json::NodeType::kNumber &&
      json::ParseU64(ctx.text(node), version) == json::U64Status::kOk && version == 1) {
    return true;
  }
  std::string written;
  format::AppendCompactJson(ctx.tape, node, written);
  return ctx.FailAt(node, ErrorCode::kCirronUnsupportedSchema,
                    "schema_version " + QuoteName(written) + " is not 1, the one read");
}

bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, HistogramBins& out) {
  const json::Node& n = ctx.node(node);
  if (n.type != json::NodeType::kArray) return FailType(ctx, node, "a sequence");
  if (n.count != out.edges.size()) {
    return BadHistogram(ctx, node, "17 bins, not " + std::to_string(n.count));
  }
  return ForEachElement(ctx, node, [&](std::uint32_t i, std::uint32_t item) {
    if (!ReadElement(ctx, i, item, out.edges[i])) return false;
    // A NaN edge compares with nothing and passes.
    if (i > 0 && out.edges[i] < out.edges[i - 1]) {
      const format::PathStep step{ctx.path, {}, static_cast<std::int64_t>(i)};
      const format::PathStep* saved = ctx.path;
      ctx.path = &step;
      BadHistogram(ctx, item, "a bin below the one before it");
      ctx.path = saved;
      return false;
    }
    return true;
  });
}

bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, HistogramCounts& out) {
  const json::Node& n = ctx.node(node);
  if (n.type != json::NodeType::kArray) return FailType(ctx, node, "a sequence");
  if (n.count != out.counts.size()) {
    return BadHistogram(ctx, node, "16 counts, not " + std::to_string(n.count));
  }
  return ForEachElement(ctx, node, [&](std::uint32_t i, std::uint32_t item) {
    const json::Node& value = ctx.node(item);
    const std::string_view literal =
        value.type == json::NodeType::kNumber ? ctx.text(item) : std::string_view();
    // A negative count breaks the histogram's rule before the integer's.
    if (!literal.empty() && literal.front() == '-' && !value.is_float_literal) {
      const format::PathStep step{ctx.path, {}, static_cast<std::int64_t>(i)};
      const format::PathStep* saved = ctx.path;
      ctx.path = &step;
      BadHistogram(ctx, item, "a negative count");
      ctx.path = saved;
      return false;
    }
    return ReadElement(ctx, i, item, out.counts[i]);
  });
}

bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, HistogramView& out) {
  return format::ReadObject(ctx, node, HistogramFields(),
                            out, out.unknown, {}, kTolerantPolicy);
}

bool ReadValue(format::DecodeContext& ctx, std::uint32_t node, StatsView& out) {
  return format::ReadObject(ctx, node, StatsFields(), out,
                            out.unknown, {}, kTolerantPolicy);
}

std::span<const FieldSpec<BatchView>> BatchFields() { return kBatchFields; }
std::span<const FieldSpec<SpanView>> SpanFields() { return kSpanFields; }
std::span<const FieldSpec<MarkView>> MarkFields() { return kMarkFields; }
std::span<const FieldSpec<SnapshotView>> SnapshotFields() { return kSnapshotFields; }
std::span<const FieldSpec<StatsView>> StatsFields() { return kStatsFields; }
std::span<const FieldSpec<HistogramView>> HistogramFields() { return kHistogramFields; }

namespace {

// end_ns: a count, not before start_ns (which the table reads first).
bool ReadEndNs(format::DecodeContext& ctx, std::uint32_t node, SpanView& span) {
  using format::ReadValue;
  if (!ReadValue(ctx, node, span.end_ns)) return false;
  if (span.end_ns >= span.start_ns) return true;
  return ctx.FailAt(node, ErrorCode::kCirronEndBeforeStart,
                    "end_ns " + std::to_string(span.end_ns) + " is before start_ns " +
                        std::to_string(span.start_ns));
}

// value: of the mark's value_type (read first): float any number (NaN and the infinities
// included, an integer literal too), int an integer literal within 64 bits, string a string,
// bool true or false.
bool ReadMarkValue(format::DecodeContext& ctx, std::uint32_t node, MarkView& mark) {
  mark.value.node = node;
  const json::Node& n = ctx.node(node);
  auto mismatch = [&] {
    return ctx.FailAt(node, ErrorCode::kCirronValueTypeMismatch,
                      "value is not of value_type \"" + std::string(EnumName(mark.value_type)) +
                          "\"");
  };
  switch (mark.value_type) {
    case MarkValueType::kFloat: {
      double value = 0;
      if (n.type != json::NodeType::kNumber || !json::ParseF64(ctx.text(node), value)) {
        return mismatch();
      }
      mark.value.typed = value;
      return true;
    }
    case MarkValueType::kInt: {
      if (n.type != json::NodeType::kNumber || n.is_float_literal) return mismatch();
      const std::string_view literal = ctx.text(node);
      const bool negative = literal.front() == '-';
      std::uint64_t magnitude = 0;
      const json::U64Status status =
          json::ParseU64(negative ? literal.substr(1) : literal, magnitude);
      constexpr std::uint64_t kMaxInt64 = 9223372036854775807ull;
      // Past 64 bits, or below -2^63, the literal is no integer of the SDK's: not an int.
      if (status == json::U64Status::kTooLarge || (negative && magnitude > kMaxInt64 + 1)) {
        return mismatch();
      }
      if (!negative && magnitude > kMaxInt64) {
        return ctx.FailAt(node, ErrorCode::kOutOfRange, "an int value above 2^63 - 1");
      }
      mark.value.typed = negative ? static_cast<std::int64_t>(0 - magnitude)
                                  : static_cast<std::int64_t>(magnitude);
      return true;
    }
    case MarkValueType::kString:
      if (n.type != json::NodeType::kString) return mismatch();
      mark.value.typed = ctx.text(node);
      return true;
    case MarkValueType::kBool:
      if (n.type != json::NodeType::kTrue && n.type != json::NodeType::kFalse) return mismatch();
      mark.value.typed = n.type == json::NodeType::kTrue;
      return true;
  }
  return mismatch();
}

// blob_uri: a string exactly in the sampled and full modes (read first); a record that lost
// the sampling roll says mode "stats" and has none.
bool ReadBlobUri(format::DecodeContext& ctx, std::uint32_t node, SnapshotView& snapshot) {
  using format::ReadValue;
  if (!ReadValue(ctx, node, snapshot.blob_uri)) return false;
  const bool blob_expected = snapshot.mode != CirronSnapshotMode::kStats;
  if (snapshot.blob_uri.has_value() == blob_expected) return true;
  return ctx.FailAt(node, ErrorCode::kCirronBlobUriMismatch,
                    blob_expected ? "blob_uri is null in a mode that writes a blob"
                                  : "blob_uri is set in mode \"stats\"");
}

}  // namespace

}  // namespace cirron
}  // namespace tracedoc
