// The parts of the runs a cohort comparison estimates beyond the measured region
// (docs/compare.md, "Many comparisons"): the op names and span paths with the largest total time
// over all runs, and each one's total in each run. Runs are added one at a time and not kept:
// each leaves its totals per name, interned, so the parts can be chosen once every run is in.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>

#include "analysis/path_trie.hpp"
#include "tracedoc/document.hpp"
#include "util/seeded_hash.hpp"

namespace tracedoc::cohort {

/// One estimated part: its name as printed, and its total duration_ns in each run, in the
/// order the runs were added (0 where a run lacks it).
struct PartTotals {
  std::string name;
  std::vector<double> per_run;
};

/// Every run's total per op name and per span path, kept as (name number, total) pairs: 12
/// bytes per distinct name of a run, plus one entry per distinct name of all runs.
class PartTally {
 public:
  /// The most totals kept over all runs by default: 2^22, 48 MiB (docs/compare.md, "Streaming").
  static constexpr std::size_t kMostKeptTotals = std::size_t{1} << 22;

  explicit PartTally(std::size_t most_kept_totals = kMostKeptTotals)
      : most_kept_totals_(most_kept_totals) {}
  PartTally(const PartTally&) = delete;
  PartTally& operator=(const PartTally&) = delete;
  // Moving a deque keeps its strings where they are: the views of op_numbers_ stay good.
  PartTally(PartTally&&) = default;
  PartTally& operator=(PartTally&&) = default;

  /// Tallies one run (one pass over its ops and its spans); the document may go after.
  void Add(const TraceDocument& run);

  std::size_t runs() const noexcept { return ops_.offsets.size() - 1; }
  /// Whether a run would have taken the totals kept past the most allowed: from that run on, no
  /// totals are kept (nor names learnt), and the parts cannot be compared.
  bool overflowed() const noexcept { return overflowed_; }

  /// The op names with the largest total over every run, at most `limit`, largest first (ties
  /// by name), with each run's total.
  std::vector<PartTotals> LargestOpNames(std::size_t limit) const;

  /// The span paths (docs/diff.md §3, one trie over every run) with the largest total of their
  /// spans' duration_ns (an open span adds 0; ties by first appearance: the first run's
  /// pre-order, then the next run's new paths), the same way.
  std::vector<PartTotals> LargestSpanPaths(std::size_t limit) const;

 private:
  /// Per-run totals of one kind of name, names numbered in order of first appearance.
  struct Totals {
    /// Run r's pairs are [offsets[r], offsets[r + 1]).
    std::vector<std::size_t> offsets{0};
    std::vector<std::uint32_t> names;
    std::vector<std::uint64_t> totals;
    /// By name number: the total over every run.
    std::vector<std::uint64_t> grand;

    /// Appends one run's totals, given as name number → total.
    void AddRun(const boost::unordered_flat_map<std::uint32_t, std::uint64_t>& run);
    /// The `limit` name numbers with the largest grand totals (ties by `before`), and each
    /// one's total per run, spelt by `spell`.
    std::vector<PartTotals> Largest(std::size_t limit,
                                    const std::function<bool(std::uint32_t, std::uint32_t)>& before,
                                    const std::function<std::string(std::uint32_t)>& spell) const;
  };

  std::size_t most_kept_totals_;
  bool overflowed_ = false;
  Totals ops_;
  Totals paths_;
  /// Op names by number (a deque: its strings never move, so the index may view them).
  std::deque<std::string> op_names_;
  boost::unordered_flat_map<std::string_view, std::uint32_t, util::SeededHash, std::equal_to<>>
      op_numbers_;
  analysis::PathTrie trie_{analysis::PathTrie::Names::kOwned};
};

}  // namespace tracedoc::cohort
