// What the cohort rules and estimates keep of one run (docs/compare.md): its measured region and
// the rules it breaks, decided when the run is read so that the run itself need not be kept.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include <boost/unordered/unordered_flat_set.hpp>

#include "tracedoc/event.hpp"
#include "tracedoc/cohort.hpp"
#include "tracedoc/document.hpp"
#include "util/seeded_hash.hpp"
#include "util/string_pool.hpp"

namespace tracedoc::cohort {

struct RunFacts {
  /// The rules this run breaks on its own or against the reference runs: bit `1 << rule`.
  /// Never the rules of a whole cohort (too few runs, unmatched pair ids).
  std::uint32_t broken = 0;
  /// The measured span's duration; 0 unless there is exactly one, closed.
  std::uint64_t measured_ns = 0;
  /// comparison_identity.pair_id, when declared.
  std::optional<std::string> pair_id{};

  bool Breaks(CohortRule rule) const noexcept {
    return (broken >> static_cast<unsigned>(rule) & 1u) != 0;
  }
};

/// Reads runs one after the other. The rules that compare runs compare each with a reference:
/// the first run read (its entrypoint, phase, …, capture contract), and the first run read that
/// has a comparison identity; a run_id already read breaks kDuplicateRunId. The references'
/// metadata and the run ids are copied, so no run need outlive its Read.
class RunFactsReader {
 public:
  RunFactsReader() = default;
  RunFactsReader(const RunFactsReader&) = delete;
  RunFactsReader& operator=(const RunFactsReader&) = delete;

  /// One pass over the run's spans, and its health.
  RunFacts Read(const TraceDocument& document);

 private:
  util::StringPool pool_;
  /// The first run's metadata and the first comparison identity's run's, owned by pool_.
  std::optional<MetaRecord> reference_;
  std::optional<MetaRecord> identity_reference_;
  boost::unordered_flat_set<std::string_view, util::SeededHash, std::equal_to<>> run_ids_;
};

}  // namespace tracedoc::cohort
