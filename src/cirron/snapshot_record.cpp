// snapshots[] of a batch and their stats (docs/cirron-spool.md, "snapshots").
#include "cirron/record_members.hpp"
#include "cirron/record_readers.hpp"

namespace tracedoc::cirron {
namespace {

enum Slot : std::size_t {
  kId,
  kSpanId,
  kTensorName,
  kShape,
  kDtype,
  kMode,
  kStats,
  kBlobUri,
  kTsNs,
  kAttrs,
  kSlotCount
};
constexpr std::array<std::string_view, kSlotCount> kKeys = {
    "id",   "span_id", "tensor_name", "shape", "dtype",
    "mode", "stats",   "blob_uri",    "ts_ns", "attrs"};

enum StatsSlot : std::size_t { kMean, kStd, kMin, kMax, kNorm, kHistogram, kStatsSlotCount };
constexpr std::array<std::string_view, kStatsSlotCount> kStatsKeys = {"mean", "std",  "min",
                                                                      "max",  "norm", "histogram"};

enum HistogramSlot : std::size_t { kBins, kCounts, kHistogramSlotCount };
constexpr std::array<std::string_view, kHistogramSlotCount> kHistogramKeys = {"bins", "counts"};

FieldError BadHistogram(const JsonPath& path, std::string_view what) {
  return FieldErrorAt(ErrorCode::kCirronInvalidHistogram, path, what);
}

Checked<std::vector<std::uint64_t>> ReadShape(const JsonValue& value, const JsonPath& path) {
  return ReadArray(value, path, ReadCount);
}

Checked<CirronSnapshotMode> ReadMode(const JsonValue& value, const JsonPath& path) {
  BOOST_OUTCOME_TRY(const std::string mode, ReadString(value, path));
  if (mode == "stats") return CirronSnapshotMode::kStats;
  if (mode == "sampled") return CirronSnapshotMode::kSampled;
  if (mode == "full") return CirronSnapshotMode::kFull;
  return FieldErrorAt(ErrorCode::kInvalidValue, path, "mode is \"stats\", \"sampled\" or \"full\"");
}

Checked<std::optional<std::string>> ReadNullableString(const JsonValue& value,
                                                       const JsonPath& path) {
  if (value.IsNull()) return std::optional<std::string>();
  BOOST_OUTCOME_TRY(std::string text, ReadString(value, path));
  return std::optional<std::string>(std::move(text));
}

// 17 edges, none below the one before it (a NaN edge compares with nothing and passes).
Checked<std::array<double, 17>> ReadBins(const JsonValue& value, const JsonPath& path) {
  if (!value.IsArray()) return FieldErrorAt(ErrorCode::kInvalidType, path, "expected an array");
  std::array<double, 17> bins{};
  if (value.Size() != bins.size()) {
    return BadHistogram(path, "17 bins, not " + std::to_string(value.Size()));
  }
  for (rapidjson::SizeType i = 0; i < value.Size(); ++i) {
    BOOST_OUTCOME_TRY(bins[i], ReadNumber(value[i], path.Index(i)));
    if (i > 0 && bins[i] < bins[i - 1]) {
      return BadHistogram(path.Index(i), "a bin below the one before it");
    }
  }
  return bins;
}

Checked<std::array<std::uint64_t, 16>> ReadCounts(const JsonValue& value, const JsonPath& path) {
  if (!value.IsArray()) return FieldErrorAt(ErrorCode::kInvalidType, path, "expected an array");
  std::array<std::uint64_t, 16> counts{};
  if (value.Size() != counts.size()) {
    return BadHistogram(path, "16 counts, not " + std::to_string(value.Size()));
  }
  for (rapidjson::SizeType i = 0; i < value.Size(); ++i) {
    if (value[i].IsInt64() && value[i].GetInt64() < 0) {
      return BadHistogram(path.Index(i), "a negative count");
    }
    BOOST_OUTCOME_TRY(counts[i], ReadCount(value[i], path.Index(i)));
  }
  return counts;
}

Checked<CirronHistogram> ReadHistogram(const JsonValue& value, const JsonPath& path) {
  std::vector<CirronUnknownKey> ignored;  // the histogram's own extra keys are not kept
  BOOST_OUTCOME_TRY(const auto members, RecordMembers<kHistogramSlotCount>::Collect(
                                            value, kHistogramKeys, path, ignored));
  CirronHistogram histogram;
  BOOST_OUTCOME_TRY(histogram.bins, members.Get(kBins, ReadBins));
  BOOST_OUTCOME_TRY(histogram.counts, members.Get(kCounts, ReadCounts));
  return histogram;
}

Checked<std::optional<CirronTensorStats>> ReadStats(const JsonValue& value, const JsonPath& path) {
  if (value.IsNull()) return std::optional<CirronTensorStats>();
  std::vector<CirronUnknownKey> ignored;  // likewise the stats' own extra keys
  BOOST_OUTCOME_TRY(const auto members,
                    RecordMembers<kStatsSlotCount>::Collect(value, kStatsKeys, path, ignored));
  CirronTensorStats stats;
  BOOST_OUTCOME_TRY(stats.mean, members.Get(kMean, ReadNumber));
  BOOST_OUTCOME_TRY(stats.std, members.Get(kStd, ReadNumber));
  BOOST_OUTCOME_TRY(stats.min, members.Get(kMin, ReadNumber));
  BOOST_OUTCOME_TRY(stats.max, members.Get(kMax, ReadNumber));
  BOOST_OUTCOME_TRY(stats.norm, members.Get(kNorm, ReadNumber));
  BOOST_OUTCOME_TRY(stats.histogram, members.Get(kHistogram, ReadHistogram));
  return std::optional<CirronTensorStats>(stats);
}

}  // namespace

Checked<CirronSnapshot> ReadSnapshot(const JsonValue& value, const JsonPath& path) {
  CirronSnapshot snapshot;
  BOOST_OUTCOME_TRY(const auto members,
                    RecordMembers<kSlotCount>::Collect(value, kKeys, path, snapshot.unknown));
  BOOST_OUTCOME_TRY(snapshot.id, members.Get(kId, ReadHexId));
  BOOST_OUTCOME_TRY(snapshot.span_id, members.Get(kSpanId, ReadHexId));
  BOOST_OUTCOME_TRY(snapshot.tensor_name, members.Get(kTensorName, ReadString));
  BOOST_OUTCOME_TRY(snapshot.shape, members.Get(kShape, ReadShape));
  BOOST_OUTCOME_TRY(snapshot.dtype, members.Get(kDtype, ReadString));
  BOOST_OUTCOME_TRY(snapshot.mode, members.Get(kMode, ReadMode));
  BOOST_OUTCOME_TRY(snapshot.stats, members.Get(kStats, ReadStats));
  BOOST_OUTCOME_TRY(snapshot.blob_uri, members.Get(kBlobUri, ReadNullableString));
  // A blob is written exactly for the sampled and full modes (a record that lost the sampling
  // roll says mode "stats").
  const bool blob_expected = snapshot.mode != CirronSnapshotMode::kStats;
  if (snapshot.blob_uri.has_value() != blob_expected) {
    return FieldErrorAt(ErrorCode::kCirronBlobUriMismatch, members.PathOf(kBlobUri),
                        blob_expected ? "blob_uri is null in a mode that writes a blob"
                                      : "blob_uri is set in mode \"stats\"");
  }
  BOOST_OUTCOME_TRY(snapshot.ts_ns, members.Get(kTsNs, ReadCount));
  BOOST_OUTCOME_TRY(snapshot.attrs_json, members.Get(kAttrs, ReadObjectJson));
  return snapshot;
}

}  // namespace tracedoc::cirron
