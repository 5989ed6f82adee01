// Cohorts drawn for the cohort tests: runs whose measured time (and ops' times) vary around a
// mean by a seeded, platform-independent noise, folded into documents.
#ifndef TRACEDOC_TESTS_COHORT_COHORT_TEST_RUNS_HPP_
#define TRACEDOC_TESTS_COHORT_COHORT_TEST_RUNS_HPP_

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "support/cohort_runs.hpp"
#include "support/fold_trace.hpp"
#include "tracedoc/document.hpp"

namespace tracedoc::testing {

/// Noise in [-1, 1) with a bell shape (the mean of four uniforms, rescaled): mt19937_64's
/// output is fixed by the standard, so every platform draws the same cohorts.
inline double BellNoise(std::mt19937_64& engine) {
  double sum = 0;
  for (int i = 0; i < 4; ++i) sum += static_cast<double>(engine() >> 11) * 0x1.0p-53;
  return sum / 2 - 1;
}

/// `runs` runs named `<prefix>-<i>`: measured time `mean_ns` ± 10 %, a `matmul` op of
/// `matmul_ns` ± 10 % and a `relu` op of `relu_ns` ± 10 %, each varying on its own.
inline std::vector<CohortRun> DrawCohort(const std::string& prefix, int runs,
                                         std::uint64_t mean_ns, std::uint64_t matmul_ns,
                                         std::uint64_t relu_ns, std::mt19937_64& engine) {
  std::vector<CohortRun> cohort;
  for (int i = 0; i < runs; ++i) {
    CohortRun run{.run_id = prefix + "-" + std::to_string(i)};
    const auto vary = [&](std::uint64_t value) {
      return static_cast<std::uint64_t>(static_cast<double>(value) * (1 + 0.1 * BellNoise(engine)));
    };
    run.measured_ns = vary(mean_ns);
    run.ops = {{"matmul", vary(matmul_ns)}, {"relu", vary(relu_ns)}};
    cohort.push_back(std::move(run));
  }
  return cohort;
}

/// The runs folded, kept alive together with pointers to them for CompareCohorts.
struct FoldedCohort {
  std::vector<TraceDocument> documents;
  std::vector<const TraceDocument*> pointers;
};

inline FoldedCohort Fold(const std::vector<CohortRun>& runs) {
  FoldedCohort folded;
  folded.documents.reserve(runs.size());
  for (const CohortRun& run : runs) folded.documents.push_back(FoldTrace(CohortRunJsonl(run)));
  for (const TraceDocument& document : folded.documents) folded.pointers.push_back(&document);
  return folded;
}

}  // namespace tracedoc::testing

#endif  // TRACEDOC_TESTS_COHORT_COHORT_TEST_RUNS_HPP_
