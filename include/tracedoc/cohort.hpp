// Replicated cohorts compared (docs/compare.md): does a candidate change make the measured region
// slower or faster, judged over several runs of each side, fail-closed. The reference's rules and
// verdict for the measured region, and the same estimate per op name and span path with a
// false-positive control over the many comparisons.
#ifndef TRACEDOC_COHORT_HPP_
#define TRACEDOC_COHORT_HPP_

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
#include "tracedoc/write_options.hpp"

namespace tracedoc {

/// What a comparison concludes. `kIneligible` only for the whole comparison: the runs break a
/// rule and nothing is estimated.
enum class CohortVerdict : std::uint8_t {
  kIneligible,
  kInconclusive,
  kCandidateFaster,
  kCandidateSlower,
};
/// `ineligible`, `inconclusive`, `candidate_faster`, `candidate_slower`.
std::string_view CohortVerdictName(CohortVerdict verdict) noexcept;

/// The fail-closed rules (docs/compare.md, "Eligibility"), one value per rule.
enum class CohortRule : std::uint8_t {
  kTooFewBaselineRuns,
  kTooFewCandidateRuns,
  kDuplicateRunId,
  kDifferentEntrypoint,
  kDifferentPhase,
  kDifferentDevice,
  kDifferentTimingMode,
  kDifferentSynchronization,
  kDifferentWarmup,
  kDifferentCaptureStep,
  kDifferentCaptureContract,
  kCaptureIncomplete,
  kStructurallyInvalid,
  kNotProductionEquivalent,
  kNotOneMeasuredSpan,
  kMeasuredSpanOpen,
  kMissingComparisonIdentity,
  kDifferentComparisonIdentity,
  kUnmatchedPairIds,
};
/// The rule's stable name in snake case, e.g. `too_few_baseline_runs`.
std::string_view CohortRuleName(CohortRule rule) noexcept;

/// Which cohort a run belongs to.
enum class CohortSide : std::uint8_t { kBaseline, kCandidate };

/// One broken rule: named once however many runs break it, with the first run that does (its
/// side and 0-based position in that cohort's list) and how many do.
struct CohortReason {
  CohortRule rule = CohortRule::kTooFewBaselineRuns;
  CohortSide side = CohortSide::kBaseline;
  std::size_t first_run = 0;
  std::size_t runs = 0;
  /// One sentence, naming no input string (a run id can be any length).
  std::string message{};
  friend bool operator==(const CohortReason&, const CohortReason&) = default;
};

/// The change from baseline to candidate of one per-run duration.
struct DurationChange {
  /// The medians of the per-run values, in ns (the mean of the middle two for an even count).
  double baseline_median_ns = 0;
  double candidate_median_ns = 0;
  /// Paired: the median of the per-pair differences; else candidate's median − baseline's.
  double median_delta_ns = 0;
  /// The estimate the interval is about. The measured region: median_delta_ns. An op name or
  /// span path: the Hodges–Lehmann shift, the median of the differences candidate − baseline
  /// over every pair of a baseline run and a candidate run (paired: of the per-pair
  /// differences).
  double shift_ns = 0;
  /// shift_ns / baseline_median_ns; absent when the baseline's median is 0.
  std::optional<double> relative_delta{};
  /// The interval of shift_ns at interval_confidence. The measured region: the percentile
  /// bootstrap's at CompareOptions::confidence. An op name or span path: the distribution-free
  /// interval of its rank test at the level Holm's procedure tests it at, so that it excludes 0
  /// exactly when the verdict is not inconclusive; −∞ and +∞ when the cohorts are too small to
  /// bound it at that level.
  double interval_low_ns = 0;
  double interval_high_ns = 0;
  double interval_confidence = 0;
  /// Two-sided p-value of no change. The measured region: unpaired, a permutation test of the
  /// median delta ((1 + label shuffles at least as far from 0) / (1 + shuffles)); paired, the
  /// exact sign test of the differences. An op name or span path: the Mann–Whitney test
  /// (paired: the sign test), exact up to 2,500 differences (50 runs a side), ties
  /// counted against a change.
  double p_value = 1;
  /// Holm's step-down adjustment over every op-name and span-path change, which decides their
  /// verdicts; the measured region's is its p_value (the one planned comparison, whose verdict
  /// the interval decides).
  double adjusted_p_value = 1;
  CohortVerdict verdict = CohortVerdict::kInconclusive;
  friend bool operator==(const DurationChange&, const DurationChange&) = default;
};

/// The change of one op name's total time per run (0 in a run without the op).
struct OpNameEstimate {
  std::string op_name{};
  DurationChange change;
  friend bool operator==(const OpNameEstimate&, const OpNameEstimate&) = default;
};

/// The change of one span path's total time per run (its spans' duration_ns; 0 in a run
/// without the path). Paths as `tracedoc diff` aligns them (docs/diff.md §3).
struct SpanPathEstimate {
  std::string path{};
  DurationChange change;
  friend bool operator==(const SpanPathEstimate&, const SpanPathEstimate&) = default;
};

/// What the cohort sizes allow of the op names and span paths (docs/compare.md, "Power").
struct PartsPower {
  /// The smallest p-value any part can have with these cohort sizes (its runs all above or all
  /// below the other cohort's), after Holm's adjustment over the parts compared.
  double smallest_adjusted_p_value = 1;
  /// Whether that is at most CompareOptions::family_alpha: if not, every part is inconclusive
  /// whatever the runs measured.
  bool reachable = false;
  /// The fewest runs a side (both cohorts that size, and at least CompareOptions::min_runs)
  /// with which it would be, for as many parts.
  std::size_t runs_a_side_needed = 0;
  friend bool operator==(const PartsPower&, const PartsPower&) = default;
};

struct CohortComparison {
  /// The measured region's verdict: the comparison's answer.
  CohortVerdict verdict = CohortVerdict::kIneligible;
  /// Every broken rule, in the order of CohortRule; empty unless ineligible.
  std::vector<CohortReason> reasons{};
  std::size_t baseline_runs = 0;
  std::size_t candidate_runs = 0;
  /// True when every run declares a comparison_identity.pair_id and runs were matched by it.
  bool paired = false;
  /// Absent when ineligible.
  std::optional<DurationChange> measured_region{};
  /// The op names with the largest total time over both cohorts, at most
  /// CompareOptions::max_op_names of them, by that total (then by name); empty when ineligible.
  std::vector<OpNameEstimate> op_names{};
  /// The span paths with the largest total time, at most CompareOptions::max_span_paths, the
  /// same way; empty when ineligible.
  std::vector<SpanPathEstimate> span_paths{};
  /// Whether these cohort sizes can find any op name or span path slower or faster; absent
  /// when none is compared.
  std::optional<PartsPower> parts_power{};
  friend bool operator==(const CohortComparison&, const CohortComparison&) = default;
};

struct CompareOptions {
  /// The fewest runs a cohort may have (the reference's 5).
  std::size_t min_runs = 5;
  /// Bootstrap resamples (the reference's 10,000); 1 to 1,000,000.
  std::uint32_t resamples = 10'000;
  /// The resampling's seed: the same inputs and seed give the same output on every platform.
  std::uint64_t seed = 0x7472'6163'6564'6f63;
  /// The measured region's interval's confidence, in (0, 1).
  double confidence = 0.95;
  /// The family-wise error rate Holm's adjustment keeps over the op names and span paths
  /// together, in (0, 1).
  double family_alpha = 0.05;
  /// How many op names are estimated.
  std::size_t max_op_names = 50;
  /// How many span paths are estimated.
  std::size_t max_span_paths = 50;
};

/// Two cohorts taken one run at a time (docs/compare.md, "Streaming"): each run is reduced to
/// what the comparison needs (the rules it breaks, its measured region, its total per op name
/// and per span path, interned) and the document may go as soon as AddRun returns. Memory: the
/// fixed figure of docs/compare.md per run, plus 12 bytes per distinct op name and span path
/// of each run (at most 2^22 of those in all), plus one entry per distinct name of all runs.
class CohortBuilder {
 public:
  CohortBuilder();
  ~CohortBuilder();
  CohortBuilder(CohortBuilder&&) noexcept;
  CohortBuilder& operator=(CohortBuilder&&) noexcept;

  /// Adds `run` as the next run of `side`'s cohort. The rules compare every run with the first
  /// run added (and with the first that has a comparison identity): add the baseline's runs
  /// first, so that the first baseline run is that reference, as the rules say.
  void AddRun(CohortSide side, const TraceDocument& run);

  /// Compares the cohorts added so far. Linear in the runs' distinct names, plus
  /// resamples × runs for the measured region's bootstrap and permutations, plus, per op name
  /// and span path, O(runs · 64) to select its shift and interval. The error `invalid_value`
  /// (field `options`) for options outside their ranges; `limit_exceeded` (field `runs`) when
  /// eligible runs had more than 2^22 totals of op names and span paths in all (docs/compare.md,
  /// "Streaming"); an ineligible comparison is not an error.
  Result<CohortComparison> Compare(const CompareOptions& options = {}) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// Compares the two cohorts (docs/compare.md): a CohortBuilder given `baseline`'s runs, then
/// `candidate`'s. The error `invalid_value` (field `options`) for options outside their ranges;
/// an ineligible comparison is not an error.
Result<CohortComparison> CompareCohorts(std::span<const TraceDocument* const> baseline,
                                        std::span<const TraceDocument* const> candidate,
                                        const CompareOptions& options = {});

/// The comparison as one JSON object (docs/compare.md, "Output"), no trailing newline.
std::string WriteCohortComparisonJson(const CohortComparison& comparison,
                                      const WriteOptions& options = {});
void WriteCohortComparisonJson(const CohortComparison& comparison, std::ostream& out,
                               const WriteOptions& options = {});

}  // namespace tracedoc

#endif  // TRACEDOC_COHORT_HPP_
