#include "cohort/part_tally.hpp"

#include <algorithm>

#include "util/saturating.hpp"

namespace tracedoc::cohort {

void PartTally::Totals::AddRun(const boost::unordered_flat_map<std::uint32_t, std::uint64_t>& run) {
  for (const auto& [name, total] : run) {
    names.push_back(name);
    totals.push_back(total);
    if (name >= grand.size()) grand.resize(name + 1, 0);
    grand[name] = util::SaturatingAdd(grand[name], total);
  }
  offsets.push_back(names.size());
}

std::vector<PartTotals> PartTally::Totals::Largest(
    std::size_t limit, const std::function<bool(std::uint32_t, std::uint32_t)>& before,
    const std::function<std::string(std::uint32_t)>& spell) const {
  std::vector<std::uint32_t> ranked(grand.size());
  for (std::uint32_t name = 0; name < ranked.size(); ++name) ranked[name] = name;
  const std::size_t kept = std::min(limit, ranked.size());
  std::partial_sort(ranked.begin(), ranked.begin() + static_cast<std::ptrdiff_t>(kept),
                    ranked.end(), [&](std::uint32_t a, std::uint32_t b) {
                      return grand[a] != grand[b] ? grand[a] > grand[b] : before(a, b);
                    });
  ranked.resize(kept);
  const std::size_t run_count = offsets.size() - 1;
  // The place of each kept name among the results; kept.size() for the others.
  std::vector<std::size_t> place(grand.size(), kept);
  std::vector<PartTotals> largest;
  largest.reserve(kept);
  for (const std::uint32_t name : ranked) {
    place[name] = largest.size();
    largest.push_back({spell(name), std::vector<double>(run_count, 0.0)});
  }
  for (std::size_t run = 0; run < run_count; ++run) {
    for (std::size_t at = offsets[run]; at < offsets[run + 1]; ++at) {
      if (const std::size_t kept_at = place[names[at]]; kept_at < kept) {
        largest[kept_at].per_run[run] = static_cast<double>(totals[at]);
      }
    }
  }
  return largest;
}

void PartTally::Add(const TraceDocument& run) {
  using RunTotals = boost::unordered_flat_map<std::uint32_t, std::uint64_t>;
  if (overflowed_) {
    ops_.AddRun(RunTotals());
    paths_.AddRun(RunTotals());
    return;
  }
  RunTotals op_totals;
  for (const OpRecord& op : run.ops()) {
    auto found = op_numbers_.find(op.op_name);
    if (found == op_numbers_.end()) {
      const std::string& name = op_names_.emplace_back(op.op_name);
      found = op_numbers_.emplace(name, static_cast<std::uint32_t>(op_names_.size() - 1)).first;
    }
    std::uint64_t& total = op_totals[found->second];
    total = util::SaturatingAdd(total, op.duration_ns);
  }
  RunTotals path_totals;
  const std::vector<analysis::PathNode> placed = trie_.Place(run);
  const RecordList<SpanRecord> spans = run.spans();
  for (std::size_t s = 0; s < spans.size(); ++s) {
    if (placed[s] == analysis::kNoPathNode) continue;
    std::uint64_t& total = path_totals[placed[s]];
    total = util::SaturatingAdd(total, spans[s].duration_ns);
  }
  const std::size_t kept = ops_.names.size() + paths_.names.size();
  if (op_totals.size() + path_totals.size() > most_kept_totals_ - std::min(kept, most_kept_totals_)) {
    overflowed_ = true;
    op_totals.clear();
    path_totals.clear();
  }
  ops_.AddRun(op_totals);
  paths_.AddRun(path_totals);
}

std::vector<PartTotals> PartTally::LargestOpNames(std::size_t limit) const {
  return ops_.Largest(
      limit, [&](std::uint32_t a, std::uint32_t b) { return op_names_[a] < op_names_[b]; },
      [&](std::uint32_t name) { return op_names_[name]; });
}

std::vector<PartTotals> PartTally::LargestSpanPaths(std::size_t limit) const {
  // Trie nodes are numbered in order of first appearance.
  return paths_.Largest(
      limit, std::less<>(), [&](std::uint32_t node) { return trie_.Path(node); });
}

}  // namespace tracedoc::cohort
