#include "cohort/eligibility.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <string>
#include <string_view>

#include <boost/unordered/unordered_flat_map.hpp>

#include "util/seeded_hash.hpp"

namespace tracedoc::cohort {
namespace {

// A run by its cohort and position, the way reasons name it (never by an input string).
struct RunAt {
  CohortSide side;
  std::size_t position;
  const RunFacts& facts;
};

// Both cohorts' runs in one order: the baseline's, then the candidate's.
std::vector<RunAt> AllRuns(std::span<const RunFacts> baseline, std::span<const RunFacts> candidate) {
  std::vector<RunAt> runs;
  runs.reserve(baseline.size() + candidate.size());
  for (std::size_t i = 0; i < baseline.size(); ++i) runs.push_back({CohortSide::kBaseline, i, baseline[i]});
  for (std::size_t i = 0; i < candidate.size(); ++i) runs.push_back({CohortSide::kCandidate, i, candidate[i]});
  return runs;
}

std::string SideName(CohortSide side) {
  return side == CohortSide::kBaseline ? "baseline" : "candidate";
}

// Collects one reason per rule: the first run that breaks it and how many do.
class Reasons {
 public:
  void Count(CohortRule rule, const RunAt& run, std::string_view what) {
    if (open_ && reasons_.back().rule == rule) {
      ++reasons_.back().runs;
      return;
    }
    reasons_.push_back({rule, run.side, run.position, 1,
                        SideName(run.side) + " run " + std::to_string(run.position) + " " +
                            std::string(what)});
    open_ = true;
  }
  // The count is final in the message once the rule's runs are all seen.
  void Close() {
    if (open_ && reasons_.back().runs > 1) {
      const std::size_t more = reasons_.back().runs - 1;
      reasons_.back().message +=
          " (and " + std::to_string(more) + (more == 1 ? " more run)" : " more runs)");
    }
    open_ = false;
  }
  void Add(CohortReason reason) {
    Close();
    reasons_.push_back(std::move(reason));
  }
  std::vector<CohortReason> Take() && {
    Close();
    return std::move(reasons_);
  }

 private:
  std::vector<CohortReason> reasons_;
  bool open_ = false;
};

// What the reason of each rule a run breaks on its own says of the run, in the order of
// CohortRule.
constexpr std::array<std::pair<CohortRule, std::string_view>, 16> kRunRules{{
    {CohortRule::kDuplicateRunId, "repeats an earlier run's run_id"},
    {CohortRule::kDifferentEntrypoint, "has another entrypoint"},
    {CohortRule::kDifferentPhase, "has another phase"},
    {CohortRule::kDifferentDevice, "has another device"},
    {CohortRule::kDifferentTimingMode, "has another timing_mode"},
    {CohortRule::kDifferentSynchronization, "has another measured_region_device_synchronized"},
    {CohortRule::kDifferentWarmup, "has another warmup_steps"},
    {CohortRule::kDifferentCaptureStep, "has another capture_step"},
    {CohortRule::kDifferentCaptureContract, "has another capture_contract"},
    {CohortRule::kCaptureIncomplete, "is not a complete capture"},
    {CohortRule::kStructurallyInvalid, "is not structurally valid"},
    {CohortRule::kNotProductionEquivalent,
     "does not declare measurement_scope production_equivalent"},
    {CohortRule::kNotOneMeasuredSpan, "has not exactly one measured span"},
    {CohortRule::kMeasuredSpanOpen, "has its measured span open"},
    {CohortRule::kMissingComparisonIdentity, "declares no comparison_identity"},
    {CohortRule::kDifferentComparisonIdentity,
     "has another comparison_identity (workload, model, config, data, seed policy, batch, "
     "accumulation, precision or device state)"},
}};

void CheckTooFew(Reasons& reasons, CohortRule rule, CohortSide side, std::size_t runs,
                 std::size_t min_runs) {
  if (runs >= min_runs) return;
  reasons.Add({rule, side, 0, runs,
               "the " + SideName(side) + " has " + std::to_string(runs) +
                   " runs; a comparison needs at least " + std::to_string(min_runs)});
}

// Pairs the runs when every one names a pair_id: each id once in each cohort. The runs that
// break the rule are named in the order of `runs`, whichever loop finds them.
std::vector<std::pair<std::size_t, std::size_t>> PairRuns(Reasons& reasons,
                                                          std::span<const RunFacts> baseline,
                                                          std::span<const RunAt> runs) {
  for (const RunAt& run : runs) {
    if (!run.facts.pair_id) return {};
  }
  using PairIndex =
      boost::unordered_flat_map<std::string_view, std::size_t, util::SeededHash, std::equal_to<>>;
  PairIndex baseline_by_id;
  baseline_by_id.reserve(baseline.size());
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  std::vector<bool> matched(baseline.size(), false);
  // What is wrong with each run, by its place in `runs`; empty when nothing is.
  std::vector<std::string_view> wrong(runs.size());
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const RunAt& run = runs[i];
    const std::string_view id = *run.facts.pair_id;
    if (run.side == CohortSide::kBaseline) {
      if (!baseline_by_id.emplace(id, run.position).second) wrong[i] = "repeats a baseline pair_id";
      continue;
    }
    const auto found = baseline_by_id.find(id);
    if (found == baseline_by_id.end() || matched[found->second]) {
      wrong[i] = "has a pair_id no unmatched baseline run has";
      continue;
    }
    matched[found->second] = true;
    pairs.emplace_back(found->second, run.position);
  }
  for (std::size_t i = 0; i < baseline.size(); ++i) {
    if (!matched[i] && wrong[i].empty()) wrong[i] = "has no candidate with its pair_id";
  }
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (!wrong[i].empty()) reasons.Count(CohortRule::kUnmatchedPairIds, runs[i], wrong[i]);
  }
  reasons.Close();
  std::ranges::sort(pairs);
  return pairs;
}

}  // namespace

Eligibility CheckEligibility(std::span<const RunFacts> baseline,
                             std::span<const RunFacts> candidate, std::size_t min_runs) {
  Reasons reasons;
  CheckTooFew(reasons, CohortRule::kTooFewBaselineRuns, CohortSide::kBaseline, baseline.size(),
              min_runs);
  CheckTooFew(reasons, CohortRule::kTooFewCandidateRuns, CohortSide::kCandidate,
              candidate.size(), min_runs);
  const std::vector<RunAt> runs = AllRuns(baseline, candidate);
  if (runs.empty()) return {std::move(reasons).Take(), {}};
  for (const auto& [rule, what] : kRunRules) {
    for (const RunAt& run : runs) {
      if (run.facts.Breaks(rule)) reasons.Count(rule, run, what);
    }
    reasons.Close();
  }
  std::vector<std::pair<std::size_t, std::size_t>> pairs =
      PairRuns(reasons, baseline, runs);
  return {std::move(reasons).Take(), std::move(pairs)};
}

}  // namespace tracedoc::cohort
