// Two runs compared (docs/diff.md): what changed in the run's fields, its span tree, its time per
// span path and per op name, its logical memory peaks, its health and its steps; and the
// regression gate of `tracedoc diff --fail-over`. Reads two TraceDocuments of any format.
#ifndef TRACEDOC_DIFF_HPP_
#define TRACEDOC_DIFF_HPP_

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tracedoc/document.hpp"
#include "tracedoc/error.hpp"
#include "tracedoc/health.hpp"

namespace tracedoc {

/// candidate − base, clamped to the range of std::int64_t. No errors.
std::int64_t DiffDelta(std::uint64_t base, std::uint64_t candidate) noexcept;
/// candidate / base; None when base is 0 (a growth from nothing has no ratio). No errors.
std::optional<double> DiffRatio(std::uint64_t base, std::uint64_t candidate) noexcept;

/// One figure of both runs; a side is None where that run has no such figure (say a device only
/// the other run used).
struct FigureChange {
  std::optional<std::uint64_t> base;
  std::optional<std::uint64_t> candidate;
  /// candidate − base, a missing side counting 0 (DiffDelta).
  std::int64_t delta() const noexcept { return DiffDelta(base.value_or(0), candidate.value_or(0)); }
  /// candidate / base; None unless both sides are present and base > 0.
  std::optional<double> ratio() const noexcept {
    if (!base || !candidate) return std::nullopt;
    return DiffRatio(*base, *candidate);
  }
  friend bool operator==(const FigureChange&, const FigureChange&) = default;
};

/// A field of the run (the meta record or the terminal) whose value differs, both values as
/// written in JSON without quotes; None where a run does not have the field (docs/diff.md §2).
struct MetaFieldChange {
  /// `run_id`, `capture_contract.operations`, `tags.host`, `terminal.outcome`, ...
  std::string field;
  std::optional<std::string> base;
  std::optional<std::string> candidate;
  friend bool operator==(const MetaFieldChange&, const MetaFieldChange&) = default;
};

/// The spans of one aligned path in one run (docs/diff.md §3): 0 or 1 of them, since the sibling
/// numbers tell spans of one name apart.
struct SpanPathStats {
  std::uint64_t count = 0;
  /// duration_ns (0 for an open span) and SpanIndex::self_time_ns, summed saturating.
  std::uint64_t total_ns = 0;
  std::uint64_t self_ns = 0;
  friend bool operator==(const SpanPathStats&, const SpanPathStats&) = default;
};

struct SpanPathChange {
  std::string path;
  SpanPathStats base;
  SpanPathStats candidate;
  std::int64_t delta_ns() const noexcept { return DiffDelta(base.total_ns, candidate.total_ns); }
  std::optional<double> ratio() const noexcept {
    return DiffRatio(base.total_ns, candidate.total_ns);
  }
  friend bool operator==(const SpanPathChange&, const SpanPathChange&) = default;
};

/// The ops of one name in one run: their duration_ns (docs/diff.md §4).
struct OpStats {
  std::uint64_t count = 0;
  /// Saturating.
  std::uint64_t total_ns = 0;
  /// total_ns / count; 0 without ops.
  double mean_ns = 0;
  /// Nearest-rank percentiles and the maximum: durations that were measured; 0 without ops.
  std::uint64_t p50_ns = 0;
  std::uint64_t p90_ns = 0;
  std::uint64_t max_ns = 0;
  friend bool operator==(const OpStats&, const OpStats&) = default;
};

struct OpChange {
  std::string op_name;
  OpStats base;
  OpStats candidate;
  std::int64_t delta_ns() const noexcept { return DiffDelta(base.total_ns, candidate.total_ns); }
  std::optional<double> ratio() const noexcept {
    return DiffRatio(base.total_ns, candidate.total_ns);
  }
  friend bool operator==(const OpChange&, const OpChange&) = default;
};

/// The storages of one allocation site live at a peak in one run.
struct SiteTally {
  std::uint64_t count = 0;
  /// The allocating events' bytes, summed saturating.
  std::uint64_t bytes = 0;
  friend bool operator==(const SiteTally&, const SiteTally&) = default;
};

/// An allocation site (the aligned path of the allocating span, and the op) whose storages live
/// at a peak differ in count or bytes. Added when base.count is 0, removed when candidate.count
/// is 0, changed otherwise.
struct PeakSiteChange {
  /// "" when the allocating span is not in the document or not on a path (docs/diff.md §3).
  std::string path;
  std::optional<std::string> op_name;
  SiteTally base;
  SiteTally candidate;
  friend bool operator==(const PeakSiteChange&, const PeakSiteChange&) = default;
};

/// A logical memory peak of both runs (docs/diff.md §5): all devices together, or one device.
struct PeakChange {
  /// "" for the run's peak over all devices.
  std::string device;
  FigureChange live_bytes;
  /// By |candidate.bytes − base.bytes| descending, then path, then op name (None first).
  std::vector<PeakSiteChange> sites;
  friend bool operator==(const PeakChange&, const PeakChange&) = default;
};

/// One step of one rank of a converted TraceML export or Cirron spool (ConvertedFacts::steps):
/// the step span's duration_ns, summed over steps that share the rank and number.
struct StepChange {
  std::uint64_t rank = 0;
  std::uint64_t step = 0;
  FigureChange duration_ns;
  friend bool operator==(const StepChange&, const StepChange&) = default;
};

/// What differs between a base run and a candidate run. Every list holds changes only (unless
/// DiffOptions::include_unchanged), so diff(A, A) is empty().
struct TraceDiff {
  /// In the order of docs/diff.md §2.
  std::vector<MetaFieldChange> meta;
  /// TraceSummary::total_ns: the measured spans' duration.
  FigureChange total_ns;
  /// The span paths in only one run, as positions in `spans` (each path is spelt once, there):
  /// the candidate's in its pre-order, the base's in its pre-order.
  std::vector<std::size_t> added_spans;
  std::vector<std::size_t> removed_spans;
  /// By |delta_ns| descending, then path byte-wise; added and removed paths included.
  std::vector<SpanPathChange> spans;
  /// By |delta_ns| descending, then op name byte-wise.
  std::vector<OpChange> ops;
  /// The peak over all devices (device "").
  PeakChange logical_peak;
  /// Every device either run allocated on, ascending byte-wise; with include_unchanged or when
  /// something of it changed.
  std::vector<PeakChange> device_peaks;
  /// Issue codes raised only by the candidate, and only by the base, in HealthCode order.
  std::vector<HealthCode> new_issues;
  std::vector<HealthCode> gone_issues;
  /// By rank, then step.
  std::vector<StepChange> steps;

  /// True when nothing differs: no list has an entry and neither figure changed.
  bool empty() const noexcept;
  friend bool operator==(const TraceDiff&, const TraceDiff&) = default;
};

struct DiffOptions {
  /// List every aligned span path, op name, allocation site, device and step, changed or not.
  bool include_unchanged = false;
};

/// Compares two documents of any revision and origin (docs/diff.md). Time and memory linear in
/// the two documents (hash maps under the process's key; the percentiles' selection), besides
/// the sorts of the changes it returns. The result owns its strings. No errors.
TraceDiff DiffTraces(const TraceDocument& base, const TraceDocument& candidate,
                     const DiffOptions& options = {});

/// DiffTraces one run at a time: the base's figures are taken from it (its span paths, op
/// names, peak sites, steps, issue codes and fields, each name copied), so the base can be
/// dropped before the candidate is read and a comparison of two large runs holds one document,
/// not two. The same result as DiffTraces. No errors.
class TraceDiffer {
 public:
  explicit TraceDiffer(const DiffOptions& options = {});
  ~TraceDiffer();
  TraceDiffer(TraceDiffer&&) noexcept;
  TraceDiffer& operator=(TraceDiffer&&) noexcept;

  /// Takes the base's figures; the document is not referred to afterwards. Call once, first.
  void AddBase(const TraceDocument& base);
  /// Takes the candidate's figures and returns the diff; the differ is spent. Call once, after
  /// AddBase.
  TraceDiff Finish(const TraceDocument& candidate) &&;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// The regression gate (docs/diff.md §8).
struct DiffGate {
  /// The growth allowed, in thousandths of a percent (10 % is 10'000).
  std::uint64_t threshold_millipercent = 0;
  /// Whether span paths added or removed are allowed.
  bool allow_structure = false;
};

/// `10%`, `10`, `2.5%`, `0.125%`: a non-negative decimal with at most three decimals and an
/// optional `%`, in thousandths of a percent. kInvalidValue for anything else, or above
/// 1,000,000,000 %.
Result<std::uint64_t> ParseDiffThreshold(std::string_view text);

enum class RegressionKind : std::uint8_t {
  kTotalTime,
  kOpTime,
  kSpanTime,
  kDevicePeak,
  kPathAdded,
  kPathRemoved,
};

/// `total_ns`, `op_total_ns`, `span_total_ns`, `device_logical_peak_bytes`, `path_added`,
/// `path_removed`. No errors.
std::string_view RegressionKindName(RegressionKind kind) noexcept;

/// One figure that tripped the gate.
struct Regression {
  RegressionKind kind = RegressionKind::kTotalTime;
  /// The op name, span path or device; "" for the run's total. A view into the TraceDiff that
  /// FindRegressions was given, which must outlive it: two unrelated runs can trip the gate
  /// once per span path, and each path is then spelt once, in the diff.
  std::string_view subject;
  FigureChange figure;
  friend bool operator==(const Regression&, const Regression&) = default;
};

/// What trips `gate` in `diff` (docs/diff.md §8), in the order of RegressionKind, then of the
/// diff's lists; empty when the candidate passes. Only figures both runs have are held to the
/// threshold. The subjects are views into `diff`. No errors.
std::vector<Regression> FindRegressions(const TraceDiff& diff, const DiffGate& gate);

/// How much of a diff the outputs show.
struct DiffOutputOptions {
  /// The first `top` entries of `ops`, `spans`, each peak's sites and `steps`; 0 shows all.
  std::size_t top = 10;
  /// JSON only: indent with 2 spaces.
  bool pretty = false;
};

/// The diff and the gate's findings as one JSON object (docs/diff.md §7); no trailing newline.
/// No errors are reported: a failing stream keeps its state and is written to no further.
void WriteTraceDiffJson(const TraceDiff& diff, std::span<const Regression> regressions,
                        const DiffOutputOptions& options, std::ostream& out);

/// The largest changes as a text table (docs/diff.md §6), each line ending in a newline.
/// No errors are reported, as above.
void WriteTraceDiffText(const TraceDiff& diff, std::span<const Regression> regressions,
                        const DiffOutputOptions& options, std::ostream& out);

}  // namespace tracedoc

#endif  // TRACEDOC_DIFF_HPP_
