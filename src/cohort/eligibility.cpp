#include "cohort/eligibility.hpp"

#include <algorithm>
#include <functional>
#include <string>
#include <string_view>

#include <boost/unordered/unordered_flat_map.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

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

// The rule `rule` over every run: `breaks` says whether a run breaks it.
void CheckEach(Reasons& reasons, std::span<const RunAt> runs, CohortRule rule,
               std::string_view what, const std::function<bool(const RunFacts&)>& breaks) {
  for (const RunAt& run : runs) {
    if (breaks(run.facts)) reasons.Count(rule, run, what);
  }
  reasons.Close();
}

// The rule that every run has the first run's value of `same` (which compares two runs).
void CheckSame(Reasons& reasons, std::span<const RunAt> runs, CohortRule rule,
               std::string_view what,
               const std::function<bool(const TraceRunMeta&, const TraceRunMeta&)>& same) {
  const TraceRunMeta& first = runs.front().facts.document->run();
  CheckEach(reasons, runs, rule, what,
            [&](const RunFacts& facts) { return !same(first, facts.document->run()); });
}

// The comparison identity without implementation_id (what the candidate changes) and pair_id
// (which pairs the runs): the workload the two cohorts must share.
bool SameWorkload(const ComparisonIdentity& a, const ComparisonIdentity& b) {
  return a.workload_id == b.workload_id && a.model_id == b.model_id &&
         a.config_id == b.config_id && a.data_id == b.data_id &&
         a.seed_policy == b.seed_policy && a.physical_batch == b.physical_batch &&
         a.accumulation_steps == b.accumulation_steps && a.precision == b.precision &&
         a.device_state == b.device_state;
}

void CheckTooFew(Reasons& reasons, CohortRule rule, CohortSide side, std::size_t runs,
                 std::size_t min_runs) {
  if (runs >= min_runs) return;
  reasons.Add({rule, side, 0, runs,
               "the " + SideName(side) + " has " + std::to_string(runs) +
                   " runs; a comparison needs at least " + std::to_string(min_runs)});
}

void CheckRunIds(Reasons& reasons, std::span<const RunAt> runs) {
  boost::unordered_flat_set<std::string_view, util::SeededHash, std::equal_to<>> seen;
  seen.reserve(runs.size());
  for (const RunAt& run : runs) {
    if (!seen.insert(run.facts.document->run().run_id).second) {
      reasons.Count(CohortRule::kDuplicateRunId, run, "repeats an earlier run's run_id");
    }
  }
  reasons.Close();
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
  CheckRunIds(reasons, runs);
  CheckSame(reasons, runs, CohortRule::kDifferentEntrypoint, "has another entrypoint",
            [](const TraceRunMeta& a, const TraceRunMeta& b) { return a.entrypoint == b.entrypoint; });
  CheckSame(reasons, runs, CohortRule::kDifferentPhase, "has another phase",
            [](const TraceRunMeta& a, const TraceRunMeta& b) { return a.phase == b.phase; });
  CheckSame(reasons, runs, CohortRule::kDifferentDevice, "has another device",
            [](const TraceRunMeta& a, const TraceRunMeta& b) { return a.device == b.device; });
  CheckSame(reasons, runs, CohortRule::kDifferentTimingMode, "has another timing_mode",
            [](const TraceRunMeta& a, const TraceRunMeta& b) { return a.timing_mode == b.timing_mode; });
  CheckSame(reasons, runs, CohortRule::kDifferentSynchronization,
            "has another measured_region_device_synchronized",
            [](const TraceRunMeta& a, const TraceRunMeta& b) {
              return a.measured_region_device_synchronized == b.measured_region_device_synchronized;
            });
  CheckSame(reasons, runs, CohortRule::kDifferentWarmup, "has another warmup_steps",
            [](const TraceRunMeta& a, const TraceRunMeta& b) { return a.warmup_steps == b.warmup_steps; });
  CheckSame(reasons, runs, CohortRule::kDifferentCaptureStep, "has another capture_step",
            [](const TraceRunMeta& a, const TraceRunMeta& b) { return a.capture_step == b.capture_step; });
  CheckSame(reasons, runs, CohortRule::kDifferentCaptureContract, "has another capture_contract",
            [](const TraceRunMeta& a, const TraceRunMeta& b) {
              return a.capture_contract == b.capture_contract;
            });
  CheckEach(reasons, runs, CohortRule::kCaptureIncomplete, "is not a complete capture",
            [](const RunFacts& facts) { return !facts.complete; });
  CheckEach(reasons, runs, CohortRule::kStructurallyInvalid, "is not structurally valid",
            [](const RunFacts& facts) { return !facts.structurally_valid; });
  CheckEach(reasons, runs, CohortRule::kNotProductionEquivalent,
            "does not declare measurement_scope production_equivalent",
            [](const RunFacts& facts) {
              return facts.document->run().capture_contract.measurement_scope !=
                     MeasurementScope::kProductionEquivalent;
            });
  CheckEach(reasons, runs, CohortRule::kNotOneMeasuredSpan, "has not exactly one measured span",
            [](const RunFacts& facts) { return facts.measured_spans != 1; });
  CheckEach(reasons, runs, CohortRule::kMeasuredSpanOpen, "has its measured span open",
            [](const RunFacts& facts) { return facts.measured_spans == 1 && !facts.measured_closed; });
  CheckEach(reasons, runs, CohortRule::kMissingComparisonIdentity,
            "declares no comparison_identity",
            [](const RunFacts& facts) { return !facts.document->run().comparison_identity; });
  const RunAt* reference = nullptr;
  for (const RunAt& run : runs) {
    if (run.facts.document->run().comparison_identity) {
      reference = &run;
      break;
    }
  }
  if (reference != nullptr) {
    const ComparisonIdentity& first = *reference->facts.document->run().comparison_identity;
    CheckEach(reasons, runs, CohortRule::kDifferentComparisonIdentity,
              "has another comparison_identity (workload, model, config, data, seed policy, "
              "batch, accumulation, precision or device state)",
              [&](const RunFacts& facts) {
                const std::optional<ComparisonIdentity>& identity =
                    facts.document->run().comparison_identity;
                return identity && !SameWorkload(first, *identity);
              });
  }
  std::vector<std::pair<std::size_t, std::size_t>> pairs =
      PairRuns(reasons, baseline, runs);
  return {std::move(reasons).Take(), std::move(pairs)};
}

}  // namespace tracedoc::cohort
