// tracedoc_write_golden_cohorts DIR: writes the runs of the cohort cases (DIR is
// tests/golden_comparisons/cohorts) with the cohort tests' seeded runs
// (tests/cohort/cohort_test_runs.hpp), so that each case's inputs can be made again exactly.
// The committed files are the inputs; this only says where they came from. Each case's README
// is written by hand.
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "cohort/cohort_test_runs.hpp"

namespace {

using tracedoc::testing::CohortRun;
using tracedoc::testing::DrawCohort;

struct CohortCase {
  std::string name;
  std::vector<CohortRun> baseline;
  std::vector<CohortRun> candidate;
};

void GivePairIds(std::vector<CohortRun>& runs) {
  for (std::size_t i = 0; i < runs.size(); ++i) runs[i].pair_id = "p" + std::to_string(i);
}

// Two cohorts drawn from one seed, the baseline first: its runs around 10 ms (matmul 4 ms, relu
// 0.4 ms), the candidate's around the means given.
CohortCase Draw(std::string name, std::uint64_t seed, int baseline_runs, int candidate_runs,
                std::uint64_t candidate_ns = 10'000'000,
                std::uint64_t candidate_matmul_ns = 4'000'000) {
  std::mt19937_64 engine(seed);
  std::vector<CohortRun> baseline =
      DrawCohort("base", baseline_runs, 10'000'000, 4'000'000, 400'000, engine);
  std::vector<CohortRun> candidate =
      DrawCohort("cand", candidate_runs, candidate_ns, candidate_matmul_ns, 400'000, engine);
  return {std::move(name), std::move(baseline), std::move(candidate)};
}

std::vector<CohortCase> Cases() {
  std::vector<CohortCase> cases;
  cases.push_back(Draw("01-clear-slowdown", 1, 10, 10, 12'500'000, 5'000'000));
  cases.push_back(Draw("02-no-change", 2, 5, 5));

  CohortCase paired = Draw("03-paired-by-pair-id", 3, 6, 6, 11'000'000);
  GivePairIds(paired.baseline);
  GivePairIds(paired.candidate);
  cases.push_back(std::move(paired));

  cases.push_back(Draw("04-clear-speedup", 4, 8, 8, 8'000'000, 3'000'000));

  // Every candidate run but the first breaks a rule of its own; the baseline repeats a run id.
  CohortCase ineligible = Draw("05-ineligible-several-reasons", 5, 5, 5);
  ineligible.baseline[4].run_id = ineligible.baseline[0].run_id;
  ineligible.candidate[1].entrypoint = "bench::other_step";
  ineligible.candidate[2].measurement_scope = "profiled_work";
  ineligible.candidate[3].identity = false;
  ineligible.candidate[4].failed = true;
  cases.push_back(std::move(ineligible));

  cases.push_back(Draw("06-too-few-runs", 6, 3, 2, 12'000'000));

  // The third candidate run ends a span it never started: it does not fold.
  CohortCase rejected = Draw("07-rejected-run", 7, 5, 5);
  rejected.candidate[2].text_edits = {{R"("id":"root","duration_ns")", R"("id":"roots","duration_ns")"}};
  cases.push_back(std::move(rejected));

  // Every run has a pair id, but the candidate's p4 is q4: no partner.
  CohortCase unmatched = Draw("08-unmatched-pair-ids", 8, 5, 5);
  GivePairIds(unmatched.baseline);
  GivePairIds(unmatched.candidate);
  unmatched.candidate[4].pair_id = "q4";
  cases.push_back(std::move(unmatched));

  // Issue 42, item 7: matmul 40 % slower in every candidate run (4 ms ± 10 % against 5.6 ms
  // ± 10 %: no overlap), the rest drawn alike.
  cases.push_back(Draw("09-one-op-40pct-slower", 9, 5, 5, 10'000'000, 5'600'000));
  return cases;
}

bool WriteRuns(const std::filesystem::path& folder, const std::vector<CohortRun>& runs) {
  std::filesystem::create_directories(folder);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    std::ofstream out(folder / ("run-" + std::to_string(i) + ".jsonl"), std::ios::binary);
    out << tracedoc::testing::CohortRunJsonl(runs[i]);
    if (!out) return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: tracedoc_write_golden_cohorts DIR\n");
    return 2;
  }
  for (const CohortCase& cohort_case : Cases()) {
    const std::filesystem::path case_dir = std::filesystem::path(argv[1]) / cohort_case.name;
    if (!WriteRuns(case_dir / "baseline", cohort_case.baseline) ||
        !WriteRuns(case_dir / "candidate", cohort_case.candidate)) {
      std::fprintf(stderr, "cannot write %s\n", case_dir.c_str());
      return 1;
    }
  }
  return 0;
}
