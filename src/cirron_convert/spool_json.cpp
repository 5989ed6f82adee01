// JSON text of the spool's values for unknown keys (docs/cirron-conversion.md).
#include "cirron_convert/spool_json.hpp"

#include <cmath>
#include <type_traits>
#include <variant>

#include "cirron/string_state.hpp"
#include "emit/json_format.hpp"
#include "util/overloaded.hpp"

namespace tracedoc::cirron_convert {
namespace {

// The spellings the spool reader's compact writer gives non-finite doubles.
constexpr std::string_view kNaN = "NaN";
constexpr std::string_view kInfinity = "Infinity";

void AppendKey(std::string& out, std::string_view key) {
  emit::AppendJsonString(out, key);
  out.push_back(':');
}

void AppendMarkKind(std::string& out, CirronMarkKind kind) {
  emit::AppendJsonString(out, kind == CirronMarkKind::kPoint ? "point" : "summary");
}

}  // namespace

std::string_view SnapshotModeName(CirronSnapshotMode mode) {
  switch (mode) {
    case CirronSnapshotMode::kStats:
      return "stats";
    case CirronSnapshotMode::kSampled:
      return "sampled";
    case CirronSnapshotMode::kFull:
      return "full";
  }
  return "stats";
}

namespace {

void AppendCountArray(std::string& out, const auto& counts) {
  out.push_back('[');
  for (std::size_t i = 0; i < counts.size(); ++i) {
    if (i != 0) out.push_back(',');
    emit::AppendJsonU64(out, counts[i]);
  }
  out.push_back(']');
}

}  // namespace

void AppendSpoolNumber(std::string& out, double value) {
  if (std::isfinite(value)) {
    emit::AppendJsonDouble(out, value);
  } else if (std::isnan(value)) {
    emit::AppendJsonString(out, kNaN);
  } else {
    emit::AppendJsonString(out, value < 0 ? "-Infinity" : kInfinity);
  }
}

void AppendPortableJson(std::string& out, std::string_view spool_json) {
  cirron::StringState strings;
  for (std::size_t i = 0; i < spool_json.size(); ++i) {
    const char c = spool_json[i];
    if (strings.Inside(c)) {
      out.push_back(c);
      continue;
    }
    // Outside strings, an N or I can only start NaN or Infinity (a '-' before it stays inside
    // the quotes: "-Infinity").
    const bool negative = c == '-' && i + 1 < spool_json.size() && spool_json[i + 1] == 'I';
    const std::string_view word = c == 'N'                ? kNaN
                                  : c == 'I' || negative ? kInfinity
                                                          : std::string_view();
    if (word.empty()) {
      out.push_back(c);
      continue;
    }
    out.push_back('"');
    if (negative) out.push_back('-');
    out.append(word);
    out.push_back('"');
    i += word.size() - (negative ? 0 : 1);
  }
}

void AppendUnknownMembers(std::string& out, const std::vector<CirronUnknownKey>& unknown) {
  for (const CirronUnknownKey& member : unknown) {
    out.push_back(',');
    AppendKey(out, member.key);
    AppendPortableJson(out, member.json);
  }
}

void AppendUnknownObject(std::string& out, const std::vector<CirronUnknownKey>& unknown) {
  const std::size_t first_comma = out.size() + 1;
  out.push_back('{');
  AppendUnknownMembers(out, unknown);
  if (!unknown.empty()) out.erase(first_comma, 1);
  out.push_back('}');
}

void AppendStatsJson(std::string& out, const std::optional<CirronTensorStats>& stats) {
  if (!stats) {
    out.append("null");
    return;
  }
  out.append("{\"mean\":");
  AppendSpoolNumber(out, stats->mean);
  out.append(",\"std\":");
  AppendSpoolNumber(out, stats->std);
  out.append(",\"min\":");
  AppendSpoolNumber(out, stats->min);
  out.append(",\"max\":");
  AppendSpoolNumber(out, stats->max);
  out.append(",\"norm\":");
  AppendSpoolNumber(out, stats->norm);
  out.append(",\"histogram\":{\"bins\":[");
  for (std::size_t i = 0; i < stats->histogram.bins.size(); ++i) {
    if (i != 0) out.push_back(',');
    AppendSpoolNumber(out, stats->histogram.bins[i]);
  }
  out.append("],\"counts\":");
  AppendCountArray(out, stats->histogram.counts);
  out.append("}}");
}

void AppendMarkJson(std::string& out, const CirronMark& mark) {
  out.append("{\"id\":");
  emit::AppendJsonString(out, mark.id);
  out.append(",\"span_id\":");
  emit::AppendJsonString(out, mark.span_id);
  out.append(",\"name\":");
  emit::AppendJsonString(out, mark.name);
  out.append(",\"value_type\":");
  std::visit(util::Overloaded{
                 [&](double value) {
                   out.append("\"float\",\"value\":");
                   AppendSpoolNumber(out, value);
                 },
                 [&](std::int64_t value) {
                   out.append("\"int\",\"value\":");
                   out.append(std::to_string(value));
                 },
                 [&](const std::string& value) {
                   out.append("\"string\",\"value\":");
                   emit::AppendJsonString(out, value);
                 },
                 [&](bool value) {
                   out.append(value ? "\"bool\",\"value\":true" : "\"bool\",\"value\":false");
                 },
             },
             mark.value);
  out.append(",\"attrs\":");
  AppendPortableJson(out, mark.attrs_json);
  out.append(",\"ts_ns\":");
  emit::AppendJsonU64(out, mark.ts_ns);
  out.append(",\"kind\":");
  AppendMarkKind(out, mark.kind);
  AppendUnknownMembers(out, mark.unknown);
  out.push_back('}');
}

void AppendSnapshotJson(std::string& out, const CirronSnapshot& snapshot) {
  out.append("{\"id\":");
  emit::AppendJsonString(out, snapshot.id);
  out.append(",\"span_id\":");
  emit::AppendJsonString(out, snapshot.span_id);
  out.append(",\"tensor_name\":");
  emit::AppendJsonString(out, snapshot.tensor_name);
  out.append(",\"shape\":");
  AppendCountArray(out, snapshot.shape);
  out.append(",\"dtype\":");
  emit::AppendJsonString(out, snapshot.dtype);
  out.append(",\"mode\":");
  emit::AppendJsonString(out, SnapshotModeName(snapshot.mode));
  out.append(",\"stats\":");
  AppendStatsJson(out, snapshot.stats);
  out.append(",\"blob_uri\":");
  if (snapshot.blob_uri) {
    emit::AppendJsonString(out, *snapshot.blob_uri);
  } else {
    out.append("null");
  }
  out.append(",\"ts_ns\":");
  emit::AppendJsonU64(out, snapshot.ts_ns);
  out.append(",\"attrs\":");
  AppendPortableJson(out, snapshot.attrs_json);
  AppendUnknownMembers(out, snapshot.unknown);
  out.push_back('}');
}

void AppendBatchJson(std::string& out, const CirronBatch& batch) {
  out.append("{\"schema_version\":");
  emit::AppendJsonU64(out, batch.schema_version);
  out.append(",\"sdk_version\":");
  emit::AppendJsonString(out, batch.sdk_version);
  out.append(",\"batch_id\":");
  emit::AppendJsonString(out, batch.batch_id);
  out.append(",\"created_ns\":");
  emit::AppendJsonU64(out, batch.created_ns);
  AppendUnknownMembers(out, batch.unknown);
  out.push_back('}');
}

}  // namespace tracedoc::cirron_convert
