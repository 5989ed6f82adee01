// The regression gate (docs/diff.md §8): which figures grew by more than the threshold, and the
// threshold's spelling on the command line.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>

#include "tracedoc/diff.hpp"
#include "util/enum_names.hpp"

namespace tracedoc {
namespace {

constexpr std::uint64_t kMillipercentPerUnit = 100'000;  // a ratio of 1 is 100 %
constexpr std::uint64_t kMaxThreshold = 1'000'000'000ull * 1000;

// Indexed by RegressionKind.
constexpr std::array<std::string_view, 6> kRegressionKindNames = {
    "total_ns",   "op_total_ns",  "span_total_ns", "device_logical_peak_bytes",
    "path_added", "path_removed",
};
static_assert(kRegressionKindNames.size() ==
                  static_cast<std::size_t>(RegressionKind::kPathRemoved) + 1,
              "one name per RegressionKind");

// The 128-bit product of two u64 as (high, low) words, so the gate's comparison is exact for
// any figure (-Wpedantic rejects __int128).
std::pair<std::uint64_t, std::uint64_t> WideProduct(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t a_lo = a & 0xFFFFFFFFu;
  const std::uint64_t a_hi = a >> 32;
  const std::uint64_t b_lo = b & 0xFFFFFFFFu;
  const std::uint64_t b_hi = b >> 32;
  const std::uint64_t lo_lo = a_lo * b_lo;
  const std::uint64_t hi_lo = a_hi * b_lo;
  const std::uint64_t lo_hi = a_lo * b_hi;
  const std::uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xFFFFFFFFu) + (lo_hi & 0xFFFFFFFFu);
  const std::uint64_t high = a_hi * b_hi + (hi_lo >> 32) + (lo_hi >> 32) + (cross >> 32);
  return {high, (cross << 32) | (lo_lo & 0xFFFFFFFFu)};
}

// Whether `figure` grew by more than `threshold` thousandths of a percent of its base:
// (candidate − base) · 100,000 > base · threshold, exactly.
bool GrewBeyond(const FigureChange& figure, std::uint64_t threshold) {
  if (!figure.base || !figure.candidate || *figure.candidate <= *figure.base) return false;
  return WideProduct(*figure.candidate - *figure.base, kMillipercentPerUnit) >
         WideProduct(*figure.base, threshold);
}

FigureChange TotalOf(const auto& change) {
  return {change.base.total_ns, change.candidate.total_ns};
}

}  // namespace

Result<std::uint64_t> ParseDiffThreshold(std::string_view text) {
  const auto invalid = [original = std::string(text)] {
    Error error;
    error.code = ErrorCode::kInvalidValue;
    error.message =
        "invalid threshold '" + original + "': expected a percentage such as 10% or 2.5%";
    return error;
  };
  if (text.ends_with('%')) text.remove_suffix(1);
  std::uint64_t value = 0;
  int decimals = -1;  // digits after the point, once there is one
  bool digits = false;
  for (const char c : text) {
    if (c == '.' && decimals < 0) {
      decimals = 0;
      continue;
    }
    if (c < '0' || c > '9' || decimals == 3) return invalid();
    if (decimals >= 0) ++decimals;
    digits = true;
    value = value * 10 + static_cast<std::uint64_t>(c - '0');
    if (value > kMaxThreshold) return invalid();
  }
  if (!digits) return invalid();
  for (int d = decimals < 0 ? 0 : decimals; d < 3; ++d) value *= 10;
  if (value > kMaxThreshold) return invalid();
  return value;
}

std::string_view RegressionKindName(RegressionKind kind) noexcept {
  return util::EnumNameOr(kRegressionKindNames, kind, "");
}

namespace {

// Hands each regression of `diff` under `gate` to `found`, in the order FindRegressions lists.
template <class Found>
void VisitRegressions(const TraceDiff& diff, const DiffGate& gate, Found found) {
  const std::uint64_t limit = gate.threshold_millipercent;
  if (GrewBeyond(diff.total_ns, limit)) found({RegressionKind::kTotalTime, "", diff.total_ns});
  // Only op names and span paths both runs have: the others are structure, not growth.
  for (const OpChange& op : diff.ops) {
    if (op.base.count == 0 || op.candidate.count == 0) continue;
    if (GrewBeyond(TotalOf(op), limit)) found({RegressionKind::kOpTime, op.op_name, TotalOf(op)});
  }
  for (const SpanPathChange& span : diff.spans) {
    if (span.base.count == 0 || span.candidate.count == 0) continue;
    if (GrewBeyond(TotalOf(span), limit)) {
      found({RegressionKind::kSpanTime, span.path, TotalOf(span)});
    }
  }
  for (const PeakChange& peak : diff.device_peaks) {
    if (GrewBeyond(peak.live_bytes, limit)) {
      found({RegressionKind::kDevicePeak, peak.device, peak.live_bytes});
    }
  }
  if (gate.allow_structure) return;
  // Structure: the paths in one run only, each figure None on both sides (the span path
  // entries of the diff carry their times).
  for (const std::size_t at : diff.added_spans) {
    found({RegressionKind::kPathAdded, diff.spans[at].path, {}});
  }
  for (const std::size_t at : diff.removed_spans) {
    found({RegressionKind::kPathRemoved, diff.spans[at].path, {}});
  }
}

}  // namespace

std::vector<Regression> FindRegressions(const TraceDiff& diff, const DiffGate& gate) {
  // Counted first: two unrelated runs trip the gate once per span path, and a list grown by
  // doubling would hold up to twice that, both buffers at once while it moves.
  std::size_t count = 0;
  VisitRegressions(diff, gate, [&count](const Regression&) { ++count; });
  std::vector<Regression> found;
  found.reserve(count);
  VisitRegressions(diff, gate, [&found](const Regression& regression) { found.push_back(regression); });
  return found;
}

}  // namespace tracedoc
